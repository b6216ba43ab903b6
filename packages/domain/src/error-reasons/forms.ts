import type { ErrorCode } from '../errors.ts';

/** Error reasons of smart forms (care area, modules/care/forms; issue #16). */
export const FORMS_ERROR_REASONS = {
  /** Also another organization's template: 404, so ids cannot be probed. */
  'form_template.not_found': 'not_found',
  'form_template.version_not_found': 'not_found',
  'form_template.invalid': 'validation_failed',
  /** 002 §6: every member reads templates; managers and administrators change them. */
  'form_template.write_forbidden': 'forbidden',
  /** PUT without create_new_version on a version forms were started on: it is immutable. */
  'form_template.version_in_use': 'conflict',
  /** DELETE of a template with submitted forms: they are records; deactivate it instead. */
  'form_template.has_records': 'conflict',
  /** A save that sends back an older last_updated_ts than the current version's: someone saved in between. */
  'form_template.stale': 'conflict',
  'form_template.inactive': 'rule_broken',
  /** Also a form of an enrollment the caller does not see. */
  'form_instance.not_found': 'not_found',
  'form_instance.invalid': 'validation_failed',
  /** 002 §4: a submitted form is read-only. */
  'form_instance.not_editable': 'conflict',
  /** A save based on an older revision than the stored one: another person saved first. */
  'form_instance.stale': 'conflict',
  'form_instance.delete_not_draft': 'conflict',
  'form_instance.review_forbidden': 'forbidden',
  'form_instance.review_step_invalid': 'rule_broken',
  'form_instance.assignee_invalid': 'validation_failed',
  'form_analytics.other_organization': 'forbidden',
} as const satisfies Record<string, ErrorCode>;
