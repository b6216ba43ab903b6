import { z } from 'zod';
import { idString, pageQuery, timestampSchema } from './common.ts';

// Provider communications on the wire (001 §2.10–§2.16, §3 Communication record and Conversation, §7 "Web form
// and communications listing"). Every communication of any channel, either direction, is one record; the SMS
// and email ones belong to a conversation (one per organization, provider, referral and channel).

/** 001 §3 Communication record method_type. */
export const COMMUNICATION_CHANNELS = ['sms', 'email', 'voice', 'web_form', 'fax'] as const;
export type CommunicationChannel = (typeof COMMUNICATION_CHANNELS)[number];

export const COMMUNICATION_DIRECTIONS = ['outbound', 'inbound'] as const;
export type CommunicationDirection = (typeof COMMUNICATION_DIRECTIONS)[number];

/**
 * Every status a record takes, by channel (001 §3): SMS queued → sent → delivered | undelivered | failed, and
 * received for an inbound one; email adds opened, clicked, bounced; a call initiating → ringing → in_progress →
 * completed | no_answer | failed (a voicemail is received); a web form queued → running → submitted | filled |
 * failed.
 */
export const COMMUNICATION_STATUSES = [
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'received',
  'opened',
  'clicked',
  'bounced',
  'initiating',
  'ringing',
  'in_progress',
  'completed',
  'no_answer',
  'running',
  'submitted',
  'filled',
] as const;
export type CommunicationStatus = (typeof COMMUNICATION_STATUSES)[number];

/** User-visible texts of provider communications (001 §2.10–§2.16, §5, §8), kept verbatim. */
export const COMMUNICATION_MESSAGES = {
  noConversations: 'No conversations yet',
  startConversation: 'Send a message to start a conversation',
  startNew: 'Start New',
  inboxTitle: 'Communications',
  referralSubtitle: 'All communications for this referral',
  faxPlaceholderTitle: 'Fax History View',
  faxPlaceholderText: 'Coming soon - Sent/received fax documents',
  voicePlaceholderTitle: 'Voice Call Transcripts',
  voicePlaceholderText: 'Coming soon - AI-transcribed call history',
  // 001 §5 sending rules
  phoneMissing: 'Provider phone number not available',
  emailMissing: 'Provider email not available',
  subjectRequired: 'Please enter a subject',
  referralRequired: 'Please select a referral to discuss',
  messageRequired: 'Please enter a message',
  subjectAndMessageRequired: 'Please enter subject and message',
  // 001 §8 messaging
  messageSent: 'Message sent successfully!',
  sendFailed: 'Failed to send message',
  unknownError: 'Unknown error',
  // Server-side rules the spec does not word
  referralNotFound: 'Referral not found',
  providerNotFound: 'Provider not found',
  conversationNotFound: 'Conversation not found',
  communicationNotFound: 'Communication not found',
  attachmentNotFound: 'Attachment not found',
  // Issue #12: messages nobody could place are read and filed by platform operators only.
  unmatchedForbidden: 'Only platform operators see and file the messages nobody could place.',
  optedOut:
    'This number has opted out of text messages (it answered STOP). It can text START to opt back in; call or email the provider instead.',
  invalidPhone: 'Enter a phone number of 10 digits.',
  invalidEmail: 'Enter a valid email address.',
  badSignature: 'The request signature does not verify.',
  localDriverOnly:
    'Simulating a provider is possible only with the local drivers (the real SMS, email and voice services deliver replies themselves).',
} as const;

/** `Conversations with {provider}` (001 §2.11 subtitle). */
export function conversationsWithMessage(provider: string): string {
  return `Conversations with ${provider}`;
}

/** 001 §3 Communication record, and the detail a screen needs to show it. */
export const communicationSchema = z
  .object({
    id: z.number().int(),
    conversation_id: z.number().int().nullable(),
    referral_id: z.number().int().nullable(),
    referral_number: z.string().nullable(),
    provider_id: z.number().int().nullable(),
    provider_name: z.string().nullable(),
    /** The provider's method the message went through, when it was a referral send (001 §2.1). */
    communication_method_id: z.number().int().nullable(),
    method_type: z.enum(COMMUNICATION_CHANNELS),
    direction: z.enum(COMMUNICATION_DIRECTIONS),
    status: z.string(),
    /** Why it was sent: 'referral_send', 'referral_phi', 'member_notice', 'conversation', 'call', 'voicemail', … */
    category: z.string(),
    /** The body (an SMS, an email's text, a call's context message, a voicemail's transcription). */
    message_content: z.string().nullable(),
    subject: z.string().nullable(),
    /** The other side's phone number or email address (the provider's, or the member's). */
    contact_value: z.string().nullable(),
    from_address: z.string().nullable(),
    to_address: z.string().nullable(),
    sent_at: timestampSchema.nullable(),
    delivered_at: timestampSchema.nullable(),
    opened_at: timestampSchema.nullable(),
    clicked_at: timestampSchema.nullable(),
    read_at: timestampSchema.nullable(),
    created_at: timestampSchema,
    /** true once delivered (or received), false when it failed, null while in flight. */
    success: z.boolean().nullable(),
    error_message: z.string().nullable(),
    /** Inbound SMS: accept, decline, question, help, stop, start or other. */
    intent: z.string().nullable(),
    phi_included: z.boolean(),
    /** When the body was sealed at rest (AES-256-GCM); null for a body kept readable. */
    encrypted_at: timestampSchema.nullable(),
    /** The member-details email sent on acceptance (000 §2.5). */
    is_acceptance_email: z.boolean(),
    attachments_count: z.number().int(),
    /** Of the record's conversation (001 §3 Communication record). */
    unread_count: z.number().int(),
    last_message: z.string().nullable(),
    last_message_at: timestampSchema.nullable(),
  })
  .meta({ id: 'Communication' });
export type Communication = z.infer<typeof communicationSchema>;

export const COMMUNICATIONS_PAGE_SIZE = 50;

const optionalId = idString().optional();

/** 001 §7 GET /api/communications?provider_id&referral_id&method: newest first, one page. */
export const communicationListQuerySchema = z.object({
  provider_id: optionalId,
  referral_id: optionalId,
  /** 001 §2.11 filters: omitted for All. 'voice' covers calls and voicemails. */
  method: z.enum(COMMUNICATION_CHANNELS).optional(),
  direction: z.enum(COMMUNICATION_DIRECTIONS).optional(),
  ...pageQuery(COMMUNICATIONS_PAGE_SIZE, 200),
});
export type CommunicationListQuery = z.output<typeof communicationListQuerySchema>;

export const communicationPageSchema = z.object({
  communications: z.array(communicationSchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type CommunicationPage = z.infer<typeof communicationPageSchema>;

/** 001 §3 Conversation: one per referral and method with a provider (or an unknown sender). */
export const conversationSchema = z
  .object({
    id: z.number().int(),
    method_type: z.enum(COMMUNICATION_CHANNELS),
    provider_id: z.number().int().nullable(),
    provider_name: z.string().nullable(),
    referral_id: z.number().int().nullable(),
    referral_number: z.string().nullable(),
    /** The provider's phone number or email address the conversation is with. */
    contact_value: z.string(),
    /** First 80 characters of the newest message (001 §9), with an ellipsis when it goes on. */
    last_message: z.string().nullable(),
    last_message_at: timestampSchema.nullable(),
    last_direction: z.enum(COMMUNICATION_DIRECTIONS).nullable(),
    unread_count: z.number().int(),
    message_count: z.number().int(),
    /**
     * false for an inbound message the server could not place (an unknown number or address, or a provider no
     * organization has written to): it is shown to coordinators rather than dropped.
     */
    matched: z.boolean(),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/conversations: the inbox list (001 §2.11), newest activity first. */
export const conversationListQuerySchema = z.object({
  provider_id: optionalId,
  referral_id: optionalId,
  method: z.enum(COMMUNICATION_CHANNELS).optional(),
  /** true: only the inbound messages nobody could place (platform operators only, issue #12). */
  unmatched: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  ...pageQuery(COMMUNICATIONS_PAGE_SIZE, 200),
});
export type ConversationListQuery = z.output<typeof conversationListQuerySchema>;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSchema),
  /** Unread inbound messages over every conversation the filters select (001 §2.11 total unread badge). */
  total_unread: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** POST /api/conversations/{id}/assign: files an unmatched conversation under a referral of the caller's. */
export const conversationAssignSchema = z.strictObject({
  referral_id: z.number().int().positive(),
  provider_id: z.number().int().positive().optional().nullable(),
});
export type ConversationAssign = z.infer<typeof conversationAssignSchema>;

/** 001 §7 GET /api/providers/{providerId}/referrals: the referrals a coordinator may discuss with a provider. */
export const providerReferralSchema = z.object({
  id: z.number().int(),
  referral_number: z.string(),
  member_name: z.string(),
  status: z.string(),
  sdoh_needs: z.array(z.string()),
  /** The urgency the coordinator chose (issue #14); urgency_level is the spec's server value derived from it. */
  urgency: z.string(),
  urgency_level: z.string().nullable(),
  created_at: timestampSchema,
  /** The referral is matched or was sent to this provider (listed first), or talked about with it. */
  linked: z.boolean(),
});
export type ProviderReferral = z.infer<typeof providerReferralSchema>;

export const providerReferralsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
});
export const providerReferralListSchema = z.object({ referrals: z.array(providerReferralSchema) });
export type ProviderReferralList = z.infer<typeof providerReferralListSchema>;

/**
 * Server-Sent Events of provider communications (DESIGN.md "Real-time"), to the organization of the
 * conversation (or every signed-in coordinator for an unmatched one). They carry ids only, never content.
 */
export const COMMUNICATION_EVENTS = {
  /** A new record (sent, received, a call, a voicemail, a web-form run). */
  created: 'communication.created',
  /** A record's status changed (delivered, failed, opened, call completed…). */
  updated: 'communication.updated',
  /** A conversation's unread count changed (read, or assigned). */
  conversationChanged: 'conversation.changed',
} as const;

export const communicationEventDataSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int().nullable(),
  referral_id: z.number().int().nullable(),
  provider_id: z.number().int().nullable(),
  method_type: z.enum(COMMUNICATION_CHANNELS),
  direction: z.enum(COMMUNICATION_DIRECTIONS),
  status: z.string(),
});
export type CommunicationEventData = z.infer<typeof communicationEventDataSchema>;

/** 001 §9 polling intervals, used only while the event stream is down. */
export const POLL_INTERVALS_MS = { sms: 10_000, communications: 15_000, email: 30_000 } as const;

/**
 * 001 §2.12 timestamps: time only if today, 'Yesterday' plus time, otherwise short date plus time. `locale`
 * and `timeZone` default to the browser's.
 */
export function formatMessageTime(
  iso: string,
  now: Date = new Date(),
  options: { locale?: string; timeZone?: string } = {},
): string {
  const at = new Date(iso);
  const { locale, timeZone } = options;
  const time = at.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone });
  if (day(at) === day(now)) return time;
  const yesterday = new Date(now.getTime() - 86_400_000);
  if (day(at) === day(yesterday)) return `Yesterday ${time}`;
  const date = at.toLocaleDateString(locale, { month: 'short', day: 'numeric', timeZone });
  return `${date} ${time}`;
}
