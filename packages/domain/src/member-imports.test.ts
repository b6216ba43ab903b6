import { describe, expect, it } from 'vitest';
import {
  columnMapProblem,
  headerKey,
  type ImportedMember,
  importRowChecker,
  MEMBER_IMPORT_MESSAGES,
  matchColumns,
  memberFieldLabel,
  parseImportDate,
  parseImportGender,
} from './member-imports.ts';
import { type CustomFieldDefinition, MEMBER_MESSAGES, MEMBER_TEXT_MAX } from './members.ts';

const DAY_MS = 86_400_000;
/** The code's Excel epoch: serial n is this day plus n days. */
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const fromEpoch = (serial: number) => new Date(EXCEL_EPOCH_MS + serial * DAY_MS).toISOString().slice(0, 10);

describe('headerKey', () => {
  it('keeps lowercase letters and digits only', () => {
    expect(headerKey('Member First Name')).toBe('memberfirstname');
    expect(headerKey('member_first_name')).toBe('memberfirstname');
    expect(headerKey('MEMBERFIRSTNAME')).toBe('memberfirstname');
    expect(headerKey(' E-Mail (2) ')).toBe('email2');
    expect(headerKey('Né')).toBe('n');
    expect(headerKey('---')).toBe('');
  });
});

type Mapping = { db_column: string; alternative: string; source_system: string; is_active: boolean };
const mapping = (db_column: string, alternative: string, source_system = '', is_active = true): Mapping => ({
  db_column,
  alternative,
  source_system,
  is_active,
});
const fieldsOf = (matches: { column: string; field: string | null }[]) =>
  Object.fromEntries(matches.map((m) => [m.column, m.field]));

describe('matchColumns', () => {
  const customFields = [
    { name: 'plan_tier', friendly_name: 'Benefit Level' },
    { name: 'risk_score', friendly_name: 'Risk' },
  ];

  it('matches a custom field by its own name before a core field’s usual spelling', () => {
    const matches = matchColumns({
      columns: ['member_id', 'MRN'],
      mappings: [],
      sourceSystem: '',
      customFields: [{ name: 'member_id', friendly_name: 'Plan member ID' }],
    });
    expect(fieldsOf(matches)).toEqual({ member_id: 'member_id', MRN: 'patient_no' });
  });

  it('matches core fields by their usual spellings in plans’ files', () => {
    const columns = [
      'MBR_FIRST_NM',
      'Member Last Name',
      'DOB',
      'Sex',
      'CIN',
      'E-mail',
      'Phone Number',
      'MRN',
      'Preferred Language',
      'Race',
    ];
    const matches = matchColumns({ columns, mappings: [], sourceSystem: '', customFields: [] });
    expect(fieldsOf(matches)).toEqual({
      MBR_FIRST_NM: 'first_name',
      'Member Last Name': 'last_name',
      DOB: 'dob',
      Sex: 'gender',
      CIN: 'medicaid_id',
      'E-mail': 'email',
      'Phone Number': 'phone_no',
      MRN: 'patient_no',
      'Preferred Language': 'language',
      Race: 'race',
    });
    expect(matches.every((m) => m.matched_by === 'name')).toBe(true);
  });

  it('leaves columns it does not know unmatched, in file order', () => {
    expect(
      matchColumns({
        columns: ['Notes', 'first_name', 'Given'],
        mappings: [],
        sourceSystem: '',
        customFields,
      }),
    ).toEqual([
      { column: 'Notes', field: null, matched_by: null },
      { column: 'first_name', field: 'first_name', matched_by: 'name' },
      { column: 'Given', field: null, matched_by: null },
    ]);
  });

  it('matches a custom field by its name or by its display name', () => {
    const matches = matchColumns({
      columns: ['PLAN TIER', 'risk'],
      mappings: [],
      sourceSystem: '',
      customFields,
    });
    expect(fieldsOf(matches)).toEqual({ 'PLAN TIER': 'plan_tier', risk: 'risk_score' });
    expect(
      fieldsOf(matchColumns({ columns: ['benefit_level'], mappings: [], sourceSystem: '', customFields })),
    ).toEqual({ benefit_level: 'plan_tier' });
  });

  it('matches a field to one column at most, the first', () => {
    const matches = matchColumns({
      columns: ['First Name', 'first_name', 'FNAME', 'Risk', 'risk_score'],
      mappings: [],
      sourceSystem: '',
      customFields,
    });
    expect(fieldsOf(matches)).toEqual({
      'First Name': 'first_name',
      first_name: null,
      FNAME: null,
      Risk: 'risk_score',
      risk_score: null,
    });
  });

  it('matches through mappings first (case and spaces aside), before names', () => {
    const matches = matchColumns({
      columns: ['FNAME', ' preferred name ', 'Member Nbr'],
      mappings: [mapping('first_name', 'Preferred Name'), mapping('medicaid_id', 'MEMBER NBR')],
      sourceSystem: '',
      customFields: [],
    });
    expect(matches).toEqual([
      // FNAME would match first_name by name, but a mapping took first_name.
      { column: 'FNAME', field: null, matched_by: null },
      { column: ' preferred name ', field: 'first_name', matched_by: 'mapping' },
      { column: 'Member Nbr', field: 'medicaid_id', matched_by: 'mapping' },
    ]);
  });

  it('prefers the chosen source system’s mapping of a column over the one for every source', () => {
    const mappings = [mapping('patient_no', 'Member Nbr', ''), mapping('medicaid_id', 'Member Nbr', 'Acme')];
    const forAcme = matchColumns({
      columns: ['Member Nbr'],
      mappings,
      sourceSystem: 'Acme',
      customFields: [],
    });
    expect(forAcme).toEqual([{ column: 'Member Nbr', field: 'medicaid_id', matched_by: 'mapping' }]);
    // Another source system: only the mapping for every source applies.
    const forOther = matchColumns({
      columns: ['Member Nbr'],
      mappings,
      sourceSystem: 'Beta',
      customFields: [],
    });
    expect(forOther).toEqual([{ column: 'Member Nbr', field: 'patient_no', matched_by: 'mapping' }]);
    // No source system chosen: the Acme mapping does not apply either.
    const forNone = matchColumns({ columns: ['Member Nbr'], mappings, sourceSystem: '', customFields: [] });
    expect(forNone).toEqual([{ column: 'Member Nbr', field: 'patient_no', matched_by: 'mapping' }]);
  });

  it('ignores inactive mappings', () => {
    const matches = matchColumns({
      columns: ['Given', 'Member Nbr'],
      mappings: [
        mapping('first_name', 'Given', '', false),
        mapping('medicaid_id', 'Member Nbr', 'Acme', false),
      ],
      sourceSystem: 'Acme',
      customFields: [],
    });
    expect(fieldsOf(matches)).toEqual({ Given: null, 'Member Nbr': null });
  });

  it('falls back to the name when a column’s mapping points at a field already taken', () => {
    const matches = matchColumns({
      columns: ['Member Nbr', 'Alt Nbr', 'CIN'],
      mappings: [mapping('medicaid_id', 'Member Nbr'), mapping('medicaid_id', 'Alt Nbr')],
      sourceSystem: '',
      customFields: [],
    });
    expect(fieldsOf(matches)).toEqual({ 'Member Nbr': 'medicaid_id', 'Alt Nbr': null, CIN: null });
  });

  // 'Recipient Number' (a mapping for every source) comes first in the file; Acme's own mapping still wins.
  it('gives a field to the chosen source’s mapping even when a column mapped for every source comes first', () => {
    const matches = matchColumns({
      columns: ['Recipient Number', 'Member Nbr'],
      mappings: [
        mapping('medicaid_id', 'Recipient Number', ''),
        mapping('medicaid_id', 'Member Nbr', 'Acme'),
      ],
      sourceSystem: 'Acme',
      customFields: [],
    });
    expect(fieldsOf(matches)).toEqual({ 'Recipient Number': null, 'Member Nbr': 'medicaid_id' });
  });
});

describe('memberFieldLabel', () => {
  it('names core fields by their label, custom fields by their display name, others as written', () => {
    const customFields = [{ name: 'plan_tier', friendly_name: 'Plan tier' }];
    expect(memberFieldLabel('dob', customFields)).toBe('Date of birth');
    expect(memberFieldLabel('medicaid_id', customFields)).toBe('Medicaid ID');
    expect(memberFieldLabel('plan_tier', customFields)).toBe('Plan tier');
    expect(memberFieldLabel('nickname', customFields)).toBe('nickname');
  });
});

describe('columnMapProblem', () => {
  const columns = ['First', 'Last', 'CIN', 'MRN', 'Tier'];
  const customFields = [{ name: 'plan_tier', friendly_name: 'Plan tier' }];
  const problem = (columnMap: Record<string, string>) =>
    columnMapProblem({ columns, columnMap, customFields });
  const names = { First: 'first_name', Last: 'last_name' };

  it('accepts names and an identifier (either one), with custom fields', () => {
    expect(problem({ ...names, CIN: 'medicaid_id' })).toBeNull();
    expect(problem({ ...names, MRN: 'patient_no' })).toBeNull();
    expect(problem({ ...names, CIN: 'medicaid_id', MRN: 'patient_no', Tier: 'plan_tier' })).toBeNull();
  });

  it('refuses a column the file does not have', () => {
    expect(problem({ ...names, CIN: 'medicaid_id', Nope: 'race' })).toBe(
      MEMBER_IMPORT_MESSAGES.unknownColumn('Nope'),
    );
  });

  it('refuses a field the organization does not have', () => {
    expect(problem({ ...names, CIN: 'medicaid_id', Tier: 'tier' })).toBe(
      MEMBER_IMPORT_MESSAGES.unknownField('tier'),
    );
  });

  it('refuses a field matched to two columns, naming it by its label', () => {
    expect(problem({ First: 'first_name', Last: 'first_name', CIN: 'medicaid_id' })).toBe(
      MEMBER_IMPORT_MESSAGES.fieldMappedTwice('First name'),
    );
    expect(problem({ ...names, CIN: 'plan_tier', Tier: 'plan_tier' })).toBe(
      MEMBER_IMPORT_MESSAGES.fieldMappedTwice('Plan tier'),
    );
  });

  it('requires both names', () => {
    expect(problem({ First: 'first_name', CIN: 'medicaid_id' })).toBe(MEMBER_IMPORT_MESSAGES.namesNotMapped);
    expect(problem({ Last: 'last_name', CIN: 'medicaid_id' })).toBe(MEMBER_IMPORT_MESSAGES.namesNotMapped);
    expect(problem({})).toBe(MEMBER_IMPORT_MESSAGES.namesNotMapped);
  });

  it('requires a Medicaid ID or a patient number', () => {
    expect(problem(names)).toBe(MEMBER_IMPORT_MESSAGES.identifierNotMapped);
    expect(problem({ ...names, Tier: 'plan_tier' })).toBe(MEMBER_IMPORT_MESSAGES.identifierNotMapped);
  });
});

describe('parseImportDate', () => {
  const today = new Date('2025-06-15T12:00:00Z');

  it('reads ISO dates with - / or . and with a time', () => {
    for (const raw of [
      '2024-03-05',
      '2024/03/05',
      '2024.03.05',
      '2024-3-5',
      ' 2024-03-05 ',
      '2024-03-05T10:20:00Z',
      '2024-03-05 10:20',
      '2024/03/05 00:00:00',
    ])
      expect(parseImportDate(raw, today), raw).toBe('2024-03-05');
  });

  it('reads US dates month first', () => {
    for (const raw of ['03/05/2024', '3/5/2024', '03-05-2024', '3.5.2024'])
      expect(parseImportDate(raw, today), raw).toBe('2024-03-05');
    expect(parseImportDate('12/31/1950', today)).toBe('1950-12-31');
  });

  it('reads a US date with the time Excel writes after a date cell in a CSV', () => {
    for (const raw of ['3/5/2024 0:00', '03/05/2024 00:00:00', '3/5/24 12:30'])
      expect(parseImportDate(raw, today), raw).toBe('2024-03-05');
    expect(parseImportDate('3/5/2024 tea time', today)).toBeNull();
  });

  it('reads a two-digit year as this century unless that year is in the future', () => {
    expect(parseImportDate('3/5/24', today)).toBe('2024-03-05');
    expect(parseImportDate('3/5/25', today)).toBe('2025-03-05');
    expect(parseImportDate('3/5/26', today)).toBe('1926-03-05');
    expect(parseImportDate('1/1/00', today)).toBe('2000-01-01');
    expect(parseImportDate('12/31/99', today)).toBe('1999-12-31');
    // Relative to the day given, not the real one.
    const early = new Date('2001-01-10T00:00:00Z');
    expect(parseImportDate('1/1/01', early)).toBe('2001-01-01');
    expect(parseImportDate('1/1/02', early)).toBe('1902-01-01');
    expect(parseImportDate('3/5/26', new Date('2030-01-01T00:00:00Z'))).toBe('2026-03-05');
  });

  // The whole date is compared with today, not only the year: in June 2025 '12/31/25' is 1925-12-31.
  it('reads a two-digit year as last century when the date this century would be later than today', () => {
    expect(parseImportDate('12/31/25', today)).toBe('1925-12-31');
  });

  it('reads Excel serial day numbers from the 1899-12-30 epoch', () => {
    expect(parseImportDate('45356', today)).toBe('2024-03-05');
    expect(parseImportDate('45356', today)).toBe(fromEpoch(45356));
    expect(parseImportDate('45356.75', today)).toBe('2024-03-05');
    // Serial 61 is 1900-03-01, the day after Excel's phantom 1900-02-29 (serial 60).
    expect(parseImportDate('61', today)).toBe('1900-03-01');
    expect(parseImportDate('61', today)).toBe(fromEpoch(61));
    expect(parseImportDate('62', today)).toBe('1900-03-02');
    // Serial 60 is Excel's 1900-02-29, a day that never was: not a date.
    expect(parseImportDate('60', today)).toBeNull();
    expect(parseImportDate('99999', today)).toBe(fromEpoch(99999));
    expect(parseImportDate('99999', today)).toBe('2173-10-13');
  });

  it('refuses serials out of range', () => {
    for (const raw of ['0', '0.5', '100000', '-5']) expect(parseImportDate(raw, today), raw).toBeNull();
  });

  // Before Excel's phantom 1900-02-29 the days count from 1899-12-31 (1 → 1900-01-01, 59 → 1900-02-28).
  it('reads Excel serials before the phantom leap day as Excel does (1 → 1900-01-01)', () => {
    expect(parseImportDate('1', today)).toBe('1900-01-01');
    expect(parseImportDate('2', today)).toBe('1900-01-02');
    expect(parseImportDate('59', today)).toBe('1900-02-28');
  });

  it('refuses days that do not exist', () => {
    for (const raw of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '02/30/2024',
      '13/01/2024',
      '04/31/2024',
      '2/29/23',
    ])
      expect(parseImportDate(raw, today), raw).toBeNull();
    expect(parseImportDate('2/29/24', today)).toBe('2024-02-29');
  });

  it('refuses what is not a date', () => {
    for (const raw of [
      '',
      '   ',
      'tomorrow',
      '2024-03',
      '03/05',
      '5 March 2024',
      '123456',
      '2024-03-05x',
      '1e4',
    ])
      expect(parseImportDate(raw, today), raw).toBeNull();
  });
});

describe('parseImportGender', () => {
  it('reads the usual spellings, in any case', () => {
    const cases: [string, string][] = [
      ['M', 'Male'],
      ['male', 'Male'],
      [' MAN ', 'Male'],
      ['f', 'Female'],
      ['Female', 'Female'],
      ['woman', 'Female'],
      ['O', 'Other'],
      ['x', 'Other'],
      ['Nonbinary', 'Other'],
      ['non-binary', 'Other'],
      ['other', 'Other'],
      ['U', 'Prefer not to say'],
      ['Unknown', 'Prefer not to say'],
      ['declined', 'Prefer not to say'],
      ['Prefer Not To Say', 'Prefer not to say'],
      ['not disclosed', 'Prefer not to say'],
    ];
    for (const [raw, gender] of cases) expect(parseImportGender(raw), raw).toBe(gender);
  });

  it('gives null for an empty cell and undefined for an unknown word', () => {
    expect(parseImportGender('')).toBeNull();
    expect(parseImportGender('   ')).toBeNull();
    for (const raw of ['mf', 'boy', 'n/a', '1']) expect(parseImportGender(raw), raw).toBeUndefined();
  });
});

describe('importRowChecker', () => {
  const today = new Date('2025-06-15T12:00:00Z');
  type Field = CustomFieldDefinition & { mandatory: boolean; hidden: boolean };
  const custom = (f: Partial<Field> & Pick<Field, 'name' | 'type' | 'friendly_name'>): Field => ({
    str_len: null,
    nullable: true,
    mandatory: false,
    hidden: false,
    ...f,
  });
  const customFields: Field[] = [
    custom({ name: 'plan_tier', type: 'str', friendly_name: 'Plan tier', str_len: 5 }),
    custom({ name: 'enrolled_on', type: 'date', friendly_name: 'Enrolled on' }),
    custom({ name: 'visits', type: 'int', friendly_name: 'Visits' }),
    custom({ name: 'consent', type: 'bool', friendly_name: 'Consent', mandatory: true, nullable: false }),
    custom({ name: 'legacy_code', type: 'str', friendly_name: 'Legacy code', mandatory: true, hidden: true }),
  ];
  const columnMap = {
    First: 'first_name',
    Last: 'last_name',
    CIN: 'medicaid_id',
    MRN: 'patient_no',
    DOB: 'dob',
    Sex: 'gender',
    Email: 'email',
    Phone: 'phone_no',
    Race: 'race',
    Tier: 'plan_tier',
    Enrolled: 'enrolled_on',
    Visits: 'visits',
    Consent: 'consent',
  };
  const check = importRowChecker({ columnMap, customFields, today });
  const row: Record<string, string> = {
    First: ' Ada ',
    Last: 'Lovelace ',
    CIN: '00012345',
    MRN: '',
    DOB: '12/10/1815',
    Sex: 'F',
    Email: ' ada@example.org ',
    Phone: '',
    Race: '',
    Tier: ' Gold ',
    Enrolled: '3/5/2024',
    Visits: '3',
    Consent: 'yes',
    Notes: 'not mapped',
  };
  const emptyCore: ImportedMember['core'] = {
    first_name: null,
    last_name: null,
    email: null,
    phone_no: null,
    race: null,
    ethnicity: null,
    language: null,
    dob: null,
    gender: null,
    patient_no: null,
    medicaid_id: null,
  };
  const memberOf = (r: Record<string, string>): ImportedMember => {
    const result = check(r);
    if (!('member' in result)) throw new Error(`refused: ${result.error}`);
    return result.member;
  };

  it('turns a row into the member it describes: trimmed, leading zeros kept, empty cells null', () => {
    expect(check(row)).toEqual({
      member: {
        core: {
          ...emptyCore,
          first_name: 'Ada',
          last_name: 'Lovelace',
          email: 'ada@example.org',
          dob: '1815-12-10',
          gender: 'Female',
          medicaid_id: '00012345',
        },
        custom: { plan_tier: 'Gold', enrolled_on: '2024-03-05', visits: 3, consent: true },
      },
    });
    expect(memberOf({ ...row, CIN: '', MRN: ' 000789 ' }).core).toMatchObject({
      medicaid_id: null,
      patient_no: '000789',
    });
  });

  it('requires both names', () => {
    const rows: Record<string, string>[] = [
      { ...row, First: '' },
      { ...row, Last: '   ' },
      { Last: 'Lovelace', CIN: '1', Consent: 'y' },
    ];
    for (const r of rows) expect(check(r)).toEqual({ error: MEMBER_MESSAGES.namesRequired });
  });

  it('requires a Medicaid ID or a patient number', () => {
    expect(check({ ...row, CIN: ' ', MRN: '' })).toEqual({
      error: MEMBER_IMPORT_MESSAGES.identifierRequired,
    });
    expect(memberOf({ ...row, CIN: '', MRN: 'P-1' }).core.patient_no).toBe('P-1');
  });

  it('reads the date of birth in the usual formats, today included, the future refused', () => {
    expect(memberOf({ ...row, DOB: '1990-04-01' }).core.dob).toBe('1990-04-01');
    expect(memberOf({ ...row, DOB: '4/1/90' }).core.dob).toBe('1990-04-01');
    expect(memberOf({ ...row, DOB: '32964' }).core.dob).toBe('1990-04-01');
    expect(memberOf({ ...row, DOB: '2025-06-15' }).core.dob).toBe('2025-06-15');
    expect(memberOf({ ...row, DOB: '' }).core.dob).toBeNull();
    for (const future of ['2025-06-16', '6/16/2025', '2030-01-01'])
      expect(check({ ...row, DOB: future }), future).toEqual({ error: MEMBER_MESSAGES.dobInFuture });
  });

  it('refuses a date of birth that is not a date', () => {
    for (const bad of ['2024-02-30', 'yesterday', '1990-04'])
      expect(check({ ...row, DOB: bad }), bad).toEqual({
        error: MEMBER_IMPORT_MESSAGES.dateInvalid('Date of birth'),
      });
  });

  it('reads the gender and refuses an unknown one', () => {
    expect(memberOf({ ...row, Sex: 'male' }).core.gender).toBe('Male');
    expect(memberOf({ ...row, Sex: ' ' }).core.gender).toBeNull();
    expect(check({ ...row, Sex: 'Q' })).toEqual({ error: MEMBER_MESSAGES.genderInvalid });
  });

  it('refuses an email that is not an email address', () => {
    for (const bad of ['ada@example', 'ada example.org', 'ada@@example.org', 'a da@example.org'])
      expect(check({ ...row, Email: bad }), bad).toEqual({ error: MEMBER_IMPORT_MESSAGES.emailInvalid });
  });

  it(`refuses core text longer than ${MEMBER_TEXT_MAX} characters, naming the field`, () => {
    const long = 'a'.repeat(MEMBER_TEXT_MAX + 1);
    expect(memberOf({ ...row, First: 'a'.repeat(MEMBER_TEXT_MAX) }).core.first_name).toHaveLength(
      MEMBER_TEXT_MAX,
    );
    expect(memberOf({ ...row, First: ` ${'a'.repeat(MEMBER_TEXT_MAX)} ` }).core.first_name).toHaveLength(
      MEMBER_TEXT_MAX,
    );
    expect(check({ ...row, First: long })).toEqual({
      error: MEMBER_IMPORT_MESSAGES.tooLong('First name', MEMBER_TEXT_MAX),
    });
    // Identifiers keep the member form's limit (64), not the general one.
    expect(memberOf({ ...row, MRN: 'p'.repeat(64) }).core.patient_no).toHaveLength(64);
    expect(check({ ...row, MRN: 'p'.repeat(65) })).toEqual({
      error: MEMBER_IMPORT_MESSAGES.tooLong('Patient number', 64),
    });
  });

  it('checks each custom value by its type', () => {
    expect(check({ ...row, Tier: 'Platinum' })).toEqual({ error: 'Plan tier must be at most 5 characters.' });
    expect(check({ ...row, Visits: '3.5' })).toEqual({ error: 'Visits must be a whole number.' });
    expect(check({ ...row, Consent: 'maybe' })).toEqual({ error: 'Consent must be yes or no.' });
    expect(check({ ...row, Enrolled: '2024-02-30' })).toEqual({
      error: 'Enrolled on must be a date (YYYY-MM-DD).',
    });
    expect(check({ ...row, Enrolled: 'soon' })).toEqual({
      error: 'Enrolled on must be a date (YYYY-MM-DD).',
    });
  });

  it('reads a date custom field in the import’s date formats', () => {
    for (const raw of ['2024-03-05', '03/05/2024', '3/5/24', '45356', '2024/3/5 08:00'])
      expect(memberOf({ ...row, Enrolled: raw }).custom.enrolled_on, raw).toBe('2024-03-05');
  });

  it('leaves empty custom cells out, and keeps false', () => {
    const member = memberOf({ ...row, Tier: '', Enrolled: ' ', Visits: '', Consent: 'no' });
    expect(member.custom).toEqual({ consent: false });
  });

  it('requires the visible mandatory custom fields, not the hidden ones', () => {
    expect(check({ ...row, Consent: '' })).toEqual({ error: MEMBER_MESSAGES.fieldRequired('Consent') });
    // Legacy code is mandatory but hidden: not in the map and still accepted.
    expect('member' in check(row)).toBe(true);
    // A visible mandatory field the map leaves out is missing from every row.
    const { Consent: _omitted, ...withoutConsent } = columnMap;
    const unmapped = importRowChecker({ columnMap: withoutConsent, customFields, today });
    expect(unmapped(row)).toEqual({ error: MEMBER_MESSAGES.fieldRequired('Consent') });
  });

  it('checks each row on its own when reused', () => {
    expect(memberOf({ ...row, Race: 'Asian', Visits: '4' })).toMatchObject({
      core: { race: 'Asian' },
      custom: { visits: 4 },
    });
    expect(memberOf({ ...row, Race: '', Visits: '' })).toMatchObject({ core: { race: null } });
    expect(memberOf({ ...row, Race: '', Visits: '' }).custom).not.toHaveProperty('visits');
  });

  it('reads two-digit years against the day it is given', () => {
    const in2001 = importRowChecker({ columnMap, customFields, today: new Date('2001-06-01T00:00:00Z') });
    const result = in2001({ ...row, DOB: '1/2/30' });
    expect('member' in result && result.member.core.dob).toBe('1930-01-02');
    expect(memberOf({ ...row, DOB: '1/2/30' }).core.dob).toBe('1930-01-02');
    expect(memberOf({ ...row, DOB: '1/2/05' }).core.dob).toBe('2005-01-02');
    expect(in2001({ ...row, DOB: '1/2/05' })).toMatchObject({ member: { core: { dob: '1905-01-02' } } });
  });
});
