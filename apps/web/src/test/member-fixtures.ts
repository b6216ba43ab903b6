import type { CustomField, Member } from '@trust/domain';

export function makeMember(overrides: Partial<Member> = {}): Member {
  return {
    id: 12,
    first_name: 'Rosa',
    last_name: 'Delgado',
    email: 'rosa@example.test',
    phone_no: '(406) 555-0142',
    race: null,
    ethnicity: null,
    language: 'Spanish',
    dob: '1980-04-02',
    gender: 'Female',
    patient_no: '000123',
    medicaid_id: 'MC100001',
    custom_fields: {},
    created_ts: '2026-10-01T15:00:00.000Z',
    last_updated_ts: '2026-10-02T15:00:00.000Z',
    can_edit: true,
    can_delete: true,
    ...overrides,
  };
}

export function makeCustomField(overrides: Partial<CustomField> = {}): CustomField {
  return {
    id: 1,
    name: 'household_size',
    type: 'int',
    friendly_name: 'Household size',
    category: 'Housing',
    default_value: null,
    mandatory: false,
    str_len: null,
    nullable: true,
    hidden: false,
    ...overrides,
  };
}
