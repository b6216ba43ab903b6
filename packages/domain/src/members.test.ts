import { describe, expect, it } from 'vitest';
import {
  CORE_MEMBER_FIELDS,
  CUSTOM_FIELD_BULK_MAX,
  CUSTOM_FIELD_MESSAGES,
  CUSTOM_FIELD_STR_LEN_DEFAULT,
  CUSTOM_FIELD_STR_LEN_MAX,
  type CustomFieldDefinition,
  type CustomFieldType,
  checkCustomFieldValue,
  customFieldBulkCreateSchema,
  customFieldCreateSchema,
  customFieldListQuerySchema,
  customFieldUpdateSchema,
  FIELD_MAPPING_MESSAGES,
  fieldMappingCreateSchema,
  isCalendarDate,
  isCoreMemberField,
  MEMBER_GENDERS,
  MEMBER_MESSAGES,
  MEMBER_TEXT_MAX,
  memberCreateSchema,
  parseBulkFieldsJson,
} from './members.ts';

const field = (type: CustomFieldType, extra: Partial<CustomFieldDefinition> = {}): CustomFieldDefinition => ({
  name: 'plan_note',
  type,
  friendly_name: 'Plan note',
  str_len: null,
  nullable: true,
  ...extra,
});

/** The first issue's message of a failed parse (the parse must fail). */
function firstError(result: { success: boolean; error?: { issues: { message: string }[] } }): string {
  expect(result.success).toBe(false);
  return result.error?.issues[0]?.message ?? '';
}

describe('isCalendarDate', () => {
  it('accepts real days, including 29 February of leap years', () => {
    for (const ok of ['2024-01-01', '2024-02-29', '2000-02-29', '1999-12-31', '2024-04-30'])
      expect(isCalendarDate(ok), ok).toBe(true);
  });

  it('refuses days that do not exist', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '2024-13-01', '2024-00-10'])
      expect(isCalendarDate(bad), bad).toBe(false);
    expect(isCalendarDate('2024-01-00')).toBe(false);
  });

  it('refuses anything that is not exactly YYYY-MM-DD', () => {
    for (const bad of [
      '2024-1-5',
      '2024/01/05',
      '01/05/2024',
      '2024-01-05T00:00',
      ' 2024-01-05',
      '',
      'today',
    ])
      expect(isCalendarDate(bad), bad).toBe(false);
  });
});

describe('isCoreMemberField', () => {
  it('knows the built-in member fields, and only those', () => {
    for (const f of CORE_MEMBER_FIELDS) expect(isCoreMemberField(f), f).toBe(true);
    for (const f of ['id', 'custom_fields', 'First_Name', 'firstname', 'plan_note', ''])
      expect(isCoreMemberField(f), f).toBe(false);
  });
});

describe('checkCustomFieldValue: empty values and nullable', () => {
  it('turns empty input into null when the field is nullable', () => {
    for (const type of ['str', 'int', 'bool', 'date', 'datetime', 'time', 'fixed_date'] as const)
      for (const empty of [null, undefined, '', '   '])
        expect(checkCustomFieldValue(field(type), empty), `${type} ${String(empty)}`).toEqual({
          value: null,
        });
  });

  it('refuses empty input when the field is not nullable, naming the field', () => {
    for (const empty of [null, undefined, '', '  \t'])
      expect(checkCustomFieldValue(field('str', { nullable: false }), empty)).toEqual({
        error: MEMBER_MESSAGES.fieldRequired('Plan note'),
      });
    expect(MEMBER_MESSAGES.fieldRequired('Plan note')).toBe('Plan note is required');
  });

  it('does not treat false or 0 as empty', () => {
    expect(checkCustomFieldValue(field('bool', { nullable: false }), false)).toEqual({ value: false });
    expect(checkCustomFieldValue(field('int', { nullable: false }), 0)).toEqual({ value: 0 });
  });
});

describe('checkCustomFieldValue: str', () => {
  it(`allows ${CUSTOM_FIELD_STR_LEN_DEFAULT} characters when no length is set, not one more`, () => {
    const ok = 'a'.repeat(CUSTOM_FIELD_STR_LEN_DEFAULT);
    expect(checkCustomFieldValue(field('str'), ok)).toEqual({ value: ok });
    expect(checkCustomFieldValue(field('str'), `${ok}a`)).toEqual({
      error: `Plan note must be at most ${CUSTOM_FIELD_STR_LEN_DEFAULT} characters.`,
    });
  });

  it('uses the field’s own length limit', () => {
    expect(checkCustomFieldValue(field('str', { str_len: 5 }), 'abcde')).toEqual({ value: 'abcde' });
    expect(checkCustomFieldValue(field('str', { str_len: 5 }), 'abcdef')).toEqual({
      error: 'Plan note must be at most 5 characters.',
    });
    const long = 'b'.repeat(300);
    expect(checkCustomFieldValue(field('str', { str_len: CUSTOM_FIELD_STR_LEN_MAX }), long)).toEqual({
      value: long,
    });
  });

  it('keeps numbers as text and refuses other kinds of value', () => {
    expect(checkCustomFieldValue(field('str'), 42)).toEqual({ value: '42' });
    expect(checkCustomFieldValue(field('str'), '  Shelter ')).toEqual({ value: 'Shelter' });
    for (const bad of [true, { a: 1 }, ['x']])
      expect(checkCustomFieldValue(field('str'), bad)).toEqual({ error: 'Plan note must be text.' });
  });
});

describe('checkCustomFieldValue: int', () => {
  it('accepts whole numbers as numbers or as text', () => {
    expect(checkCustomFieldValue(field('int'), 7)).toEqual({ value: 7 });
    expect(checkCustomFieldValue(field('int'), -3)).toEqual({ value: -3 });
    expect(checkCustomFieldValue(field('int'), ' 42 ')).toEqual({ value: 42 });
    expect(checkCustomFieldValue(field('int'), '-15')).toEqual({ value: -15 });
    expect(checkCustomFieldValue(field('int'), '007')).toEqual({ value: 7 });
  });

  it('refuses fractions, words, unsafe integers and other kinds of value', () => {
    for (const bad of [1.5, '1.5', '1e3', '12abc', 'ten', '+5', '9007199254740993', Number.NaN, true])
      expect(checkCustomFieldValue(field('int'), bad), String(bad)).toEqual({
        error: 'Plan note must be a whole number.',
      });
  });
});

describe('checkCustomFieldValue: bool', () => {
  it('reads yes/no words in any case and 1/0', () => {
    for (const yes of [true, 'true', 'TRUE', 'Yes', 'y', '1', ' yes ', 1])
      expect(checkCustomFieldValue(field('bool'), yes), String(yes)).toEqual({ value: true });
    for (const no of [false, 'false', 'No', 'N', '0', 0])
      expect(checkCustomFieldValue(field('bool'), no), String(no)).toEqual({ value: false });
  });

  it('refuses anything else', () => {
    for (const bad of ['maybe', 'on', '2', 2, 'yess'])
      expect(checkCustomFieldValue(field('bool'), bad), String(bad)).toEqual({
        error: 'Plan note must be yes or no.',
      });
  });
});

describe('checkCustomFieldValue: date', () => {
  it('accepts a calendar day as YYYY-MM-DD, trimmed', () => {
    expect(checkCustomFieldValue(field('date'), '2024-02-29')).toEqual({ value: '2024-02-29' });
    expect(checkCustomFieldValue(field('date'), ' 2024-03-05 ')).toEqual({ value: '2024-03-05' });
  });

  it('refuses impossible days, other formats and non-text', () => {
    for (const bad of ['2024-02-30', '2023-02-29', '03/05/2024', '2024-3-5', 20240305])
      expect(checkCustomFieldValue(field('date'), bad), String(bad)).toEqual({
        error: 'Plan note must be a date (YYYY-MM-DD).',
      });
  });
});

describe('checkCustomFieldValue: datetime', () => {
  const error = { error: 'Plan note must be a date and time (YYYY-MM-DDTHH:MM).' };

  it('normalises a date and time to an ISO timestamp in UTC', () => {
    expect(checkCustomFieldValue(field('datetime'), '2024-01-01T10:00Z')).toEqual({
      value: '2024-01-01T10:00:00.000Z',
    });
    expect(checkCustomFieldValue(field('datetime'), '2024-01-01T10:00:30.5+02:00')).toEqual({
      value: '2024-01-01T08:00:30.500Z',
    });
    expect(checkCustomFieldValue(field('datetime'), '2024-01-01 10:00Z')).toEqual({
      value: '2024-01-01T10:00:00.000Z',
    });
    // Without a zone: the server's local time, stored as UTC.
    expect(checkCustomFieldValue(field('datetime'), '2024-06-01T09:30')).toEqual({
      value: new Date('2024-06-01T09:30').toISOString(),
    });
  });

  it('refuses a date alone, impossible hours and months, words and non-text', () => {
    for (const bad of ['2024-01-01', '2024-01-01T25:00Z', '2024-13-01T10:00Z', 'now', '10:00', 1704103200000])
      expect(checkCustomFieldValue(field('datetime'), bad), String(bad)).toEqual(error);
  });

  // Date.parse alone would roll 2024-02-30 over to March 1st.
  it('refuses a day that does not exist (2024-02-30T10:00Z)', () => {
    expect(checkCustomFieldValue(field('datetime'), '2024-02-30T10:00Z')).toEqual(error);
    expect(checkCustomFieldValue(field('datetime'), '2023-02-29T08:00Z')).toEqual(error);
  });
});

describe('checkCustomFieldValue: time', () => {
  it('accepts HH:MM and HH:MM:SS on a 24-hour clock', () => {
    expect(checkCustomFieldValue(field('time'), '00:00')).toEqual({ value: '00:00' });
    expect(checkCustomFieldValue(field('time'), ' 23:59 ')).toEqual({ value: '23:59' });
    expect(checkCustomFieldValue(field('time'), '09:05:30')).toEqual({ value: '09:05:30' });
  });

  it('refuses impossible or differently written times', () => {
    for (const bad of ['24:00', '12:60', '9:30', '09:30:60', '09:30 PM', '0930', 930])
      expect(checkCustomFieldValue(field('time'), bad), String(bad)).toEqual({
        error: 'Plan note must be a time (HH:MM).',
      });
  });
});

describe('checkCustomFieldValue: fixed_date (a day of the year)', () => {
  it('accepts MM-DD, 29 February included', () => {
    for (const ok of ['01-01', '02-29', '12-31', '04-30'])
      expect(checkCustomFieldValue(field('fixed_date'), ok), ok).toEqual({ value: ok });
    expect(checkCustomFieldValue(field('fixed_date'), ' 07-04 ')).toEqual({ value: '07-04' });
  });

  it('refuses days that no year has, and other formats', () => {
    for (const bad of ['02-30', '04-31', '13-01', '00-10', '01-00', '1-5', '2024-02-29', '02/29', 229])
      expect(checkCustomFieldValue(field('fixed_date'), bad), String(bad)).toEqual({
        error: 'Plan note must be a day of the year (MM-DD).',
      });
  });
});

describe('parseBulkFieldsJson', () => {
  it('returns the elements of a JSON array, unchecked', () => {
    expect(parseBulkFieldsJson('[{"name":"plan","type":"str"}, 3]')).toEqual({
      fields: [{ name: 'plan', type: 'str' }, 3],
    });
    expect(parseBulkFieldsJson(' [] ')).toEqual({ fields: [] });
  });

  it('refuses text that is not JSON', () => {
    for (const bad of ['', '[{name: "plan"}]', '[1,]', 'not json'])
      expect(parseBulkFieldsJson(bad), bad).toEqual({ error: CUSTOM_FIELD_MESSAGES.invalidJson });
  });

  it('refuses JSON that is not an array', () => {
    for (const bad of ['{"name":"plan"}', '"plan"', '3', 'null'])
      expect(parseBulkFieldsJson(bad), bad).toEqual({ error: CUSTOM_FIELD_MESSAGES.invalidJson });
  });
});

describe('memberCreateSchema', () => {
  const valid = { first_name: ' Ada ', last_name: 'Lovelace' };

  it('requires both names, trimmed', () => {
    const parsed = memberCreateSchema.parse(valid);
    expect(parsed.first_name).toBe('Ada');
    for (const bad of [{ last_name: 'Lovelace' }, { first_name: 'Ada', last_name: '   ' }])
      expect(firstError(memberCreateSchema.safeParse(bad))).toBe(MEMBER_MESSAGES.namesRequired);
  });

  it('turns empty optional values into null and custom fields into an empty record', () => {
    const parsed = memberCreateSchema.parse({ ...valid, email: '', phone_no: '  ', race: null, dob: '' });
    expect(parsed).toMatchObject({ email: null, phone_no: null, race: null, dob: null, gender: null });
    expect(parsed.custom_fields).toEqual({});
  });

  it('checks email, date of birth and gender', () => {
    expect(firstError(memberCreateSchema.safeParse({ ...valid, email: 'ada@example' }))).toBe(
      MEMBER_MESSAGES.emailInvalid,
    );
    expect(memberCreateSchema.parse({ ...valid, email: ' ada@example.org ' }).email).toBe('ada@example.org');
    expect(firstError(memberCreateSchema.safeParse({ ...valid, dob: '2023-02-29' }))).toBe(
      'Must be a date (YYYY-MM-DD).',
    );
    expect(memberCreateSchema.parse({ ...valid, dob: '2024-02-29' }).dob).toBe('2024-02-29');
    for (const g of MEMBER_GENDERS) expect(memberCreateSchema.parse({ ...valid, gender: g }).gender).toBe(g);
    expect(firstError(memberCreateSchema.safeParse({ ...valid, gender: 'male' }))).toBe(
      MEMBER_MESSAGES.genderInvalid,
    );
  });

  it('limits text lengths and refuses unknown keys', () => {
    expect(memberCreateSchema.safeParse({ ...valid, race: 'r'.repeat(MEMBER_TEXT_MAX) }).success).toBe(true);
    expect(
      firstError(memberCreateSchema.safeParse({ ...valid, race: 'r'.repeat(MEMBER_TEXT_MAX + 1) })),
    ).toBe(`Must be at most ${MEMBER_TEXT_MAX} characters.`);
    expect(memberCreateSchema.safeParse({ ...valid, medicaid_id: 'm'.repeat(65) }).success).toBe(false);
    expect(memberCreateSchema.safeParse({ ...valid, phone_no: '1'.repeat(41) }).success).toBe(false);
    expect(memberCreateSchema.safeParse({ ...valid, nickname: 'Ada' }).success).toBe(false);
  });
});

describe('customFieldCreateSchema', () => {
  const valid = { name: 'plan_tier', type: 'str', friendly_name: 'Plan tier' };

  it('fills the defaults', () => {
    expect(customFieldCreateSchema.parse(valid)).toEqual({
      ...valid,
      category: null,
      default_value: null,
      mandatory: false,
      str_len: undefined,
      nullable: true,
      hidden: false,
    });
  });

  it('takes names of lowercase letters, digits and underscores that are not built-in fields', () => {
    for (const bad of ['Plan', 'plan-tier', 'plan tier', ''])
      expect(firstError(customFieldCreateSchema.safeParse({ ...valid, name: bad })), bad).toBe(
        CUSTOM_FIELD_MESSAGES.nameInvalid,
      );
    expect(firstError(customFieldCreateSchema.safeParse({ ...valid, name: 'medicaid_id' }))).toBe(
      CUSTOM_FIELD_MESSAGES.nameIsCoreField('medicaid_id'),
    );
    expect(customFieldCreateSchema.parse({ ...valid, name: ' tier_2 ' }).name).toBe('tier_2');
  });

  it('requires a display name and a known type', () => {
    expect(firstError(customFieldCreateSchema.safeParse({ ...valid, friendly_name: '  ' }))).toBe(
      CUSTOM_FIELD_MESSAGES.friendlyNameRequired,
    );
    expect(firstError(customFieldCreateSchema.safeParse({ ...valid, type: 'float' }))).toBe(
      'Choose one of: str, int, bool, date, datetime, time, fixed_date.',
    );
  });

  it(`keeps str_len from 1 to ${CUSTOM_FIELD_STR_LEN_MAX}`, () => {
    for (const ok of [1, CUSTOM_FIELD_STR_LEN_MAX])
      expect(customFieldCreateSchema.parse({ ...valid, str_len: ok }).str_len).toBe(ok);
    for (const bad of [0, CUSTOM_FIELD_STR_LEN_MAX + 1, 2.5, '20'])
      expect(firstError(customFieldCreateSchema.safeParse({ ...valid, str_len: bad })), String(bad)).toBe(
        CUSTOM_FIELD_MESSAGES.strLenRange,
      );
  });

  it('stores the default value as text and an empty one as null', () => {
    expect(customFieldCreateSchema.parse({ ...valid, default_value: 3 }).default_value).toBe('3');
    expect(customFieldCreateSchema.parse({ ...valid, default_value: false }).default_value).toBe('false');
    expect(customFieldCreateSchema.parse({ ...valid, default_value: '' }).default_value).toBeNull();
  });

  it('lets an edit send name and type but not unknown keys', () => {
    expect(customFieldUpdateSchema.safeParse({ ...valid }).success).toBe(true);
    expect(customFieldUpdateSchema.safeParse({ ...valid, id: 3 }).success).toBe(false);
  });
});

describe('customFieldBulkCreateSchema', () => {
  const one = { name: 'plan_tier', type: 'str', friendly_name: 'Plan tier' };

  it(`takes 1 to ${CUSTOM_FIELD_BULK_MAX} definitions, each checked`, () => {
    expect(customFieldBulkCreateSchema.safeParse([one]).success).toBe(true);
    expect(firstError(customFieldBulkCreateSchema.safeParse([]))).toBe('Add at least one field.');
    expect(
      firstError(
        customFieldBulkCreateSchema.safeParse(Array.from({ length: CUSTOM_FIELD_BULK_MAX + 1 }, () => one)),
      ),
    ).toBe(`At most ${CUSTOM_FIELD_BULK_MAX} fields at once.`);
    expect(firstError(customFieldBulkCreateSchema.safeParse([{ ...one, name: 'email' }]))).toBe(
      CUSTOM_FIELD_MESSAGES.nameIsCoreField('email'),
    );
    expect(firstError(customFieldBulkCreateSchema.safeParse({ fields: [one] }))).toBe(
      CUSTOM_FIELD_MESSAGES.invalidJson,
    );
  });
});

describe('customFieldListQuerySchema', () => {
  it('reads include_hidden from "true"/"false", true by default', () => {
    expect(customFieldListQuerySchema.parse({}).include_hidden).toBe(true);
    expect(customFieldListQuerySchema.parse({ include_hidden: 'false' }).include_hidden).toBe(false);
    expect(firstError(customFieldListQuerySchema.safeParse({ include_hidden: 'no' }))).toBe(
      'Must be true or false.',
    );
  });
});

describe('fieldMappingCreateSchema', () => {
  it('requires the member field and the external name; no source system means every source', () => {
    const parsed = fieldMappingCreateSchema.parse({ db_column: 'first_name', alternative: ' MBR_FIRST_NM ' });
    expect(parsed).toEqual({
      db_column: 'first_name',
      alternative: 'MBR_FIRST_NM',
      source_system: '',
      description: null,
      is_active: true,
    });
    expect(fieldMappingCreateSchema.parse({ ...parsed, source_system: null }).source_system).toBe('');
    for (const bad of [{ alternative: 'X' }, { db_column: 'first_name', alternative: '  ' }])
      expect(firstError(fieldMappingCreateSchema.safeParse(bad))).toBe(FIELD_MAPPING_MESSAGES.required);
  });
});
