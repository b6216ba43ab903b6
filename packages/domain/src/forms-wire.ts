import { z } from 'zod';
import { idNumber, idString, pageQuery, queryInt, timestampSchema } from './common.ts';
import { isIsoCalendarDate } from './enrollments.ts';
import {
  FORM_CONDITION_OPERATORS,
  FORM_FIELD_TYPES,
  FORM_INSTANCE_STATUSES,
  FORM_TEMPLATE_DEFAULTS,
  FORM_TYPES,
  formSectionSchema,
  formTemplateProblem,
} from './forms.ts';

// Smart forms on the wire (002 §7 "Smart forms", §3 form entities; issue #16): the requests the server checks and
// the answers it sends. The rules behind them are in forms.ts and form-rules.ts.

/** 002 §9: lists of templates page by 50. */
export const FORM_TEMPLATE_PAGE_SIZE = 50;
export const FORM_TEMPLATE_PAGE_SIZE_MAX = 200;
export const FORM_INSTANCE_PAGE_SIZE = 50;
export const FORM_INSTANCE_PAGE_SIZE_MAX = 200;
/** A template holds at most this many sections and fields in all (a 200-field form is the benchmark's). */
export const FORM_SECTIONS_MAX = 100;
export const FORM_FIELDS_MAX = 1000;
/** A form's answers, as JSON, at most (a drawn signature is tens of kilobytes). */
export const FORM_FIELD_DATA_MAX_BYTES = 1_000_000;
/** A drawn signature's PNG at most, decoded. */
export const FORM_SIGNATURE_MAX_BYTES = 300_000;
/** 002 §9: analytics are cached 5 minutes per organization and range; expired entries are purged every 10. */
export const FORM_ANALYTICS_CACHE_SECONDS = 300;
export const FORM_ANALYTICS_PURGE_CRON = '*/10 * * * *';
/** 002 §9: the analytics' default range is the last 30 days; a form is due soon within 7 days (issue #16). */
export const FORM_ANALYTICS_DEFAULT_DAYS = 30;
export const FORM_DUE_SOON_DAYS = 7;
/** Issue #16: the filler saves a draft every 30 seconds while there are changes (002 §4). */
export const FORM_AUTO_SAVE_MS = 30_000;

/** 002 §8 successes and the texts the server adds. */
export const FORM_SERVER_MESSAGES = {
  templateNotFound: 'Form template not found',
  versionNotFound: 'That version of the form template does not exist',
  instanceNotFound: 'Form Not Found',
  templateInactive: 'This template is inactive; activate it before starting a form from it',
  templateCreated: 'Template created successfully',
  templateUpdated: 'Template updated successfully',
  templateDeleted: 'Template deleted successfully',
  templateStale:
    'Someone saved this template after you opened it. Close the editor and open it again to see their changes.',
  templateInUse: (n: number) =>
    `${n} form${n === 1 ? ' was' : 's were'} started on this version, so it cannot change: save your changes as a new version`,
  templateHasRecords: (n: number) =>
    `${n} submitted form${n === 1 ? '' : 's'} use${n === 1 ? 's' : ''} this template; deactivate it instead of deleting it`,
  draftSaved: 'Draft saved successfully',
  submitted: 'Form submitted successfully',
  instanceDeleted: 'Form instance deleted',
  notEditable: 'This form has been submitted and cannot be edited',
  onlyDraftsDeleted: 'Only draft forms can be deleted',
  staleDraft: (who: string, when: string) =>
    `${who} saved this form at ${when} since you opened it. Their answers are shown now; make your changes again and save.`,
  reviewForbidden: 'Only managers and administrators review and approve forms',
  reviewStepInvalid: (from: string, to: string) => `A ${from} form cannot be marked ${to}`,
  reviewed: 'Form marked as reviewed',
  approved: 'Form approved',
  assigned: 'Assignment saved',
  assigneeInvalid: 'Assign the form to an active user of this organization who is not a viewer',
  unknownFields: (ids: string[]) => `This form has no field ${ids.join(', ')}`,
  fileNotOfEnrollment: (label: string) => `${label} must be a file uploaded to this enrollment`,
  signatureTooLarge: (label: string) => `${label}: the drawn signature is too large`,
  fieldDataTooLarge: 'The answers are too large to save',
  templateWrite: 'Only managers and administrators change form templates',
  analyticsRange: 'The start date must be on or before the end date',
  analyticsOtherOrg: 'Analytics are read for your active organization only',
} as const;

const DATE_MESSAGE = 'Must be a date (YYYY-MM-DD).';
const dateField = z
  .string({ error: DATE_MESSAGE })
  .max(10, DATE_MESSAGE)
  .refine(isIsoCalendarDate, DATE_MESSAGE)
  .meta({ format: 'date' });
const dateOut = z.string().meta({ format: 'date' });
const booleanQuery = z.enum(['true', 'false'], { error: 'Must be true or false.' });

// --- Templates ---

export const formTemplateSettingsSchema = z.strictObject({
  auto_save: z.boolean().default(FORM_TEMPLATE_DEFAULTS.settings.auto_save),
  allow_partial_save: z.boolean().default(FORM_TEMPLATE_DEFAULTS.settings.allow_partial_save),
});
export type FormTemplateSettings = z.infer<typeof formTemplateSettingsSchema>;

/**
 * POST /api/forms/templates/ and PUT /api/forms/templates/{id} (002 §7): the template as the editor holds it.
 * The fields a client sends back from a read (id, version, dates, program_name…) are accepted and ignored.
 * 002 §5 save rules run here (formTemplateProblem), so the server refuses what the editor refuses.
 */
export const formTemplateBodySchema = z
  .strictObject({
    name: z.string({ error: 'Please provide a template name and at least one section' }).max(200),
    description: z.string().max(2000).nullish(),
    program_id: z.union([idNumber('program_id must be the id of a program.'), z.null()]).optional(),
    form_type: z
      .enum(FORM_TYPES, { error: `Choose a form type: ${FORM_TYPES.join(', ')}.` })
      .default(FORM_TEMPLATE_DEFAULTS.form_type),
    sections: z.array(formSectionSchema).max(FORM_SECTIONS_MAX),
    settings: formTemplateSettingsSchema.default({ ...FORM_TEMPLATE_DEFAULTS.settings }),
    is_active: z.boolean().default(FORM_TEMPLATE_DEFAULTS.is_active),
    // Echoed back from a read; ignored.
    id: z.unknown().optional(),
    version: z.unknown().optional(),
    program_name: z.unknown().optional(),
    created_ts: z.unknown().optional(),
    last_updated_ts: z.unknown().optional(),
    created_by_name: z.unknown().optional(),
    usage_count: z.unknown().optional(),
    latest_version: z.unknown().optional(),
  })
  .superRefine((template, ctx) => {
    const fields = template.sections.reduce((n, s) => n + s.fields.length, 0);
    if (fields > FORM_FIELDS_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['sections'],
        message: `A template holds at most ${FORM_FIELDS_MAX} fields.`,
      });
      return;
    }
    const problem = formTemplateProblem(template);
    if (problem) ctx.addIssue({ code: 'custom', path: ['sections'], message: problem });
  });
export type FormTemplateBodyInput = z.input<typeof formTemplateBodySchema>;
export type FormTemplateBody = z.output<typeof formTemplateBodySchema>;

/** 002 §3 Form template, as one version of it reads (`version`; `latest_version` is the template's newest). */
export const formTemplateSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    program_id: z.number().int().nullable(),
    program_name: z.string().nullable(),
    form_type: z.enum(FORM_TYPES),
    sections: z.array(formSectionSchema),
    settings: formTemplateSettingsSchema,
    is_active: z.boolean(),
    version: z.number().int(),
    latest_version: z.number().int(),
    created_ts: timestampSchema,
    last_updated_ts: timestampSchema,
    created_by_name: z.string().nullable(),
    /** How many forms were started from it, every version (the grouped library's "times in use"). */
    usage_count: z.number().int(),
  })
  .meta({ id: 'FormTemplate' });
export type FormTemplate = z.infer<typeof formTemplateSchema>;

/** GET /api/forms/templates/ (002 §7: program_id, form_type, is_active; and a name or description search). */
export const formTemplateListQuerySchema = z.strictObject({
  ...pageQuery(FORM_TEMPLATE_PAGE_SIZE, FORM_TEMPLATE_PAGE_SIZE_MAX),
  program_id: idString('program_id must be the id of a program.').optional(),
  form_type: z.enum(FORM_TYPES, { error: `Choose a form type: ${FORM_TYPES.join(', ')}.` }).optional(),
  is_active: booleanQuery.optional(),
  search: z.string().trim().max(200).optional(),
});
export type FormTemplateListQuery = z.output<typeof formTemplateListQuerySchema>;

export const formTemplateListSchema = z.object({
  templates: z.array(formTemplateSchema),
  total: z.number().int(),
  /** Counts over the organization's templates and forms, for the grouped library's tiles (002 §2). */
  stats: z.object({
    total_templates: z.number().int(),
    active_templates: z.number().int(),
    total_forms: z.number().int(),
    completed_forms: z.number().int(),
    by_type: z.record(z.string(), z.number().int()),
  }),
});
export type FormTemplateList = z.infer<typeof formTemplateListSchema>;

export const formTemplateGetQuerySchema = z.strictObject({
  version: queryInt({ min: 1 }).optional(),
});

/** PUT ?create_new_version=true saves the body as a new version; otherwise the current version changes. */
export const formTemplateUpdateQuerySchema = z.strictObject({
  create_new_version: booleanQuery.default('false'),
});

export const formTemplateVersionListSchema = z.object({
  versions: z.array(
    z.object({
      version: z.number().int(),
      name: z.string(),
      last_updated_ts: timestampSchema,
      created_by_name: z.string().nullable(),
      field_count: z.number().int(),
      usage_count: z.number().int(),
      is_current: z.boolean(),
    }),
  ),
});
export type FormTemplateVersionList = z.infer<typeof formTemplateVersionListSchema>;

/** GET /api/forms/templates/{id}/preview: the current version as the filler would show it, with its counts. */
export const formTemplatePreviewSchema = z.object({
  template: formTemplateSchema,
  section_count: z.number().int(),
  field_count: z.number().int(),
  input_field_count: z.number().int(),
  required_field_count: z.number().int(),
  conditional_count: z.number().int(),
});
export type FormTemplatePreview = z.infer<typeof formTemplatePreviewSchema>;

export const formTemplateDeleteResponseSchema = z.object({
  message: z.string(),
  id: z.number().int(),
  /** Drafts started from it, deleted with it. */
  drafts_deleted: z.number().int(),
});
export type FormTemplateDeleteResponse = z.infer<typeof formTemplateDeleteResponseSchema>;

/** GET /api/forms/field-types (002 §7, §9): what the editor offers. */
export const formFieldTypeListSchema = z.object({
  field_types: z.array(
    z.object({
      value: z.enum(FORM_FIELD_TYPES),
      label: z.string(),
      is_input: z.boolean(),
      has_options: z.boolean(),
      /** The validation options that apply to it (keys of a field's `validation`). */
      validation: z.array(z.string()),
    }),
  ),
  form_types: z.array(z.object({ value: z.enum(FORM_TYPES), label: z.string() })),
  condition_operators: z.array(z.object({ value: z.enum(FORM_CONDITION_OPERATORS), label: z.string() })),
});
export type FormFieldTypeList = z.infer<typeof formFieldTypeListSchema>;

// --- Instances ---

const userIdField = z.union([idNumber('assigned_to_user_id must be the id of a user.'), z.null()]);
const optionalDate = z
  .union([dateField, z.literal(''), z.null()])
  .optional()
  .transform((v) => (v === '' ? null : v));

/** POST /api/forms/instances/ (002 §7), with an optional assignee and due date (issue #16 item 5). */
export const formInstanceCreateSchema = z.strictObject({
  form_template_id: idNumber('form_template_id must be the id of a form template.'),
  enrollment_id: idNumber('enrollment_id must be the id of an enrollment.'),
  assigned_to_user_id: userIdField.optional(),
  due_date: optionalDate,
});
export type FormInstanceCreateInput = z.input<typeof formInstanceCreateSchema>;
export type FormInstanceCreate = z.output<typeof formInstanceCreateSchema>;

/** GET /api/forms/instances/ (002 §7 filters; `compliance` lists the overdue or due-soon forms). */
export const formInstanceListQuerySchema = z.strictObject({
  ...pageQuery(FORM_INSTANCE_PAGE_SIZE, FORM_INSTANCE_PAGE_SIZE_MAX),
  enrollment_id: idString('enrollment_id must be the id of an enrollment.').optional(),
  form_template_id: idString('form_template_id must be the id of a form template.').optional(),
  status: z
    .enum(FORM_INSTANCE_STATUSES, { error: `Choose a status: ${FORM_INSTANCE_STATUSES.join(', ')}.` })
    .optional(),
  assigned_to_user_id: idString('assigned_to_user_id must be the id of a user.').optional(),
  /** overdue: due date passed and not submitted; due_soon: due within 7 days and not submitted. */
  compliance: z.enum(['overdue', 'due_soon'], { error: 'Choose overdue or due_soon.' }).optional(),
  program_id: idString('program_id must be the id of a program.').optional(),
});
export type FormInstanceListQuery = z.output<typeof formInstanceListQuerySchema>;

/** 002 §3 Form instance, with the version it is pinned to and what the caller may do with it. */
export const formInstanceSchema = z
  .object({
    id: z.number().int(),
    form_template_id: z.number().int(),
    form_template_name: z.string(),
    form_template_version: z.number().int(),
    form_type: z.enum(FORM_TYPES),
    enrollment_id: z.number().int(),
    member_name: z.string().nullable(),
    program_name: z.string().nullable(),
    status: z.enum(FORM_INSTANCE_STATUSES),
    field_data: z.record(z.string(), z.unknown()),
    completion_percentage: z.number().int(),
    assigned_to_user_id: z.number().int().nullable(),
    assigned_to_name: z.string().nullable(),
    due_date: dateOut.nullable(),
    started_at: timestampSchema,
    submitted_at: timestampSchema.nullable(),
    reviewed_at: timestampSchema.nullable(),
    reviewed_by_name: z.string().nullable(),
    approved_at: timestampSchema.nullable(),
    approved_by_name: z.string().nullable(),
    review_comment: z.string().nullable(),
    last_updated_ts: timestampSchema,
    last_updated_by_name: z.string().nullable(),
    created_by_name: z.string().nullable(),
    /** Goes up by one with every save: a save sends the revision it started from (409 when another came first). */
    revision: z.number().int(),
    can_edit: z.boolean(),
    can_review: z.boolean(),
    can_delete: z.boolean(),
  })
  .meta({ id: 'FormInstance' });
export type FormInstance = z.infer<typeof formInstanceSchema>;

/** The list leaves out each form's answers (they are read one form at a time, audited). */
export const formInstanceSummarySchema = formInstanceSchema.omit({ field_data: true });
export type FormInstanceSummary = z.infer<typeof formInstanceSummarySchema>;

export const formInstanceListSchema = z.object({
  instances: z.array(formInstanceSummarySchema),
  total: z.number().int(),
});
export type FormInstanceList = z.infer<typeof formInstanceListSchema>;

/**
 * PUT /api/forms/instances/{id}/submit (002 §7): the answers and draft or submitted. `revision` is the one the
 * client loaded: a save over another person's newer save is refused (409) instead of erasing it.
 */
export const formInstanceSubmitSchema = z.strictObject({
  field_data: z.record(z.string().max(100), z.unknown()),
  status: z.enum(['draft', 'submitted'], { error: 'Choose draft or submitted.' }).default('draft'),
  revision: z.number().int().min(0).optional(),
});
export type FormInstanceSubmitInput = z.input<typeof formInstanceSubmitSchema>;
export type FormInstanceSubmit = z.output<typeof formInstanceSubmitSchema>;

/** PUT /api/forms/instances/{id}/review: a manager or administrator marks a submitted form reviewed or approved. */
export const formInstanceReviewSchema = z.strictObject({
  status: z.enum(['reviewed', 'approved'], { error: 'Choose reviewed or approved.' }),
  comment: z
    .string()
    .max(2000, 'Must be at most 2000 characters.')
    .nullish()
    .transform((v) => (v?.trim() ? v.trim() : null)),
});
export type FormInstanceReviewInput = z.input<typeof formInstanceReviewSchema>;

/** PUT /api/forms/instances/{id}/assignment: who fills it, and by when (issue #16 item 5). */
export const formInstanceAssignmentSchema = z.strictObject({
  assigned_to_user_id: userIdField,
  due_date: optionalDate,
});
export type FormInstanceAssignmentInput = z.input<typeof formInstanceAssignmentSchema>;

export const FORM_HISTORY_ACTIONS = [
  'created',
  'saved',
  'submitted',
  'reviewed',
  'approved',
  'assigned',
] as const;

/** GET /api/forms/instances/{id}/history (002 §3 history entry: action, timestamp, user_name; and what changed). */
export const formInstanceHistorySchema = z.object({
  history: z.array(
    z.object({
      id: z.number().int(),
      action: z.enum(FORM_HISTORY_ACTIONS),
      timestamp: timestampSchema,
      user_name: z.string().nullable(),
      /** The fields whose answers this save changed, with their labels in the pinned version. */
      changed_fields: z.array(z.object({ field_id: z.string(), label: z.string() })),
      comment: z.string().nullable(),
    }),
  ),
});
export type FormInstanceHistory = z.infer<typeof formInstanceHistorySchema>;

export const formInstanceDeleteResponseSchema = z.object({ message: z.string(), id: z.number().int() });

// --- Analytics ---

/** GET /api/forms/analytics/overview and its CSV export (002 §7; the range defaults to the last 30 days). */
export const formAnalyticsQuerySchema = z
  .strictObject({
    start_date: dateField.optional(),
    end_date: dateField.optional(),
    cbo_id: idString('cbo_id must be the id of an organization.').optional(),
    program_id: idString('program_id must be the id of a program.').optional(),
  })
  .refine((q) => !q.start_date || !q.end_date || q.start_date <= q.end_date, {
    message: FORM_SERVER_MESSAGES.analyticsRange,
    path: ['start_date'],
  });
export type FormAnalyticsQuery = z.output<typeof formAnalyticsQuerySchema>;

/** 002 §3 analytics overview response. Times are minutes; rates are percentages with one decimal. */
export const formAnalyticsOverviewSchema = z
  .object({
    start_date: dateOut,
    end_date: dateOut,
    generated_at: timestampSchema,
    overview: z.object({
      total_forms: z.number().int(),
      completed_forms: z.number().int(),
      pending_review: z.number().int(),
      draft_forms: z.number().int(),
      completion_rate: z.number(),
      avg_completion_time: z.number().nullable(),
    }),
    by_type: z.array(
      z.object({
        form_type: z.enum(FORM_TYPES),
        total_submissions: z.number().int(),
        total_forms: z.number().int(),
        completion_rate: z.number(),
        avg_time_minutes: z.number().nullable(),
        by_template: z.array(
          z.object({
            template_id: z.number().int(),
            template_name: z.string(),
            total_forms: z.number().int(),
            total_submissions: z.number().int(),
          }),
        ),
      }),
    ),
    most_used: z.array(
      z.object({
        template_id: z.number().int(),
        template_name: z.string(),
        form_type: z.enum(FORM_TYPES),
        usage_count: z.number().int(),
      }),
    ),
    compliance: z.object({
      overdue: z.number().int(),
      due_soon: z.number().int(),
      compliant: z.number().int(),
    }),
  })
  .meta({ id: 'FormAnalyticsOverview' });
export type FormAnalyticsOverview = z.infer<typeof formAnalyticsOverviewSchema>;

/** 002 §2: the completion-rate bar is green at 80 or more, blue at 60 or more, amber below. */
export function completionRateColor(rate: number): 'green' | 'blue' | 'yellow' {
  if (rate >= 80) return 'green';
  if (rate >= 60) return 'blue';
  return 'yellow';
}
