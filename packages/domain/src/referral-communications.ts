import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';
import { WEB_FORM_STATUSES } from './web-form-wire.ts';

// What the product sent about one referral (000 §2.7 Communications tab) and the provider web-form submission
// records of that referral (000 §7 screenshots, 001 §3 web form submission record).

/** 001 §9: a message's preview is its first 80 characters ("last-message preview 80"). */
export const MESSAGE_PREVIEW_LENGTH = 80;

/**
 * The preview of a message body: white space collapsed (an SMS or an email's text part reads as one line), the
 * first 80 characters, and an ellipsis when the body goes on, so a reader knows there is more.
 */
export function messagePreview(body: string): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > MESSAGE_PREVIEW_LENGTH ? `${flat.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : flat;
}

/** One message about a referral, as its Communications tab lists it. */
export const referralMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.string(),
    /** Why it was sent: 'referral_status' (the member's SMS), 'referral_phi' (the provider's details email)… */
    category: z.string(),
    to: z.string(),
    subject: z.string().nullable(),
    /** queued → sent | failed (the outbox's delivery states). */
    status: z.string(),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    last_error: z.string().nullable(),
    /**
     * The first 80 characters of the body; null for a message that carries PHI (the provider's details email):
     * its body is sealed at rest and is never shown again, only its subject.
     */
    preview: z.string().nullable(),
    /** The body holds PHI (sealed at rest; no preview). */
    phi: z.boolean(),
  })
  .meta({ id: 'ReferralMessage' });
export type ReferralMessage = z.infer<typeof referralMessageSchema>;

export const REFERRAL_MESSAGES_PAGE_SIZE = 50;

/** GET /api/referrals/{id}/messages query: newest first, one page. */
export const referralMessagesQuerySchema = z.object({
  ...pageQuery(REFERRAL_MESSAGES_PAGE_SIZE, 200),
});
export type ReferralMessagesQuery = z.output<typeof referralMessagesQuerySchema>;

export const referralMessageListSchema = z.object({
  messages: z.array(referralMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ReferralMessageList = z.infer<typeof referralMessageListSchema>;

/** 001 §3 web form submission record. */
export const webFormSubmissionSchema = z
  .object({
    id: z.number().int(),
    created_at: timestampSchema,
    /** queued → running → submitted | filled | failed: where the automation is (the flags say what happened). */
    status: z.enum(WEB_FORM_STATUSES),
    /** Field name → whether the automation could fill it. */
    fields_filled: z.record(z.string(), z.boolean()),
    /** Base64 PNG of the page before and after filling. */
    screenshot_before: z.string().nullable(),
    screenshot_after: z.string().nullable(),
    submission_success: z.boolean(),
    form_submitted: z.boolean(),
    page_url: z.string().nullable(),
    page_title: z.string().nullable(),
    message: z.string().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebFormSubmission' });
export type WebFormSubmission = z.infer<typeof webFormSubmissionSchema>;

/** Screenshots are large (base64 PNG): a page holds few of them. */
export const REFERRAL_SCREENSHOTS_PAGE_SIZE = 10;

/** GET /api/referrals/{id}/screenshots query: newest first, one page. */
export const referralScreenshotsQuerySchema = z.object({
  ...pageQuery(REFERRAL_SCREENSHOTS_PAGE_SIZE, 50),
});
export type ReferralScreenshotsQuery = z.output<typeof referralScreenshotsQuerySchema>;

export const referralScreenshotListSchema = z.object({
  screenshots: z.array(webFormSubmissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ReferralScreenshotList = z.infer<typeof referralScreenshotListSchema>;

/** 001 §3: "Submitted if submission_success, Attempted if form_submitted, otherwise Filled". */
export function webFormSubmissionStatus(
  record: Pick<WebFormSubmission, 'submission_success' | 'form_submitted'>,
): 'Submitted' | 'Attempted' | 'Filled' {
  if (record.submission_success) return 'Submitted';
  if (record.form_submitted) return 'Attempted';
  return 'Filled';
}
