import type { ErrorCode } from '../errors.ts';

/** Error reasons of the member registry, custom fields, field mappings and member imports (modules/care/members). */
export const MEMBERS_ERROR_REASONS = {
  'member.invalid': 'bad_request',
  'member.medicaid_id_taken': 'conflict',
  'member.patient_no_taken': 'conflict',
  'custom_field.not_found': 'not_found',
  'custom_field.invalid': 'bad_request',
  'custom_field.name_taken': 'conflict',
  'field_mapping.not_found': 'not_found',
  'field_mapping.invalid': 'bad_request',
  'field_mapping.duplicate': 'conflict',
  'member_import.invalid_file': 'bad_request',
  'member_import.too_large': 'payload_too_large',
  'member_import.invalid_map': 'bad_request',
  'member_import.not_found': 'not_found',
  'member_import.not_startable': 'conflict',
  'member_import.not_cancellable': 'conflict',
} as const satisfies Record<string, ErrorCode>;
