import { z } from 'zod';
import { idNumber, idString, queryInt, timestampSchema } from './common.ts';

// Email conversations with providers on the wire (001 §2.13, §3 Email and Email template, §7 "SMS and email").

/** 001 §3 Email status; 'queued' until the delivery job hands it over, 'received' for an inbound one. */
export const EMAIL_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'opened',
  'clicked',
  'failed',
  'bounced',
  'received',
] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** 001 §9: the body collapses above 200 characters ('Show more' / 'Show less'). */
export const EMAIL_COLLAPSE_THRESHOLD = 200;

/** Attachments: at most this many files per email, each and all together at most these sizes. */
export const EMAIL_ATTACHMENTS_MAX = 10;
export const EMAIL_ATTACHMENT_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
export const EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES = 20 * 1024 * 1024;

export const EMAIL_MESSAGES = {
  noEmails: 'No email conversations yet',
  sendFirst: 'Send the first email to start the conversation',
  loading: 'Loading emails...',
  sending: 'Sending...',
  send: 'Send Email',
  sendFailedNetwork: 'Failed to send email.',
  securityNotice:
    'Emails are sent over TLS 1.2+, stored encrypted at rest with AES-256-GCM, and every read of PHI is written to the audit log.',
  tooManyAttachments: `Attach at most ${EMAIL_ATTACHMENTS_MAX} files to one email.`,
  attachmentTooLarge: 'This attachment is too large.',
  attachmentsTooLarge: 'The attachments together are too large (20 MB at most).',
  emptyAttachment: 'This attachment is empty.',
  templateNotFound: 'Email template not found',
  inboundUnauthorized: 'The inbound email webhook needs its bearer token (INBOUND_EMAIL_TOKEN).',
} as const;

/** 001 §8 'Failed to send email: {server error or Unknown error}'. */
export function emailSendFailedMessage(error: string | null | undefined): string {
  return `Failed to send email: ${error?.trim() || 'Unknown error'}`;
}

export const emailAttachmentSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  /** Bytes (001 §2.13 shows KB). */
  size: z.number().int(),
  content_type: z.string(),
  /** Where the signed-in browser downloads it (GET, bearer token; audited). */
  url: z.string(),
});
export type EmailAttachment = z.infer<typeof emailAttachmentSchema>;

/** 001 §3 Email. */
export const emailSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int().nullable(),
    referral_id: z.number().int().nullable(),
    provider_id: z.number().int().nullable(),
    direction: z.enum(['outbound', 'inbound']),
    subject: z.string(),
    /** Sanitised HTML (the server removes scripts, handlers and remote frames), or null for a text-only one. */
    body_html: z.string().nullable(),
    body_text: z.string(),
    status: z.string(),
    to_email: z.string(),
    from_email: z.string(),
    cc_emails: z.array(z.string()),
    created_at: timestampSchema,
    sent_at: timestampSchema.nullable(),
    opened_at: timestampSchema.nullable(),
    clicked_at: timestampSchema.nullable(),
    has_attachments: z.boolean(),
    attachments_count: z.number().int(),
    attachments: z.array(emailAttachmentSchema),
    error_message: z.string().nullable(),
    is_acceptance_email: z.boolean(),
    sent_by_name: z.string().nullable(),
  })
  .meta({ id: 'Email' });
export type Email = z.infer<typeof emailSchema>;

/** 001 §7 GET /api/email/conversations?referral_id&provider_id: oldest first. */
export const emailConversationQuerySchema = z.object({
  referral_id: idString().optional(),
  provider_id: idString().optional(),
  conversation_id: idString().optional(),
  limit: queryInt({ min: 1, max: 200 }).default(100),
});
export type EmailConversationQuery = z.output<typeof emailConversationQuerySchema>;

export const emailConversationSchema = z.object({
  conversation_id: z.number().int().nullable(),
  provider_id: z.number().int().nullable(),
  provider_name: z.string().nullable(),
  email: z.string().nullable(),
  emails: z.array(emailSchema),
});
export type EmailConversation = z.infer<typeof emailConversationSchema>;

/** 001 §3 Email template. */
export const emailTemplateSchema = z
  .object({
    id: z.string(),
    template_name: z.string(),
    template_type: z.string(),
    subject_template: z.string(),
    body_text_template: z.string(),
    body_html_template: z.string().nullable(),
  })
  .meta({ id: 'EmailTemplate' });
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailTemplateListSchema = z.object({ templates: z.array(emailTemplateSchema) });
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;

/**
 * POST /api/email/send: JSON, or multipart/form-data with the same fields plus files under `attachments`.
 * `cc_emails` is a list (or one comma-separated string in a form).
 */
export const emailSendSchema = z.object({
  referral_id: idNumber().optional().nullable(),
  provider_id: idNumber(),
  /** Defaults to the provider's email address. */
  to_email: z.string().trim().max(320).optional().nullable(),
  cc_emails: z
    .union([z.array(z.string().trim().max(320)).max(20), z.string().max(4000)])
    .optional()
    .nullable(),
  subject: z.string().max(300),
  body: z.string().max(100_000),
  use_html: z.union([z.boolean(), z.enum(['true', 'false', 'on'])]).optional(),
  template_id: z.string().max(100).optional().nullable(),
});
export type EmailSend = z.infer<typeof emailSendSchema>;

export const emailSendResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  email: emailSchema,
});
export type EmailSendResponse = z.infer<typeof emailSendResponseSchema>;

/**
 * POST /api/webhooks/email/inbound (bearer INBOUND_EMAIL_TOKEN): a reply as an inbound mail service
 * (SendGrid Inbound Parse, Mailgun routes, Postmark…) can be set to post it, already parsed to JSON.
 * Threading: `in_reply_to`/`references` name one of our Message-IDs, or `to` is our plus-addressed reply
 * address; failing both, the sender's address and a '#referral number' in the subject.
 */
export const inboundEmailSchema = z.object({
  from: z.string().trim().min(3).max(320),
  to: z.union([z.string().max(4000), z.array(z.string().max(320))]),
  cc: z
    .union([z.string().max(4000), z.array(z.string().max(320))])
    .optional()
    .nullable(),
  subject: z.string().max(1000).default(''),
  text: z.string().max(1_000_000).optional().nullable(),
  html: z.string().max(2_000_000).optional().nullable(),
  message_id: z.string().max(1000).optional().nullable(),
  in_reply_to: z.string().max(1000).optional().nullable(),
  references: z
    .union([z.string().max(10_000), z.array(z.string().max(1000))])
    .optional()
    .nullable(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(255),
        content_type: z.string().max(200).default('application/octet-stream'),
        /** The file's bytes, base64. */
        content: z.string(),
      }),
    )
    .max(EMAIL_ATTACHMENTS_MAX)
    .default([]),
});
export type InboundEmail = z.input<typeof inboundEmailSchema>;

/**
 * POST /api/outbox/inbound/email (local driver only, platform operators): a person replies as the provider
 * to one email of the outbox, and the reply takes the inbound webhook's path (threaded by In-Reply-To).
 */
export const simulatedInboundEmailSchema = z.strictObject({
  /** The outbox message (GET /api/outbox) being answered. */
  outbox_message_id: z.number().int().positive(),
  body: z.string().min(1).max(100_000),
  subject: z.string().max(1000).optional(),
});
export type SimulatedInboundEmail = z.infer<typeof simulatedInboundEmailSchema>;

export const inboundEmailResultSchema = z.object({
  communication_id: z.number().int(),
  conversation_id: z.number().int().nullable(),
  matched: z.boolean(),
  referral_id: z.number().int().nullable(),
});
export type InboundEmailResult = z.infer<typeof inboundEmailResultSchema>;
