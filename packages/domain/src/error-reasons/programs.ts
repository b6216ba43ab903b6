import type { ErrorCode } from '../errors.ts';

/**
 * Error reasons of programs and their billing activities (care area, modules/care/programs): each names one
 * specific refusal and the generic code (hence the HTTP status) it answers with.
 */
export const PROGRAMS_ERROR_REASONS = {
  /** Also another organization's program: 404, so ids cannot be probed. */
  'program.not_found': 'not_found',
  /** 002 §6: staff and viewers read programs; only managers and administrators change them. */
  'program.manage_forbidden': 'forbidden',
  'program.invalid': 'validation_failed',
  /** DELETE of a program with enrollments without ?confirm=true (they would be deleted with it). */
  'program.has_enrollments': 'conflict',
  /** Activating an enrollment in a program whose active enrollments already fill its capacity. */
  'program.at_capacity': 'conflict',
  'program.inactive': 'rule_broken',
  /** Enrolling past capacity is for managers and administrators. */
  'program.capacity_override_forbidden': 'forbidden',
  'billing_activity.not_found': 'not_found',
  'billing_activity.invalid': 'validation_failed',
} as const satisfies Record<string, ErrorCode>;
