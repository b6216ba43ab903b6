import { z } from 'zod';
import { timestampSchema } from './common.ts';
import {
  CORE_MEMBER_FIELD_LABELS,
  CORE_MEMBER_FIELDS,
  type CoreMemberField,
  type CustomFieldDefinition,
  type CustomFieldValue,
  checkCustomFieldValue,
  isCalendarDate,
  MEMBER_FIELD_MAX,
  MEMBER_GENDERS,
  MEMBER_MESSAGES,
  MEMBER_TEXT_MAX,
} from './members.ts';

// Member import (issue #15 item 4): a plan's CSV or XLSX roster → the organization's member registry. The rules
// here are pure and shared: the server applies them to every row (preview and import), the browser shows the
// same words.

export const MEMBER_IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Rows read, checked and written per transaction; progress and resumption advance by this many. */
export const MEMBER_IMPORT_BATCH = 1000;
/** Errors the preview lists (the refusal file has every one). */
export const MEMBER_IMPORT_PREVIEW_ERRORS = 20;

export const MEMBER_IMPORT_STATUSES = [
  'uploaded',
  'queued',
  'running',
  'completed',
  'failed',
  'cancelled',
] as const;
export type MemberImportStatus = (typeof MEMBER_IMPORT_STATUSES)[number];
export const MEMBER_IMPORT_ACTIVE: readonly MemberImportStatus[] = ['queued', 'running'];

export const MEMBER_IMPORT_ON_EXISTING = ['update', 'skip'] as const;
export type MemberImportOnExisting = (typeof MEMBER_IMPORT_ON_EXISTING)[number];

export const MEMBER_IMPORT_MESSAGES = {
  noFile: 'Choose a CSV or Excel (.xlsx) file to import.',
  notTabular: 'This file is not a CSV or Excel (.xlsx) file. Save it as .csv or .xlsx and upload it again.',
  xlsUnsupported:
    'Old Excel files (.xls) cannot be read safely. Open the file in Excel or LibreOffice, save it as .xlsx or .csv, and upload that.',
  tooLarge: `The file is larger than ${MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  empty: 'The file is empty.',
  noHeader: 'The first row must name the columns (a header row), and no rows follow it.',
  duplicateHeader: (name: string) => `The column "${name}" appears twice in the header row.`,
  rowTooLong:
    'A row of this file is longer than 1 MB: a quotation mark is probably left open. Fix the file and upload it again.',
  namesNotMapped: 'Match a column to First name and one to Last name before importing.',
  identifierNotMapped:
    'Match a column to Medicaid ID or to Patient number: they find the members of a later import of the same file.',
  fieldMappedTwice: (label: string) => `${label} is matched to two columns; keep one.`,
  unknownColumn: (column: string) => `"${column}" is not a column of this file.`,
  unknownField: (field: string) => `${field} is not a member field of this organization.`,
  notFound: 'Import not found',
  notStartable: (status: string) => `This import is ${status}; it cannot be started again.`,
  notCancellable: (status: string) =>
    `This import is ${status}; only a queued or running import can be cancelled.`,
  uploadFailed: 'Failed to upload the file',
  startFailed: 'Failed to start the import',
  fetchFailed: 'Failed to fetch imports',
  // Row refusals (the refusal file's reasons).
  identifierRequired: 'Needs a Medicaid ID or a patient number.',
  dateInvalid: (label: string) => `${label} is not a date (use YYYY-MM-DD, MM/DD/YYYY or an Excel date).`,
  tooLong: (label: string, max: number) => `${label} is longer than ${max} characters.`,
  duplicateInFile: (row: number) => `The same member as row ${row} of this file.`,
  identifiersOfTwoMembers: 'Its Medicaid ID and patient number belong to two different members.',
  emailInvalid: 'Email is not an email address.',
  addedMeanwhile:
    'This member was added by someone else while the file was importing; import the file again.',
} as const;

/** Lower case, letters and digits only: "Member First Name" ≈ "member_first_name" ≈ "MEMBERFIRSTNAME". */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Common spellings of the core fields in plans' files, by headerKey (the "similar names" step of matching). */
const CORE_SYNONYMS: Record<CoreMemberField, string[]> = {
  first_name: ['firstname', 'first', 'fname', 'givenname', 'mbrfirstname', 'memberfirstname', 'mbrfirstnm'],
  last_name: [
    'lastname',
    'last',
    'lname',
    'surname',
    'familyname',
    'mbrlastname',
    'memberlastname',
    'mbrlastnm',
  ],
  email: ['email', 'emailaddress', 'mail'],
  phone_no: ['phone', 'phoneno', 'phonenumber', 'telephone', 'mobile', 'cellphone', 'homephone'],
  race: ['race'],
  ethnicity: ['ethnicity'],
  language: ['language', 'preferredlanguage', 'primarylanguage', 'lang', 'spokenlanguage'],
  dob: ['dob', 'dateofbirth', 'birthdate', 'birthdt', 'birthday', 'mbrdob'],
  gender: ['gender', 'sex'],
  patient_no: ['patientno', 'patientnumber', 'patientid', 'mrn', 'medicalrecordnumber', 'memberid', 'mbrid'],
  medicaid_id: [
    'medicaidid',
    'medicaid',
    'medicaidnumber',
    'medicaidno',
    'cin',
    'recipientid',
    'subscriberid',
  ],
};

export type ColumnMatch = { column: string; field: string | null; matched_by: 'mapping' | 'name' | null };

/**
 * Matches a file's columns to member fields (issue #15 item 4): first through the organization's active
 * mappings (those of the chosen source system before those for every source), then by similar names (a core
 * field's usual spellings, or a custom field's name or display name). A field is matched to one column at most.
 */
export function matchColumns(input: {
  columns: readonly string[];
  mappings: readonly { db_column: string; alternative: string; source_system: string; is_active: boolean }[];
  sourceSystem: string;
  customFields: readonly { name: string; friendly_name: string }[];
}): ColumnMatch[] {
  const taken = new Set<string>();
  const active = input.mappings.filter(
    (m) => m.is_active && (m.source_system === input.sourceSystem || m.source_system === ''),
  );
  // The chosen source's own mappings win over the ones for any source.
  active.sort(
    (a, b) => Number(b.source_system === input.sourceSystem) - Number(a.source_system === input.sourceSystem),
  );
  // By name: a field's own name first (core, then custom), then a custom field's display name, then the core
  // fields' usual spellings: a custom field named member_id matches its own column, not Patient number's.
  const byName = new Map<string, string>();
  const add = (key: string, field: string) => {
    if (!byName.has(key)) byName.set(key, field);
  };
  for (const field of CORE_MEMBER_FIELDS) add(headerKey(field), field);
  for (const f of input.customFields) add(headerKey(f.name), f.name);
  for (const f of input.customFields) add(headerKey(f.friendly_name), f.name);
  for (const field of CORE_MEMBER_FIELDS) for (const synonym of CORE_SYNONYMS[field]) add(synonym, field);
  const matches: ColumnMatch[] = input.columns.map((column) => ({ column, field: null, matched_by: null }));
  // Mapping by mapping in that order (not column by column): a mapping for every source on an earlier column
  // never takes a field from the chosen source's own mapping.
  for (const mapping of active) {
    if (taken.has(mapping.db_column)) continue;
    const match = matches.find(
      (m) => !m.field && m.column.trim().toLowerCase() === mapping.alternative.toLowerCase(),
    );
    if (!match) continue;
    match.field = mapping.db_column;
    match.matched_by = 'mapping';
    taken.add(mapping.db_column);
  }
  for (const match of matches) {
    if (match.field) continue;
    const field = byName.get(headerKey(match.column));
    if (field && !taken.has(field)) {
      match.field = field;
      match.matched_by = 'name';
      taken.add(field);
    }
  }
  return matches;
}

/** The label of a member field (core or custom) in messages. */
export function memberFieldLabel(
  field: string,
  customFields: readonly { name: string; friendly_name: string }[],
): string {
  return (
    (CORE_MEMBER_FIELD_LABELS as Record<string, string>)[field] ??
    customFields.find((f) => f.name === field)?.friendly_name ??
    field
  );
}

/**
 * Why a column map cannot be imported, or null: names and an identifier matched, every field once, every field
 * one of the organization's. `columnMap` is column → field.
 */
export function columnMapProblem(input: {
  columns: readonly string[];
  columnMap: Readonly<Record<string, string>>;
  customFields: readonly { name: string; friendly_name: string }[];
}): string | null {
  const known = new Set<string>([...CORE_MEMBER_FIELDS, ...input.customFields.map((f) => f.name)]);
  const seen = new Set<string>();
  for (const [column, field] of Object.entries(input.columnMap)) {
    if (!input.columns.includes(column)) return MEMBER_IMPORT_MESSAGES.unknownColumn(column);
    if (!known.has(field)) return MEMBER_IMPORT_MESSAGES.unknownField(field);
    if (seen.has(field))
      return MEMBER_IMPORT_MESSAGES.fieldMappedTwice(memberFieldLabel(field, input.customFields));
    seen.add(field);
  }
  if (!seen.has('first_name') || !seen.has('last_name')) return MEMBER_IMPORT_MESSAGES.namesNotMapped;
  if (!seen.has('medicaid_id') && !seen.has('patient_no')) return MEMBER_IMPORT_MESSAGES.identifierNotMapped;
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/**
 * A date as files write it → YYYY-MM-DD, or null when it is none: ISO (2024-03-05, 2024/03/05, with a time),
 * US (03/05/2024, 3/5/2024, 03-05-2024, 3/5/24: a two-digit year is this century when not in the future), and
 * Excel serial day numbers (a cell formatted as a number: 45356 → 2024-03-05).
 */
export function parseImportDate(raw: string, today: Date = new Date()): string | null {
  const text = raw.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(text);
  if (m) {
    const iso = `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
    return isCalendarDate(iso) ? iso : null;
  }
  // US dates, with a time after them as Excel writes a date cell to CSV (3/5/2024 0:00).
  m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{2}|\d{4})(?:[T ]\d{1,2}:\d{2}.*)?$/.exec(text);
  if (m) {
    const monthDay = `${pad(Number(m[1]))}-${pad(Number(m[2]))}`;
    let year = Number(m[3]);
    if (m[3]!.length === 2) {
      // This century unless that is after today (a date of birth is never in the future): 12/31/25 read in
      // June 2025 is 1925-12-31.
      const century = Math.floor(today.getUTCFullYear() / 100) * 100;
      const todayIso = today.toISOString().slice(0, 10);
      year = `${century + year}-${monthDay}` > todayIso ? century - 100 + year : century + year;
    }
    const iso = `${year}-${monthDay}`;
    return isCalendarDate(iso) ? iso : null;
  }
  if (/^\d{1,5}(\.\d+)?$/.test(text)) {
    const serial = Math.floor(Number(text));
    // Excel's day 1 is 1900-01-01 and it counts a 1900-02-29 that never was (serial 60, not a date): from 61 on
    // the days are counted from 1899-12-30, before it from 1899-12-31. Up to 2173.
    if (serial < 1 || serial > 99999 || serial === 60) return null;
    const d = new Date(EXCEL_EPOCH_MS + (serial < 60 ? serial + 1 : serial) * 86_400_000);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  }
  return null;
}

/** A gender as files write it (M, F, male, Unknown…) → one of MEMBER_GENDERS, or undefined when unknown. */
export function parseImportGender(raw: string): string | null | undefined {
  const word = raw.trim().toLowerCase();
  if (word === '') return null;
  if (['m', 'male', 'man'].includes(word)) return 'Male';
  if (['f', 'female', 'woman'].includes(word)) return 'Female';
  if (['o', 'other', 'x', 'nonbinary', 'non-binary'].includes(word)) return 'Other';
  if (['u', 'unknown', 'declined', 'prefer not to say', 'not disclosed'].includes(word))
    return 'Prefer not to say';
  return MEMBER_GENDERS.find((g) => g.toLowerCase() === word);
}

/** One checked row, ready to write: core values (null when empty) and the custom values it carries. */
export type ImportedMember = {
  core: Record<CoreMemberField, string | null>;
  custom: Record<string, CustomFieldValue>;
};

export type ImportRowCheck = { member: ImportedMember } | { error: string };

/**
 * The check of one data row of the file → the member it describes, or the reason it is refused (issue #15 item 4):
 * names and an identifier present, dates in the common formats or Excel serials, gender from the list, every
 * custom value checked by its type, the visible mandatory custom fields filled. Texts are kept as written
 * (leading zeros of IDs included), trimmed. What depends only on the map is worked out once, not per row (an
 * import checks 100,000 rows with the same map).
 */
export function importRowChecker(input: {
  columnMap: Readonly<Record<string, string>>;
  customFields: readonly (CustomFieldDefinition & { mandatory: boolean; hidden: boolean })[];
  today?: Date;
}): (row: Readonly<Record<string, string>>) => ImportRowCheck {
  const todayIso = (input.today ?? new Date()).toISOString().slice(0, 10);
  const byName = new Map(input.customFields.map((f) => [f.name, f]));
  const columns = Object.entries(input.columnMap).map(([column, field]) => {
    const definition = byName.get(field);
    return {
      column,
      field,
      // Empty cells are allowed here; mandatory fields are checked after, once per row.
      custom: definition ? { ...definition, nullable: true } : null,
      label: (CORE_MEMBER_FIELD_LABELS as Record<string, string>)[field] ?? field,
    };
  });
  const required = input.customFields.filter((f) => f.mandatory && !f.hidden);
  return (row) => {
    const core: ImportedMember['core'] = {
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
    const custom: ImportedMember['custom'] = {};
    for (const { column, field, custom: definition, label } of columns) {
      const raw = (row[column] ?? '').trim();
      if (definition) {
        const value =
          definition.type === 'date' && raw !== '' ? (parseImportDate(raw, input.today) ?? raw) : raw;
        const checked = checkCustomFieldValue(definition, value);
        if ('error' in checked) return { error: checked.error };
        if (checked.value !== null) custom[field] = checked.value;
        continue;
      }
      if (raw === '') continue;
      const max = MEMBER_FIELD_MAX[field as CoreMemberField] ?? MEMBER_TEXT_MAX;
      if (raw.length > max) return { error: MEMBER_IMPORT_MESSAGES.tooLong(label, max) };
      if (field === 'dob') {
        const date = parseImportDate(raw, input.today);
        if (!date || date > todayIso) {
          return { error: date ? MEMBER_MESSAGES.dobInFuture : MEMBER_IMPORT_MESSAGES.dateInvalid(label) };
        }
        core.dob = date;
      } else if (field === 'gender') {
        const gender = parseImportGender(raw);
        if (gender === undefined) return { error: MEMBER_MESSAGES.genderInvalid };
        core.gender = gender;
      } else if (field === 'email') {
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) return { error: MEMBER_IMPORT_MESSAGES.emailInvalid };
        core.email = raw;
      } else core[field as CoreMemberField] = raw;
    }
    if (!core.first_name || !core.last_name) return { error: MEMBER_MESSAGES.namesRequired };
    if (!core.medicaid_id && !core.patient_no) return { error: MEMBER_IMPORT_MESSAGES.identifierRequired };
    for (const field of required) {
      if (custom[field.name] === undefined)
        return { error: MEMBER_MESSAGES.fieldRequired(field.friendly_name) };
    }
    return { member: { core, custom } };
  };
}

// --- Wire ---

export const memberImportSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  file_format: z.enum(['csv', 'xlsx']),
  source_system: z.string(),
  column_map: z.record(z.string(), z.string()),
  on_existing: z.enum(MEMBER_IMPORT_ON_EXISTING),
  status: z.enum(MEMBER_IMPORT_STATUSES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  unchanged_count: z.number().int(),
  skipped_count: z.number().int(),
  refused_count: z.number().int(),
  /** 0–100: processed rows of all rows. */
  progress_percent: z.number().int(),
  error: z.string().nullable(),
  created_ts: timestampSchema,
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
});
export type MemberImport = z.infer<typeof memberImportSchema>;

export const memberImportListSchema = z.object({ imports: z.array(memberImportSchema) });

export const columnMatchSchema = z.object({
  column: z.string(),
  field: z.string().nullable(),
  matched_by: z.enum(['mapping', 'name']).nullable(),
});

/** The answer to an upload: the import and the file's columns matched for the source system asked. */
export const memberImportUploadSchema = z.object({
  import: memberImportSchema,
  columns: z.array(columnMatchSchema),
});

const columnMapSchema = z
  .record(z.string().max(200), z.string().max(63))
  .refine((m) => Object.keys(m).length <= 500, {
    message: 'At most 500 columns.',
  });

export const memberImportPreviewRequestSchema = z.strictObject({
  source_system: z.string().trim().max(100).default(''),
  /** Absent: the columns matched for the source system (answered in `columns`). */
  column_map: columnMapSchema.optional(),
});

export const memberImportPreviewSchema = z.object({
  columns: z.array(columnMatchSchema),
  column_map: z.record(z.string(), z.string()),
  /** Why the map cannot be imported yet, or null. */
  problem: z.string().nullable(),
  total_rows: z.number().int(),
  refused_rows: z.number().int(),
  /** The first refusals, in file order. */
  errors: z.array(z.object({ row: z.number().int(), reason: z.string() })),
});
export type MemberImportPreview = z.infer<typeof memberImportPreviewSchema>;

export const memberImportStartSchema = z.strictObject({
  source_system: z.string().trim().max(100).default(''),
  column_map: columnMapSchema,
  on_existing: z.enum(MEMBER_IMPORT_ON_EXISTING, { error: 'Choose update or skip.' }).default('update'),
});
export type MemberImportStart = z.output<typeof memberImportStartSchema>;
