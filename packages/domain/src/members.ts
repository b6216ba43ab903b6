import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';

// 002 §2 Members, §3 Member / Custom field / Field mapping, §5, §7 "Members, fields, mappings", §9; issue #15
// items 1–3. One member registry per organization: the members referrals are grouped by (000 §2.8) are these.

export const MEMBER_MESSAGES = {
  namesRequired: 'First name and last name are required',
  fieldRequired: (friendlyName: string) => `${friendlyName} is required`,
  notFound: 'Member not found',
  deleted: 'Member deleted successfully',
  fetchFailed: 'Failed to fetch members',
  createFailed: 'Failed to create member',
  updateFailed: 'Failed to update member',
  deleteFailed: 'Failed to delete member',
  medicaidIdTaken: 'Another member of this organization has this Medicaid ID.',
  patientNoTaken: 'Another member of this organization has this patient number.',
  dobInFuture: 'Date of birth cannot be in the future.',
  genderInvalid: 'Choose Male, Female, Other or Prefer not to say.',
  emailInvalid: 'Please enter a valid email address',
  unknownCustomField: (name: string) => `${name} is not a custom field of this organization.`,
} as const;

export const CUSTOM_FIELD_MESSAGES = {
  nameInvalid: 'Use only lowercase letters, digits and underscores.',
  nameIsCoreField: (name: string) => `${name} is a built-in member field; choose another name.`,
  nameTaken: (name: string) => `A custom field named ${name} already exists.`,
  nameOrTypeChanged: 'The name and type of a custom field cannot be changed.',
  friendlyNameRequired: 'Display name is required',
  strLenRange: 'Length must be from 1 to 512.',
  invalidJson: 'Invalid JSON format',
  notFound: 'Custom field not found',
  created: (n: number) => `${n} field${n === 1 ? '' : 's'} created successfully`,
  fetchFailed: 'Failed to fetch custom fields',
  createFailed: 'Failed to create custom field',
  updateFailed: 'Failed to update custom field',
  deleteFailed: 'Failed to delete custom field',
  deleteConfirm: (friendlyName: string) =>
    `Delete the field "${friendlyName}"? This also deletes all data in that field for all members.`,
} as const;

export const FIELD_MAPPING_MESSAGES = {
  required: 'Member field and external name are required',
  unknownColumn: (column: string) => `${column} is not a member field of this organization.`,
  duplicate: (alternative: string) => `"${alternative}" is already mapped for this source system.`,
  notFound: 'Field mapping not found',
  fetchFailed: 'Failed to fetch field mappings',
  createFailed: 'Failed to create field mapping',
  deleteFailed: 'Failed to delete field mapping',
} as const;

/** 002 §3: the member fields every organization has, which files map onto (Medicaid ID too: imports match by it). */
export const CORE_MEMBER_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone_no',
  'race',
  'ethnicity',
  'language',
  'dob',
  'gender',
  'patient_no',
  'medicaid_id',
] as const;
export type CoreMemberField = (typeof CORE_MEMBER_FIELDS)[number];

export const CORE_MEMBER_FIELD_LABELS: Record<CoreMemberField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone_no: 'Phone',
  race: 'Race',
  ethnicity: 'Ethnicity',
  language: 'Language',
  dob: 'Date of birth',
  gender: 'Gender',
  patient_no: 'Patient number',
  medicaid_id: 'Medicaid ID',
};

export function isCoreMemberField(name: string): name is CoreMemberField {
  return (CORE_MEMBER_FIELDS as readonly string[]).includes(name);
}

/** 002 §9 Member gender options. */
export const MEMBER_GENDERS = ['Male', 'Female', 'Other', 'Prefer not to say'] as const;

export const MEMBER_PAGE_SIZE = 50;
export const MEMBER_PAGE_SIZE_MAX = 200;
/** Longest core text value (names, race, language…); real values are far shorter. */
export const MEMBER_TEXT_MAX = 200;
/** The longest value of each core field: the form, the API and the import hold the same limits. */
export const MEMBER_FIELD_MAX = {
  first_name: MEMBER_TEXT_MAX,
  last_name: MEMBER_TEXT_MAX,
  email: 254,
  phone_no: 40,
  race: MEMBER_TEXT_MAX,
  ethnicity: MEMBER_TEXT_MAX,
  language: MEMBER_TEXT_MAX,
  dob: MEMBER_TEXT_MAX,
  gender: MEMBER_TEXT_MAX,
  patient_no: 64,
  medicaid_id: 64,
} as const satisfies Record<CoreMemberField, number>;

/** 002 §5: custom field types. */
export const CUSTOM_FIELD_TYPES = ['str', 'int', 'bool', 'date', 'datetime', 'time', 'fixed_date'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_TYPE_LABELS: Record<CustomFieldType, string> = {
  str: 'Text',
  int: 'Whole number',
  bool: 'Yes / No',
  date: 'Date',
  datetime: 'Date and time',
  time: 'Time of day',
  fixed_date: 'Day of the year (MM-DD)',
};

/** 002 §5: str length 1 to 512, default 128. */
export const CUSTOM_FIELD_STR_LEN_DEFAULT = 128;
export const CUSTOM_FIELD_STR_LEN_MAX = 512;
export const CUSTOM_FIELD_NAME_PATTERN = /^[a-z0-9_]+$/;
/** A bulk create takes at most this many definitions at once. */
export const CUSTOM_FIELD_BULK_MAX = 200;

/** A custom field's value as stored (JSON) after its type's check. */
export type CustomFieldValue = string | number | boolean | null;

export type CustomFieldDefinition = {
  name: string;
  type: CustomFieldType;
  friendly_name: string;
  str_len: number | null;
  nullable: boolean;
};

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A real calendar date (2024-02-30 is not). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/**
 * A custom field's value checked and normalised by its type (002 §5, issue #15 item 2): the same rule on the
 * form, the API and the import. `{ error }` says what is wrong in words a person can act on; empty input is null
 * (refused when the field is not nullable). fixed_date is a day of the year without a year (MM-DD: a renewal or
 * an anniversary that comes back every year).
 */
export function checkCustomFieldValue(
  field: CustomFieldDefinition,
  raw: unknown,
): { value: CustomFieldValue } | { error: string } {
  const label = field.friendly_name;
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return field.nullable ? { value: null } : { error: MEMBER_MESSAGES.fieldRequired(label) };
  }
  const text = typeof raw === 'string' ? raw.trim() : null;
  switch (field.type) {
    case 'str': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return { error: `${label} must be text.` };
      // Trimmed like every other type (and like the core texts): " Shelter " is "Shelter".
      const value = String(raw).trim();
      const max = field.str_len ?? CUSTOM_FIELD_STR_LEN_DEFAULT;
      return value.length > max ? { error: `${label} must be at most ${max} characters.` } : { value };
    }
    case 'int': {
      const n =
        typeof raw === 'number' ? raw : text !== null && /^-?\d+$/.test(text) ? Number(text) : Number.NaN;
      return Number.isSafeInteger(n) ? { value: n } : { error: `${label} must be a whole number.` };
    }
    case 'bool': {
      if (typeof raw === 'boolean') return { value: raw };
      const word = text?.toLowerCase() ?? String(raw);
      if (TRUE_WORDS.has(word)) return { value: true };
      if (FALSE_WORDS.has(word)) return { value: false };
      return { error: `${label} must be yes or no.` };
    }
    case 'date':
      return text !== null && isCalendarDate(text)
        ? { value: text }
        : { error: `${label} must be a date (YYYY-MM-DD).` };
    case 'datetime': {
      // The day is checked too: Date.parse would read 2024-02-30 as March 1st.
      if (
        text === null ||
        !DATETIME.test(text) ||
        !isCalendarDate(text.slice(0, 10)) ||
        Number.isNaN(Date.parse(text))
      ) {
        return { error: `${label} must be a date and time (YYYY-MM-DDTHH:MM).` };
      }
      return { value: new Date(text).toISOString() };
    }
    case 'time': {
      const m = text === null ? null : TIME.exec(text);
      return m
        ? { value: `${m[1]}:${m[2]}${m[3] ? `:${m[3]}` : ''}` }
        : { error: `${label} must be a time (HH:MM).` };
    }
    case 'fixed_date': {
      const m = text === null ? null : MONTH_DAY.exec(text);
      // 2000 is a leap year, so 02-29 is a day of the year.
      return m && isCalendarDate(`2000-${m[1]}-${m[2]}`)
        ? { value: text }
        : { error: `${label} must be a day of the year (MM-DD).` };
    }
  }
}

const text = (max = MEMBER_TEXT_MAX) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** 002 §5: first and last name required. Shared by create and edit (an edit sends the whole form). */
const memberFields = {
  first_name: z
    .string({ error: MEMBER_MESSAGES.namesRequired })
    .trim()
    .min(1, MEMBER_MESSAGES.namesRequired)
    .max(MEMBER_TEXT_MAX),
  last_name: z
    .string({ error: MEMBER_MESSAGES.namesRequired })
    .trim()
    .min(1, MEMBER_MESSAGES.namesRequired)
    .max(MEMBER_TEXT_MAX),
  email: z
    .string()
    .trim()
    .max(MEMBER_FIELD_MAX.email)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), MEMBER_MESSAGES.emailInvalid),
  phone_no: text(MEMBER_FIELD_MAX.phone_no),
  race: text(),
  ethnicity: text(),
  language: text(),
  dob: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || isCalendarDate(v), 'Must be a date (YYYY-MM-DD).'),
  gender: z
    .string()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine(
      (v) => v === null || (MEMBER_GENDERS as readonly string[]).includes(v),
      MEMBER_MESSAGES.genderInvalid,
    ),
  patient_no: text(MEMBER_FIELD_MAX.patient_no),
  medicaid_id: text(MEMBER_FIELD_MAX.medicaid_id),
  /**
   * Custom field values by name, each checked on the server by its definition. A field not sent keeps its value
   * (hidden fields are not on the form); null clears it.
   */
  custom_fields: z.record(z.string(), z.unknown()).default({}),
};

export const memberCreateSchema = z.strictObject(memberFields);
export type MemberCreateInput = z.input<typeof memberCreateSchema>;
export type MemberCreate = z.output<typeof memberCreateSchema>;
export const memberUpdateSchema = memberCreateSchema;
export type MemberUpdate = MemberCreate;

export const memberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone_no: z.string().nullable(),
  race: z.string().nullable(),
  ethnicity: z.string().nullable(),
  language: z.string().nullable(),
  dob: z.string().nullable(),
  gender: z.string().nullable(),
  patient_no: z.string().nullable(),
  medicaid_id: z.string().nullable(),
  custom_fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  created_ts: timestampSchema,
  last_updated_ts: timestampSchema,
  /** The caller may edit it (staff: the members they added or manage; viewers: none). */
  can_edit: z.boolean(),
  can_delete: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListQuerySchema = z.strictObject({
  ...pageQuery(MEMBER_PAGE_SIZE, MEMBER_PAGE_SIZE_MAX),
  search: z.string().trim().max(100, 'Search at most 100 characters.').optional(),
});
export type MemberListQuery = z.output<typeof memberListQuerySchema>;

export const memberListSchema = z.object({ members: z.array(memberSchema), total: z.number().int() });
export type MemberList = z.infer<typeof memberListSchema>;

export const memberDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });

// --- Custom fields ---

const friendlyName = z
  .string({ error: CUSTOM_FIELD_MESSAGES.friendlyNameRequired })
  .trim()
  .min(1, CUSTOM_FIELD_MESSAGES.friendlyNameRequired)
  .max(100);
const category = z
  .string()
  .trim()
  .max(60)
  .nullish()
  .transform((v) => (v ? v : null));
const strLen = z
  .number({ error: CUSTOM_FIELD_MESSAGES.strLenRange })
  .int(CUSTOM_FIELD_MESSAGES.strLenRange)
  .min(1, CUSTOM_FIELD_MESSAGES.strLenRange)
  .max(CUSTOM_FIELD_STR_LEN_MAX, CUSTOM_FIELD_MESSAGES.strLenRange);

const customFieldSettings = {
  friendly_name: friendlyName,
  category,
  default_value: z
    .union([z.string(), z.number(), z.boolean()])
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : String(v))),
  mandatory: z.boolean().default(false),
  str_len: strLen.nullish(),
  nullable: z.boolean().default(true),
  hidden: z.boolean().default(false),
};

export const customFieldCreateSchema = z.strictObject({
  name: z
    .string({ error: CUSTOM_FIELD_MESSAGES.nameInvalid })
    .trim()
    .min(1, CUSTOM_FIELD_MESSAGES.nameInvalid)
    .max(63)
    .regex(CUSTOM_FIELD_NAME_PATTERN, CUSTOM_FIELD_MESSAGES.nameInvalid)
    .refine((v) => !isCoreMemberField(v), {
      error: (issue) => CUSTOM_FIELD_MESSAGES.nameIsCoreField(String(issue.input)),
    }),
  type: z.enum(CUSTOM_FIELD_TYPES, { error: `Choose one of: ${CUSTOM_FIELD_TYPES.join(', ')}.` }),
  ...customFieldSettings,
});
export type CustomFieldCreateInput = z.input<typeof customFieldCreateSchema>;
export type CustomFieldCreate = z.output<typeof customFieldCreateSchema>;

/** 002 §5: name and type cannot change on edit; they may be sent (the form sends the whole field) if unchanged. */
export const customFieldUpdateSchema = z.strictObject({
  name: z.string().optional(),
  type: z.string().optional(),
  ...customFieldSettings,
});
export type CustomFieldUpdate = z.output<typeof customFieldUpdateSchema>;

export const customFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  friendly_name: z.string(),
  category: z.string().nullable(),
  default_value: z.string().nullable(),
  mandatory: z.boolean(),
  str_len: z.number().int().nullable(),
  nullable: z.boolean(),
  hidden: z.boolean(),
});
export type CustomField = z.infer<typeof customFieldSchema>;

const boolString = z
  .enum(['true', 'false'], { error: 'Must be true or false.' })
  .transform((v) => v === 'true');

export const customFieldListQuerySchema = z.strictObject({
  category: z.string().trim().max(60).optional(),
  include_hidden: boolString.default(true),
});
export type CustomFieldListQuery = z.output<typeof customFieldListQuerySchema>;

export const customFieldListSchema = z.array(customFieldSchema);
export const customFieldCategoriesSchema = z.array(z.string());

/** 002 §5 bulk import: a JSON array of field definitions, all created or none. */
export const customFieldBulkCreateSchema = z
  .array(customFieldCreateSchema, { error: CUSTOM_FIELD_MESSAGES.invalidJson })
  .min(1, 'Add at least one field.')
  .max(CUSTOM_FIELD_BULK_MAX, `At most ${CUSTOM_FIELD_BULK_MAX} fields at once.`);
export const customFieldBulkResultSchema = z.object({
  created: z.number().int(),
  message: z.string(),
  fields: z.array(customFieldSchema),
});

export const customFieldDeleteResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** How many members had a value in it (now removed). */
  members_updated: z.number().int(),
});

/** Parses the Bulk Import text box: a JSON array, else 'Invalid JSON format' (002 §5). */
export function parseBulkFieldsJson(textValue: string): { fields: unknown[] } | { error: string } {
  try {
    const parsed: unknown = JSON.parse(textValue);
    return Array.isArray(parsed) ? { fields: parsed } : { error: CUSTOM_FIELD_MESSAGES.invalidJson };
  } catch {
    return { error: CUSTOM_FIELD_MESSAGES.invalidJson };
  }
}

// --- Field mappings ---

export const fieldMappingCreateSchema = z.strictObject({
  db_column: z
    .string({ error: FIELD_MAPPING_MESSAGES.required })
    .trim()
    .min(1, FIELD_MAPPING_MESSAGES.required)
    .max(63),
  alternative: z
    .string({ error: FIELD_MAPPING_MESSAGES.required })
    .trim()
    .min(1, FIELD_MAPPING_MESSAGES.required)
    .max(128),
  source_system: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v ?? ''),
  description: text(500),
  is_active: z.boolean().default(true),
});
export type FieldMappingCreateInput = z.input<typeof fieldMappingCreateSchema>;
export type FieldMappingCreate = z.output<typeof fieldMappingCreateSchema>;

export const fieldMappingUpdateSchema = z.strictObject({ is_active: z.boolean() });

export const fieldMappingSchema = z.object({
  id: z.number().int(),
  db_column: z.string(),
  alternative: z.string(),
  source_system: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

export const fieldMappingListQuerySchema = z.strictObject({
  db_column: z.string().trim().max(63).optional(),
  source_system: z.string().trim().max(100).optional(),
});
export const fieldMappingListSchema = z.array(fieldMappingSchema);
export const fieldMappingDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });

// --- The member's Activity Timeline (002 §2 member profile: "one timeline of everything", issue #15 item 1) ---

export const MEMBER_TIMELINE_KINDS = [
  'member',
  'referral',
  'enrollment',
  'activity',
  'note',
  'goal',
  'document',
] as const;
export type MemberTimelineKind = (typeof MEMBER_TIMELINE_KINDS)[number];
export const MEMBER_TIMELINE_LIMIT = 100;

export const memberTimelineEntrySchema = z.object({
  /** Unique in the timeline: the kind and the record's id ("note-55", "referral-event-301"). */
  id: z.string(),
  at: timestampSchema,
  /** The entry has a day, not a time (an activity's date): `at` is that day at 00:00 UTC; show the day only. */
  all_day: z.boolean(),
  kind: z.enum(MEMBER_TIMELINE_KINDS),
  /** What happened, in words ("Enrolled in Housing Navigation", "Referral R-1234 Completed"). */
  title: z.string(),
  /** A short excerpt (a note's first words, an activity's notes), or null. */
  detail: z.string().nullable(),
  /** Where the entry opens: a tab and an id (enrollments-view/12, queue/34). */
  link: z.object({ tab: z.string(), id: z.number().int() }).nullable(),
});
export type MemberTimelineEntry = z.infer<typeof memberTimelineEntrySchema>;
export const memberTimelineSchema = z.object({ entries: z.array(memberTimelineEntrySchema) });
export type MemberTimeline = z.infer<typeof memberTimelineSchema>;
