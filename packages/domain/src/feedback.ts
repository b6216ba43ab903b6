import { z } from 'zod';
import { idNumber, idString, pageQuery, timestampSchema } from './common.ts';
import { MATCH_FEEDBACK_STATUSES } from './matching-wire.ts';

// 003 §7.5 product API: POST /api/feedback, GET /api/feedback/{id}, GET /api/feedback. The same match feedback
// as POST /feedback (001 §3 Match feedback, table match_feedback): what an organization reported about a
// provider it matched (accepted, rejected, completed, failed), counted in the provider's acceptance rate.

export const FEEDBACK_MESSAGES = {
  referralRequired: 'The referral must be an id: a whole number from 1.',
  providerRequired: 'Choose the provider this feedback is about.',
  statusInvalid: 'Status must be accepted, rejected, completed or failed.',
  scoreInvalid: 'Score must be a number from 0 to 1.',
  notesTooLong: 'Notes can be at most 2000 characters.',
  notFound: 'Feedback not found',
  recorded: 'Feedback recorded.',
} as const;

export const FEEDBACK_NOTES_MAX = 2000;

/** POST /api/feedback. Unknown fields are refused (400), so a misspelt field is never dropped silently. */
export const feedbackCreateRequestSchema = z.strictObject({
  referral_id: idNumber(FEEDBACK_MESSAGES.referralRequired).nullish(),
  provider_id: idNumber(FEEDBACK_MESSAGES.providerRequired),
  status: z.enum(MATCH_FEEDBACK_STATUSES, FEEDBACK_MESSAGES.statusInvalid),
  score: z
    .number({ error: FEEDBACK_MESSAGES.scoreInvalid })
    .min(0, FEEDBACK_MESSAGES.scoreInvalid)
    .max(1, FEEDBACK_MESSAGES.scoreInvalid)
    .nullish(),
  notes: z.string().trim().max(FEEDBACK_NOTES_MAX, FEEDBACK_MESSAGES.notesTooLong).nullish(),
});
export type FeedbackCreateRequest = z.infer<typeof feedbackCreateRequestSchema>;

/** One feedback record. Names the provider and the referral by number; never the member. */
export const feedbackSchema = z
  .object({
    id: z.number().int(),
    referral_id: z.number().int().nullable(),
    referral_number: z.string().nullable(),
    provider_id: z.number().int(),
    provider_name: z.string().nullable(),
    organization_id: z.number().int().nullable(),
    user_id: z.number().int().nullable(),
    status: z.enum(MATCH_FEEDBACK_STATUSES),
    score: z.number().nullable(),
    notes: z.string().nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackSchema>;

/** GET /api/feedback: the active organization's feedback, newest first, paged and filtered. */
export const feedbackListQuerySchema = z.strictObject({
  ...pageQuery(50, 200),
  provider_id: idString().optional(),
  referral_id: idString().optional(),
  status: z.enum(MATCH_FEEDBACK_STATUSES, FEEDBACK_MESSAGES.statusInvalid).optional(),
});
export type FeedbackListQuery = z.infer<typeof feedbackListQuerySchema>;

export const feedbackListSchema = z.object({
  feedback: z.array(feedbackSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type FeedbackList = z.infer<typeof feedbackListSchema>;
