import { z } from 'zod';
import { idNumber, idString, pageQuery, queryInt, timestampSchema } from './common.ts';
import { isOrgManager, ORG_WRITER_ROLES } from './roles.ts';

// Enrollments of members in programs (002 §2 "Enrollments", §3 Enrollment / Activity / Document / Note / Goal,
// §4, §5, §6, §7 "Enrollments", §8, §9; issue #15 items 6 and 8): the lists of allowed values, the status
// machine's table (the server enforces it, the browser offers only what it allows), the wire schemas and texts.

// --- Texts (002 §8 verbatim, and the server's own messages) ---

export const ENROLLMENT_MESSAGES = {
  notFound: 'Enrollment not found',
  noneSelected: 'No enrollment selected',
  deleted: 'Enrollment deleted successfully',
  activityCreated: 'Activity created successfully',
  noteCreated: 'Note created successfully',
  goalCreated: 'Goal created successfully',
  activityUpdated: 'Activity updated successfully',
  noteUpdated: 'Note updated successfully',
  goalUpdated: 'Goal updated successfully',
  fetchFailed: 'Failed to fetch enrollments',
  createFailed: 'Failed to create enrollment',
  updateFailed: 'Failed to update enrollment',
  deleteFailed: 'Failed to delete enrollment',
  fetchActivitiesFailed: 'Failed to fetch activities',
  createActivityFailed: 'Failed to create activity',
  updateActivityFailed: 'Failed to update activity',
  deleteActivityFailed: 'Failed to delete activity',
  fetchDocumentsFailed: 'Failed to fetch documents',
  createDocumentFailed: 'Failed to create document',
  deleteDocumentFailed: 'Failed to delete document',
  fetchNotesFailed: 'Failed to fetch notes',
  createNoteFailed: 'Failed to create note',
  updateNoteFailed: 'Failed to update note',
  deleteNoteFailed: 'Failed to delete note',
  fetchGoalsFailed: 'Failed to fetch goals',
  createGoalFailed: 'Failed to create goal',
  updateGoalFailed: 'Failed to update goal',
  deleteGoalFailed: 'Failed to delete goal',
  confirmDelete: 'Delete this enrollment? Its activities, documents, notes and goals are deleted with it.',
  emptyList: 'No enrollments found',
  // The server's refusals.
  memberNotFound: 'Member not found',
  programInactive: (program: string) => `The program ${program} is inactive and takes no new enrollments.`,
  transitionRefused: (from: EnrollmentStatus, to: EnrollmentStatus) => {
    const next = allowedNextStatuses(from).map((s) => ENROLLMENT_STATUS_LABELS[s]);
    const allowed = next.length
      ? `From ${ENROLLMENT_STATUS_LABELS[from]} it can move to: ${next.join(', ')}.`
      : `${ENROLLMENT_STATUS_LABELS[from]} is final.`;
    return `An enrollment cannot move from ${ENROLLMENT_STATUS_LABELS[from]} to ${ENROLLMENT_STATUS_LABELS[to]}. ${allowed}`;
  },
  transitionForbidden: (to: EnrollmentStatus) =>
    `Only a manager or an administrator can move an enrollment to ${ENROLLMENT_STATUS_LABELS[to]}.`,
  initialStatus: 'A new enrollment starts as Pending or Active.',
  duplicate: (program: string) => `The member already has an open enrollment in ${program}.`,
  caseManagerInvalid: 'The case manager must be a user of this organization who is not a viewer.',
  caseManagerSelfOnly: 'Staff can only be the case manager of their own enrollments.',
  memberOrProgramFixed:
    'The member and program of an enrollment cannot change; withdraw it and enroll the member again.',
  endBeforeStart: 'The end date cannot be before the start date.',
  deleteForbidden: 'Only a manager or an administrator can delete an enrollment.',
  noteTextRequired: 'Note text is required',
  goalTextRequired: 'Goal text is required',
  activityNotFound: 'Activity not found',
  documentNotFound: 'Document not found',
  noteNotFound: 'Note not found',
  goalNotFound: 'Goal not found',
  noteAuthorOnly: 'Only the author, a manager or an administrator can change this note.',
  documentDeleteForbidden:
    'Only the person who uploaded this document, a manager or an administrator can delete it.',
  billingActivityInvalid: "The billing activity must be one of the enrollment's program.",
  unitsInvalid: 'Units must be a whole number from 1 to 1000.',
  activityDeleted: 'Activity deleted',
  documentDeleted: 'Document deleted',
  noteDeleted: 'Note deleted',
  goalDeleted: 'Goal deleted',
  documentUploaded: 'Document uploaded successfully',
  statusChanged: (status: EnrollmentStatus) =>
    `Enrollment status changed to ${ENROLLMENT_STATUS_LABELS[status]}`,
} as const;

// --- Enumerations (002 §4, §9) ---

/** 002 §4 Enrollment status. */
export const ENROLLMENT_STATUSES = [
  'pending',
  'active',
  'on_hold',
  'completed',
  'withdrawn',
  'terminated',
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
export const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pending: 'Pending',
  active: 'Active',
  on_hold: 'On Hold',
  completed: 'Completed',
  withdrawn: 'Withdrawn',
  terminated: 'Terminated',
};
/** Badge colours of the list and the details. */
export const ENROLLMENT_STATUS_COLORS: Record<EnrollmentStatus, string> = {
  pending: 'yellow',
  active: 'green',
  on_hold: 'orange',
  completed: 'blue',
  withdrawn: 'gray',
  terminated: 'red',
};
/** Statuses a new enrollment may start in (an enrollment is completed or ended only by the machine). */
export const ENROLLMENT_INITIAL_STATUSES: readonly EnrollmentStatus[] = ['pending', 'active'];
/** Open enrollments: a member has at most one of them per program. */
export const ENROLLMENT_OPEN_STATUSES: readonly EnrollmentStatus[] = ['pending', 'active', 'on_hold'];

/**
 * Who may take a step: 'writers' are every organization role but viewer (staff on the enrollments they manage),
 * 'managers' the organization's managers and administrators.
 */
export type EnrollmentStepBy = 'writers' | 'managers';
export type EnrollmentTransition = { from: EnrollmentStatus; to: EnrollmentStatus; by: EnrollmentStepBy };

/**
 * The enrollment state machine (002 §4 lists the statuses; the transitions are ours): every status change an
 * enrollment can make and who may make it. The server's machine (care/enrollments/lifecycle.ts) asks this table
 * before it writes; the browser offers only the steps it allows. Completed, withdrawn and terminated are final:
 * a member who comes back is enrolled again (a new enrollment, with its own dates and capacity check).
 * Terminating (the program ends the member's participation) is for managers and administrators.
 */
export const ENROLLMENT_TRANSITIONS: readonly EnrollmentTransition[] = [
  { from: 'pending', to: 'active', by: 'writers' },
  { from: 'pending', to: 'withdrawn', by: 'writers' },
  { from: 'active', to: 'on_hold', by: 'writers' },
  { from: 'active', to: 'completed', by: 'writers' },
  { from: 'active', to: 'withdrawn', by: 'writers' },
  { from: 'active', to: 'terminated', by: 'managers' },
  { from: 'on_hold', to: 'active', by: 'writers' },
  { from: 'on_hold', to: 'withdrawn', by: 'writers' },
  { from: 'on_hold', to: 'terminated', by: 'managers' },
];

export function transitionOfEnrollment(from: string, to: string): EnrollmentTransition | undefined {
  return ENROLLMENT_TRANSITIONS.find((t) => t.from === from && t.to === to);
}

/** The statuses an enrollment may move to from `from` (by anyone), in the table's order. */
export function allowedNextStatuses(from: string): EnrollmentStatus[] {
  return ENROLLMENT_TRANSITIONS.filter((t) => t.from === from).map((t) => t.to);
}

/** The statuses a caller of this organization role may move an enrollment to from `from`. */
export function nextStatusesFor(from: string, role: string): EnrollmentStatus[] {
  if (!(ORG_WRITER_ROLES as readonly string[]).includes(role)) return [];
  const manager = isOrgManager(role);
  return ENROLLMENT_TRANSITIONS.filter((t) => t.from === from && (t.by === 'writers' || manager)).map(
    (t) => t.to,
  );
}

export function isFinalEnrollmentStatus(status: string): boolean {
  return allowedNextStatuses(status).length === 0;
}

/** 002 §9 Activity types. */
export const ACTIVITY_TYPES = [
  'outreach',
  'assessment',
  'care_plan',
  'follow_up',
  'case_management',
  'referral',
  'other',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = {
  outreach: 'Outreach',
  assessment: 'Assessment',
  care_plan: 'Care Plan',
  follow_up: 'Follow-up',
  case_management: 'Case Management',
  referral: 'Referral',
  other: 'Other',
};

/** 002 §4 Activity status; scheduled is the default. */
export const ACTIVITY_STATUSES = ['scheduled', 'completed', 'cancelled', 'no_show'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const ACTIVITY_STATUS_LABELS: Record<ActivityStatus, string> = {
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No Show',
};

/** 002 §9 Note types. */
export const NOTE_TYPES = ['general', 'clinical', 'administrative', 'billing'] as const;
export type NoteType = (typeof NOTE_TYPES)[number];
export const NOTE_TYPE_LABELS: Record<NoteType, string> = {
  general: 'General',
  clinical: 'Clinical',
  administrative: 'Administrative',
  billing: 'Billing',
};

/** 002 §9 Goal categories. */
export const GOAL_CATEGORIES = ['health', 'housing', 'employment', 'education', 'social', 'other'] as const;
export type GoalCategory = (typeof GOAL_CATEGORIES)[number];
export const GOAL_CATEGORY_LABELS: Record<GoalCategory, string> = {
  health: 'Health',
  housing: 'Housing',
  employment: 'Employment',
  education: 'Education',
  social: 'Social',
  other: 'Other',
};

/** 002 §4 Goal status: active (default) and completed are shown; on hold and cancelled are ours. */
export const GOAL_STATUSES = ['active', 'on_hold', 'completed', 'cancelled'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const GOAL_STATUS_LABELS: Record<GoalStatus, string> = {
  active: 'Active',
  on_hold: 'On Hold',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** 002 §2 Overview "priority level" (the values are not shown; these are ours). */
export const PRIORITY_LEVELS = ['low', 'medium', 'high', 'urgent'] as const;
export type PriorityLevel = (typeof PRIORITY_LEVELS)[number];
export const PRIORITY_LEVEL_LABELS: Record<PriorityLevel, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/** 002 §3 Document "document_type" (the values are not shown; these are ours). */
export const ENROLLMENT_DOCUMENT_TYPES = [
  'consent_form',
  'eligibility',
  'assessment',
  'care_plan',
  'identification',
  'medical_record',
  /** A file answering a smart form's file field (issue #16): stored like any document of the enrollment. */
  'form_attachment',
  'other',
] as const;
export type EnrollmentDocumentType = (typeof ENROLLMENT_DOCUMENT_TYPES)[number];
export const ENROLLMENT_DOCUMENT_TYPE_LABELS: Record<EnrollmentDocumentType, string> = {
  consent_form: 'Consent Form',
  eligibility: 'Eligibility',
  assessment: 'Assessment',
  care_plan: 'Care Plan',
  identification: 'Identification',
  medical_record: 'Medical Record',
  form_attachment: 'Form Attachment',
  other: 'Other',
};

/** A label for any value of these lists (an unknown value is shown as it is). */
export function enrollmentLabel(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return '';
  return labels[value] ?? value;
}

// --- Limits and defaults (002 §9) ---

/** 002 §9: default list page size 50. */
export const ENROLLMENT_PAGE_SIZE = 50;
export const ENROLLMENT_PAGE_SIZE_MAX = 200;
/** The lists of one enrollment (activities, documents, notes, goals). */
export const ENROLLMENT_ITEMS_PAGE_SIZE = 100;
export const ENROLLMENT_ITEMS_PAGE_SIZE_MAX = 500;
export const ENROLLMENT_TEXT_MAX = 10_000;
export const ACTIVITY_UNITS_MAX = 1000;

export const ACTIVITY_DEFAULTS = { activity_type: 'outreach', status: 'scheduled' } as const;
export const NOTE_DEFAULTS = { note_type: 'general', is_confidential: false } as const;
export const GOAL_DEFAULTS = { goal_category: 'health', status: 'active' } as const;

/** Today in the given time zone as YYYY-MM-DD (the browser's own by default; 002 §9 "today's date"). */
export function todayIsoDate(now: Date = new Date(), timeZone?: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(now);
}

/** A YYYY-MM-DD date moved by whole days (negative: back), as YYYY-MM-DD. */
export function addDaysIso(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2024-02-30 is not one). */
export function isIsoCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

// --- Request schemas ---

const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD).';
const dateField = z
  .string({ error: DATE_MESSAGE })
  .max(10, DATE_MESSAGE)
  .refine(isIsoCalendarDate, DATE_MESSAGE)
  .meta({ format: 'date' });
/** A date that may be cleared: null, or an empty string from a cleared date input. */
const optionalDate = z
  .union([dateField, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

const longText = (max = ENROLLMENT_TEXT_MAX) =>
  z
    .string()
    .max(max, `Must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : v === undefined ? undefined : null));

const oneOf = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { error: `Choose a ${what}: ${values.join(', ')}.` });

const statusField = oneOf(ENROLLMENT_STATUSES, 'status');
const priorityField = z.union([oneOf(PRIORITY_LEVELS, 'priority level'), z.null()]);
const memberIdField = idNumber('member_id must be the id of a member.');
const programIdField = idNumber('program_id must be the id of a program.');
const enrollmentIdField = idNumber('enrollment_id must be the id of an enrollment.');
const caseManagerField = z.union([idNumber('case_manager_user_id must be the id of a user.'), z.null()]);

/** POST /api/enrollments/ (002 §7). The status defaults to pending; the enrollment date to today. */
export const enrollmentCreateSchema = z.strictObject({
  member_id: memberIdField,
  program_id: programIdField,
  status: statusField.default('pending'),
  enrollment_date: dateField.optional(),
  start_date: optionalDate,
  end_date: optionalDate,
  /** A manager or administrator names the case manager; a staff member creating one becomes it (002 §6). */
  case_manager_user_id: caseManagerField.optional(),
  priority_level: priorityField.optional(),
  eligibility_verified: z.boolean().default(false),
  consent_obtained: z.boolean().default(false),
  notes: longText(),
  /** A manager or administrator enrolls an active member although the program is at capacity (audited). */
  override_capacity: z.boolean().default(false),
});
export type EnrollmentCreateInput = z.input<typeof enrollmentCreateSchema>;
export type EnrollmentCreate = z.output<typeof enrollmentCreateSchema>;

/**
 * PUT /api/enrollments/{id} (002 §7): the fields sent change; a status runs the state machine. member_id and
 * program_id may be sent back as they are (a client sending the whole record), never changed.
 */
export const enrollmentUpdateSchema = z.strictObject({
  member_id: memberIdField.optional(),
  program_id: programIdField.optional(),
  status: statusField.optional(),
  enrollment_date: dateField.optional(),
  start_date: optionalDate,
  end_date: optionalDate,
  case_manager_user_id: caseManagerField.optional(),
  priority_level: priorityField.optional(),
  eligibility_verified: z.boolean().optional(),
  consent_obtained: z.boolean().optional(),
  notes: longText(),
  override_capacity: z.boolean().default(false),
});
export type EnrollmentUpdateInput = z.input<typeof enrollmentUpdateSchema>;
export type EnrollmentUpdate = z.output<typeof enrollmentUpdateSchema>;

/** GET /api/enrollments/ query (002 §7): one page, newest enrollment date first. */
export const enrollmentListQuerySchema = z.strictObject({
  ...pageQuery(ENROLLMENT_PAGE_SIZE, ENROLLMENT_PAGE_SIZE_MAX),
  member_id: idString('member_id must be the id of a member.').optional(),
  program_id: idString('program_id must be the id of a program.').optional(),
  status: statusField.optional(),
});
export type EnrollmentListQuery = z.output<typeof enrollmentListQuerySchema>;

/** GET /api/enrollments/{id}/activities|documents|notes|goals query: one page (the details' tabs). */
export const enrollmentItemsQuerySchema = z.strictObject({
  page: queryInt({ min: 1 }).default(1),
  page_size: queryInt({ min: 1, max: ENROLLMENT_ITEMS_PAGE_SIZE_MAX }).default(ENROLLMENT_ITEMS_PAGE_SIZE),
});
export type EnrollmentItemsQuery = z.output<typeof enrollmentItemsQuerySchema>;

const unitsField = z
  .number({ error: ENROLLMENT_MESSAGES.unitsInvalid })
  .int(ENROLLMENT_MESSAGES.unitsInvalid)
  .min(1, ENROLLMENT_MESSAGES.unitsInvalid)
  .max(ACTIVITY_UNITS_MAX, ENROLLMENT_MESSAGES.unitsInvalid);
const billingActivityField = z.union([
  idNumber('billing_activity_id must be the id of a billing activity.'),
  z.null(),
]);

/** POST /api/enrollments/activities/ (002 §7, §9 defaults: outreach, today, scheduled). */
export const activityCreateSchema = z.strictObject({
  enrollment_id: enrollmentIdField,
  activity_type: oneOf(ACTIVITY_TYPES, 'activity type').default(ACTIVITY_DEFAULTS.activity_type),
  activity_date: dateField.optional(),
  status: oneOf(ACTIVITY_STATUSES, 'activity status').default(ACTIVITY_DEFAULTS.status),
  notes: longText(),
  billing_activity_id: billingActivityField.optional(),
  units: unitsField.default(1),
});
export type ActivityCreateInput = z.input<typeof activityCreateSchema>;
export type ActivityCreate = z.output<typeof activityCreateSchema>;

/** PUT /api/enrollments/activities/{id}: the fields sent change (enrollment_id may be sent back, not changed). */
export const activityUpdateSchema = z.strictObject({
  enrollment_id: enrollmentIdField.optional(),
  activity_type: oneOf(ACTIVITY_TYPES, 'activity type').optional(),
  activity_date: dateField.optional(),
  status: oneOf(ACTIVITY_STATUSES, 'activity status').optional(),
  notes: longText(),
  billing_activity_id: billingActivityField.optional(),
  units: unitsField.optional(),
});
export type ActivityUpdateInput = z.input<typeof activityUpdateSchema>;
export type ActivityUpdate = z.output<typeof activityUpdateSchema>;

const noteTextField = z
  .string({ error: ENROLLMENT_MESSAGES.noteTextRequired })
  .max(ENROLLMENT_TEXT_MAX, `Must be at most ${ENROLLMENT_TEXT_MAX} characters.`)
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, ENROLLMENT_MESSAGES.noteTextRequired);

/** POST /api/enrollments/notes/ (002 §5: note text required; §9: type general). */
export const enrollmentNoteCreateSchema = z.strictObject({
  enrollment_id: enrollmentIdField,
  note_text: noteTextField,
  note_type: oneOf(NOTE_TYPES, 'note type').default(NOTE_DEFAULTS.note_type),
  is_confidential: z.boolean().default(false),
});
export type EnrollmentNoteCreateInput = z.input<typeof enrollmentNoteCreateSchema>;
export type EnrollmentNoteCreate = z.output<typeof enrollmentNoteCreateSchema>;

export const enrollmentNoteUpdateSchema = z.strictObject({
  enrollment_id: enrollmentIdField.optional(),
  note_text: noteTextField.optional(),
  note_type: oneOf(NOTE_TYPES, 'note type').optional(),
  is_confidential: z.boolean().optional(),
});
export type EnrollmentNoteUpdateInput = z.input<typeof enrollmentNoteUpdateSchema>;
export type EnrollmentNoteUpdate = z.output<typeof enrollmentNoteUpdateSchema>;

const goalTextField = z
  .string({ error: ENROLLMENT_MESSAGES.goalTextRequired })
  .max(ENROLLMENT_TEXT_MAX, `Must be at most ${ENROLLMENT_TEXT_MAX} characters.`)
  .transform((v) => v.trim())
  .refine((v) => v.length > 0, ENROLLMENT_MESSAGES.goalTextRequired);

/** POST /api/enrollments/goals/ (002 §5: goal text required; §9: category health, status active). */
export const enrollmentGoalCreateSchema = z.strictObject({
  enrollment_id: enrollmentIdField,
  goal_text: goalTextField,
  goal_category: oneOf(GOAL_CATEGORIES, 'goal category').default(GOAL_DEFAULTS.goal_category),
  target_date: optionalDate,
  status: oneOf(GOAL_STATUSES, 'goal status').default(GOAL_DEFAULTS.status),
});
export type EnrollmentGoalCreateInput = z.input<typeof enrollmentGoalCreateSchema>;
export type EnrollmentGoalCreate = z.output<typeof enrollmentGoalCreateSchema>;

export const enrollmentGoalUpdateSchema = z.strictObject({
  enrollment_id: enrollmentIdField.optional(),
  goal_text: goalTextField.optional(),
  goal_category: oneOf(GOAL_CATEGORIES, 'goal category').optional(),
  target_date: optionalDate,
  status: oneOf(GOAL_STATUSES, 'goal status').optional(),
});
export type EnrollmentGoalUpdateInput = z.input<typeof enrollmentGoalUpdateSchema>;
export type EnrollmentGoalUpdate = z.output<typeof enrollmentGoalUpdateSchema>;

/** The form fields of POST /api/enrollments/documents/ (multipart: enrollment_id, document_type, file). */
export const enrollmentDocumentFieldsSchema = z.object({
  enrollment_id: idString('enrollment_id must be the id of an enrollment.'),
  document_type: oneOf(ENROLLMENT_DOCUMENT_TYPES, 'document type').default('other'),
});
export type EnrollmentDocumentFields = z.output<typeof enrollmentDocumentFieldsSchema>;

// --- Answers ---

const dateOut = z.string().meta({ format: 'date' });

/** 002 §3 Enrollment, with what the caller may do with it. */
export const enrollmentSchema = z
  .object({
    id: z.number().int(),
    member_id: z.number().int(),
    member_name: z.string(),
    program_id: z.number().int(),
    program_name: z.string(),
    status: z.enum(ENROLLMENT_STATUSES),
    enrollment_date: dateOut,
    start_date: dateOut.nullable(),
    end_date: dateOut.nullable(),
    case_manager_user_id: z.number().int().nullable(),
    case_manager_name: z.string().nullable(),
    priority_level: z.string().nullable(),
    eligibility_verified: z.boolean(),
    consent_obtained: z.boolean(),
    notes: z.string().nullable(),
    created_ts: timestampSchema,
    last_updated_ts: timestampSchema,
    /** The statuses the caller may move it to (the state machine's table and the caller's role). */
    next_statuses: z.array(z.enum(ENROLLMENT_STATUSES)),
    can_edit: z.boolean(),
    can_delete: z.boolean(),
  })
  .meta({ id: 'Enrollment' });
export type Enrollment = z.infer<typeof enrollmentSchema>;

export const enrollmentListSchema = z.object({
  enrollments: z.array(enrollmentSchema),
  total: z.number().int(),
});
export type EnrollmentList = z.infer<typeof enrollmentListSchema>;

export const enrollmentDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type EnrollmentDeleteResponse = z.infer<typeof enrollmentDeleteResponseSchema>;

/** 002 §3 Activity, with its billing and who did it. */
export const enrollmentActivitySchema = z
  .object({
    id: z.number().int(),
    enrollment_id: z.number().int(),
    activity_type: z.string(),
    activity_date: dateOut,
    status: z.enum(ACTIVITY_STATUSES),
    notes: z.string().nullable(),
    billing_activity_id: z.number().int().nullable(),
    billing_activity_name: z.string().nullable(),
    units: z.number().int(),
    performed_by: z.number().int().nullable(),
    performed_by_name: z.string().nullable(),
    completed_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
    can_edit: z.boolean(),
  })
  .meta({ id: 'EnrollmentActivity' });
export type EnrollmentActivity = z.infer<typeof enrollmentActivitySchema>;

export const enrollmentActivityListSchema = z.object({
  activities: z.array(enrollmentActivitySchema),
  total: z.number().int(),
});
export type EnrollmentActivityList = z.infer<typeof enrollmentActivityListSchema>;

/** 002 §3 Document, with the stored file's facts. */
export const enrollmentDocumentSchema = z
  .object({
    id: z.number().int(),
    enrollment_id: z.number().int(),
    document_type: z.string(),
    file_name: z.string(),
    content_type: z.string(),
    file_size: z.number().int(),
    upload_date: timestampSchema,
    uploaded_by: z.number().int().nullable(),
    uploaded_by_name: z.string().nullable(),
    can_delete: z.boolean(),
  })
  .meta({ id: 'EnrollmentDocument' });
export type EnrollmentDocument = z.infer<typeof enrollmentDocumentSchema>;

export const enrollmentDocumentListSchema = z.object({
  documents: z.array(enrollmentDocumentSchema),
  total: z.number().int(),
  /** The server's size limit in bytes, so the browser checks before sending. */
  max_file_size: z.number().int(),
});
export type EnrollmentDocumentList = z.infer<typeof enrollmentDocumentListSchema>;

/** 002 §3 Note. A confidential note reaches only its author and the organization's managers and admins. */
export const enrollmentNoteSchema = z
  .object({
    id: z.number().int(),
    enrollment_id: z.number().int(),
    note_text: z.string(),
    note_type: z.string(),
    is_confidential: z.boolean(),
    created_ts: timestampSchema,
    created_by: z.number().int().nullable(),
    created_by_name: z.string().nullable(),
    can_edit: z.boolean(),
  })
  .meta({ id: 'EnrollmentNote' });
export type EnrollmentNote = z.infer<typeof enrollmentNoteSchema>;

export const enrollmentNoteListSchema = z.object({
  notes: z.array(enrollmentNoteSchema),
  total: z.number().int(),
});
export type EnrollmentNoteList = z.infer<typeof enrollmentNoteListSchema>;

/** 002 §3 Goal. */
export const enrollmentGoalSchema = z
  .object({
    id: z.number().int(),
    enrollment_id: z.number().int(),
    goal_text: z.string(),
    goal_category: z.string(),
    target_date: dateOut.nullable(),
    status: z.enum(GOAL_STATUSES),
    created_by: z.number().int().nullable(),
    created_by_name: z.string().nullable(),
    completed_at: timestampSchema.nullable(),
    created_ts: timestampSchema,
    can_edit: z.boolean(),
  })
  .meta({ id: 'EnrollmentGoal' });
export type EnrollmentGoal = z.infer<typeof enrollmentGoalSchema>;

export const enrollmentGoalListSchema = z.object({
  goals: z.array(enrollmentGoalSchema),
  total: z.number().int(),
});
export type EnrollmentGoalList = z.infer<typeof enrollmentGoalListSchema>;

export const enrollmentItemDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });
export type EnrollmentItemDeleteResponse = z.infer<typeof enrollmentItemDeleteResponseSchema>;
