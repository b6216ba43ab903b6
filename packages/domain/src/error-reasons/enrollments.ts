import type { ErrorCode } from '../errors.ts';

/** Error reasons of enrollments and their activities, documents, notes and goals (modules/care/enrollments). */
// Capacity and an inactive program are refused by the programs module's check with its reasons (program.at_capacity,
// program.inactive, program.capacity_override_forbidden, program.not_found).
export const ENROLLMENTS_ERROR_REASONS = {
  /** Also an enrollment of another organization, or one a staff member does not manage: ids cannot be probed. */
  'enrollment.not_found': 'not_found',
  'enrollment.member_not_found': 'not_found',
  /** The state machine's table does not allow the step (enrollments.ts ENROLLMENT_TRANSITIONS). */
  'enrollment.transition_refused': 'rule_broken',
  /** The step is a manager's (terminating). */
  'enrollment.transition_forbidden': 'forbidden',
  'enrollment.initial_status_invalid': 'rule_broken',
  /** The member has an open enrollment (pending, active, on hold) in the program. */
  'enrollment.duplicate': 'conflict',
  'enrollment.case_manager_invalid': 'bad_request',
  'enrollment.case_manager_forbidden': 'forbidden',
  'enrollment.member_program_fixed': 'rule_broken',
  'enrollment.dates_invalid': 'bad_request',
  'enrollment.delete_forbidden': 'forbidden',
  'enrollment_activity.not_found': 'not_found',
  'enrollment_activity.billing_activity_invalid': 'bad_request',
  'enrollment_document.not_found': 'not_found',
  'enrollment_document.invalid': 'bad_request',
  'enrollment_document.delete_forbidden': 'forbidden',
  'enrollment_note.not_found': 'not_found',
  'enrollment_note.author_only': 'forbidden',
  'enrollment_goal.not_found': 'not_found',
  /** The billable activities report's period holds more activities than one answer carries: a shorter one. */
  'billing_report.too_large': 'rule_broken',
} as const satisfies Record<string, ErrorCode>;
