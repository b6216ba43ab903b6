import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';

// The OTF/RTF submission form (000 §2.9, §3.7, §5.6, §9 "OTF/RTF options"). The spec does not show the call;
// the API is POST /api/otf-rtf and GET /api/otf-rtf (the active organization's submissions).

/** 000 §9 OTF/RTF options, verbatim. */
export const OTF_REFERRAL_TYPES = [
  'Outpatient follow up',
  'Inpatient follow up',
  'Emergency follow up',
  'Preventive care',
] as const;
export const OTF_SDOH_NEEDS = [
  'Housing',
  'Food Assistance',
  'Transportation',
  'Mental Health',
  'Substance Abuse',
  'Employment',
  'Insurance',
] as const;
export const OTF_TIMELINES = [
  'Immediate (24 hours)',
  'Within 1 week',
  'Within 2 weeks',
  'Within 1 month',
] as const;
export const OTF_LANGUAGES = ['English', 'Spanish', 'French', 'Mandarin', 'Arabic', 'Other'] as const;
export const OTF_ESCALATIONS = ['Low', 'Medium', 'High', 'Critical'] as const;
export type OtfEscalation = (typeof OTF_ESCALATIONS)[number];

/** 000 §5.6 form defaults. */
export const OTF_DEFAULTS = {
  zip_code: '82001',
  referral_type: 'Outpatient follow up',
  sdoh_need: 'Housing',
  preferred_language: 'English',
  timeline: 'Within 1 week',
  escalation: 'Medium',
} as const satisfies OtfRtfCreateInput;

export const OTF_MESSAGES = {
  zipRequired: 'ZIP code is required.',
  zipFormat: 'Enter a 5-digit ZIP code.',
  referralTypeRequired: 'Referral type is required.',
  sdohNeedRequired: 'SDoH need is required.',
  languageRequired: 'Preferred language is required.',
  timelineRequired: 'Timeline is required.',
  escalationRequired: 'Escalation level is required.',
  oneOf: (options: readonly string[]) => `Choose one of: ${options.join(', ')}.`,
  submitted: 'OTF/RTF submitted successfully.',
  submitFailed: 'Failed to submit OTF/RTF.',
  loadFailed: 'Failed to load OTF/RTF submissions.',
  empty: 'No OTF/RTF submissions yet. Submissions from your organization will appear here.',
} as const;

/** Escalation badge colours: one per level, from calm to alarming. */
export function escalationColor(level: string): string {
  switch (level) {
    case 'Low':
      return 'green';
    case 'Medium':
      return 'yellow';
    case 'High':
      return 'orange';
    case 'Critical':
      return 'red';
    default:
      return 'gray';
  }
}

/** A required choice among `options`: missing or blank says "required", anything else lists the options. */
function choice<T extends readonly [string, ...string[]]>(options: T, requiredMessage: string) {
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ error: requiredMessage })
      .trim()
      .pipe(z.enum(options, { error: OTF_MESSAGES.oneOf(options) })),
  );
}

/** POST /api/otf-rtf body: 000 §5.6 "all six fields required", each one of the §9 options; ZIP 5 digits. */
export const otfRtfCreateSchema = z.strictObject({
  zip_code: z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z
      .string({ error: OTF_MESSAGES.zipRequired })
      .trim()
      .regex(/^\d{5}$/, OTF_MESSAGES.zipFormat),
  ),
  referral_type: choice(OTF_REFERRAL_TYPES, OTF_MESSAGES.referralTypeRequired),
  sdoh_need: choice(OTF_SDOH_NEEDS, OTF_MESSAGES.sdohNeedRequired),
  preferred_language: choice(OTF_LANGUAGES, OTF_MESSAGES.languageRequired),
  timeline: choice(OTF_TIMELINES, OTF_MESSAGES.timelineRequired),
  escalation: choice(OTF_ESCALATIONS, OTF_MESSAGES.escalationRequired),
});
export type OtfRtfCreateInput = z.input<typeof otfRtfCreateSchema>;
export type OtfRtfCreate = z.output<typeof otfRtfCreateSchema>;

/** One stored submission (000 §3.7: the six fields plus id and created time). */
export const otfRtfSubmissionSchema = z
  .object({
    id: z.number().int(),
    organization_id: z.number().int(),
    created_by: z.number().int().nullable(),
    /** The submitting user's name (null once the account is gone). */
    created_by_name: z.string().nullable(),
    zip_code: z.string(),
    referral_type: z.string(),
    sdoh_need: z.string(),
    preferred_language: z.string(),
    timeline: z.string(),
    escalation: z.string(),
    created_at: timestampSchema,
  })
  .meta({ id: 'OtfRtfSubmission' });
export type OtfRtfSubmission = z.infer<typeof otfRtfSubmissionSchema>;

export const OTF_PAGE_SIZE_DEFAULT = 20;
export const OTF_PAGE_SIZE_MAX = 100;

/** GET /api/otf-rtf query: the active organization's submissions, newest first, paged. */
export const otfRtfListQuerySchema = z.object({
  ...pageQuery(OTF_PAGE_SIZE_DEFAULT, OTF_PAGE_SIZE_MAX),
});
export type OtfRtfListQuery = z.output<typeof otfRtfListQuerySchema>;

export const otfRtfListSchema = z.object({
  submissions: z.array(otfRtfSubmissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OtfRtfList = z.infer<typeof otfRtfListSchema>;
