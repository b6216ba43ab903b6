import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';

// The outbox: every email and SMS the product sends, with its delivery status (issue 3, item 1).

export const OUTBOUND_CHANNELS = ['email', 'sms'] as const;
export type OutboundChannel = (typeof OUTBOUND_CHANNELS)[number];

export const OUTBOUND_STATUSES = ['queued', 'sent', 'failed'] as const;
export type OutboundStatus = (typeof OUTBOUND_STATUSES)[number];

/** One message as the outbox shows it. */
export const outboundMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.string(),
    category: z.string(),
    to: z.string(),
    subject: z.string().nullable(),
    body_text: z.string(),
    body_html: z.string().nullable(),
    status: z.string(),
    driver: z.string().nullable(),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    provider_message_id: z.string().nullable(),
    user_id: z.number().int().nullable(),
    organization_id: z.number().int().nullable(),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    /** The body carries a secret: a reset or invitation link, a one-time sign-in code. */
    carries_secret: z.boolean(),
    /**
     * When the secret-bearing body stopped being kept (a real driver delivered it, or it failed for good):
     * body_text is then OUTBOX_MESSAGES.secretBodyRemoved and body_html null.
     */
    body_removed_at: timestampSchema.nullable(),
  })
  .meta({ id: 'OutboundMessage' });
export type OutboundMessage = z.infer<typeof outboundMessageSchema>;

/** GET /api/outbox query: newest first, paged, optionally one channel. */
export const outboxListQuerySchema = z.strictObject({
  ...pageQuery(50, 200),
  channel: z.enum(OUTBOUND_CHANNELS).optional(),
});
export type OutboxListQuery = z.input<typeof outboxListQuerySchema>;

export const outboxListSchema = z.object({
  messages: z.array(outboundMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type OutboxList = z.infer<typeof outboxListSchema>;

export const OUTBOX_MESSAGES = {
  forbidden: 'Only platform operators can read the outbox.',
  notFound: 'No such message in the outbox.',
  empty: 'No messages have been sent yet.',
  /**
   * What the outbox keeps of a message that carried a secret once a mail or SMS service delivered it (or it
   * failed for good), and shows of one a real driver is still delivering: the link or code is for its recipient
   * only (issue #12).
   */
  secretBodyRemoved:
    'This message carried a one-time link or code for its recipient. It is not kept once a mail or SMS service has delivered it.',
} as const;
