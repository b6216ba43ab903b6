import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { outboundMessages } from './outbound.ts';
import { providers } from './providers.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/**
 * 001 §3 Conversation: the thread of one channel between an organization and a provider about one referral
 * (referral null: about nothing in particular). `organization_id` null marks an inbound message nobody could
 * place (an unknown number or address): platform operators see it rather than it being dropped. `counterpart` is
 * the other side's address, normalised (E.164 phone, lower-case email), so an inbound message finds its thread.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    /** 'sms' | 'email' (001 §2.10: one row per referral and method). */
    channel: text('channel').notNull(),
    counterpart: text('counterpart').notNull(),
    lastCommunicationId: integer('last_communication_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    lastDirection: text('last_direction'),
    /** Inbound messages not yet read by anyone of the organization. */
    unreadCount: integer('unread_count').notNull().default(0),
    messageCount: integer('message_count').notNull().default(0),
    /** The reply-address token of an email thread (reply+TOKEN@…), random; null for SMS. */
    replyToken: text('reply_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One thread per organization, provider, referral and channel; NULLs (no referral, unmatched) count as equal.
    unique('conversations_thread_uq')
      .on(t.organizationId, t.providerId, t.referralId, t.channel, t.counterpart)
      .nullsNotDistinct(),
    // The inbox: an organization's threads, newest activity first (optionally one provider's or one referral's).
    index('conversations_org_last_idx').on(t.organizationId, t.lastMessageAt.desc()),
    index('conversations_org_provider_last_idx').on(t.organizationId, t.providerId, t.lastMessageAt.desc()),
    index('conversations_referral_idx').on(t.referralId),
    // An inbound message finds its thread by the sender's address.
    index('conversations_counterpart_idx').on(t.channel, t.counterpart, t.lastMessageAt.desc()),
    uniqueIndex('conversations_reply_token_uq').on(t.replyToken).where(sql`${t.replyToken} IS NOT NULL`),
    // Unmatched threads, for the platform operators' list.
    index('conversations_unmatched_idx').on(t.lastMessageAt.desc()).where(sql`${t.organizationId} IS NULL`),
  ],
);

/**
 * The inbox's totals per organization and channel (001 §2.11 total unread badge, the list's count): kept in step
 * with the threads by the communications repo, so the organization's inbox never counts its threads on a read
 * (at 100 000 threads that count was a 20 ms parallel scan per request). `organization_id` null: unmatched.
 */
export const conversationTotals = pgTable(
  'conversation_totals',
  {
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    channel: text('channel').notNull(),
    /** Threads with at least one message (the ones the inbox lists). */
    threads: integer('threads').notNull().default(0),
    unread: integer('unread').notNull().default(0),
  },
  (t) => [unique('conversation_totals_uq').on(t.organizationId, t.channel).nullsNotDistinct()],
);

/**
 * 001 §3 Communication record: every communication of any channel, either direction — an SMS, an email, a call,
 * a voicemail, a web-form submission — with its delivery state and times. An outbound SMS or email is delivered
 * through the outbox (`outbound_message_id`: adapters/outbound.ts retries it) and this row follows its state. A
 * body that names the member (`phi`) is stored sealed with AES-256-GCM (platform/secret-box.ts).
 */
export const communications = pgTable(
  'communications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    /** Who sent it (outbound) or read it first (inbound); null for the system. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'sms' | 'email' | 'voice' | 'web_form' | 'fax' (001 §3 method_type). */
    channel: text('channel').notNull(),
    direction: text('direction').notNull(),
    /** Why: 'referral_send', 'referral_phi', 'member_notice', 'conversation', 'auto_reply', 'call', 'voicemail', 'web_form'. */
    category: text('category').notNull(),
    status: text('status').notNull(),
    fromAddress: text('from_address'),
    toAddress: text('to_address'),
    /** The other side's address, normalised (E.164 phone or lower-case email). */
    counterpart: text('counterpart'),
    ccAddresses: text('cc_addresses').array().notNull().default([]),
    subject: text('subject'),
    bodyText: text('body_text'),
    bodyHtml: text('body_html'),
    phi: boolean('phi').notNull().default(false),
    /** Inbound SMS: 'accept' | 'decline' | 'question' | 'help' | 'stop' | 'start' | 'other'. */
    intent: text('intent'),
    numSegments: smallint('num_segments'),
    /** The service's id: Twilio's message or call sid, an email's Message-ID. */
    externalId: text('external_id'),
    outboundMessageId: integer('outbound_message_id').references(() => outboundMessages.id, {
      onDelete: 'set null',
    }),
    communicationMethodId: integer('communication_method_id'),
    errorMessage: text('error_message'),
    isAcceptanceEmail: boolean('is_acceptance_email').notNull().default(false),
    /** Random token of the tracking pixel and tracked links of an outbound email (001 §2.13 opened, clicked). */
    trackingToken: text('tracking_token'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communications_conversation_idx').on(t.conversationId, t.createdAt),
    index('communications_referral_idx')
      .on(t.referralId, t.createdAt.desc())
      .where(sql`${t.referralId} IS NOT NULL`),
    index('communications_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('communications_org_provider_idx').on(t.organizationId, t.providerId, t.createdAt.desc()),
    index('communications_external_idx').on(t.externalId).where(sql`${t.externalId} IS NOT NULL`),
    uniqueIndex('communications_outbound_uq')
      .on(t.outboundMessageId)
      .where(sql`${t.outboundMessageId} IS NOT NULL`),
    uniqueIndex('communications_tracking_uq').on(t.trackingToken).where(sql`${t.trackingToken} IS NOT NULL`),
    index('communications_counterpart_idx')
      .on(t.channel, t.counterpart, t.createdAt.desc())
      .where(sql`${t.counterpart} IS NOT NULL`),
  ],
);

/** Files sent or received with an email (001 §2.13), stored encrypted like case documents (platform/storage). */
export const communicationAttachments = pgTable(
  'communication_attachments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    communicationId: integer('communication_id')
      .notNull()
      .references(() => communications.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('communication_attachments_communication_idx').on(t.communicationId)],
);

/**
 * Numbers that answered STOP (CTIA and Twilio opt-out keywords, English and Spanish): no SMS goes to them
 * until they text START. One row per number (E.164); `opted_in_at` set means it came back.
 */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOut: boolean('opted_out').notNull().default(true),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }).notNull().defaultNow(),
  optedInAt: timestamp('opted_in_at', { withTimezone: true }),
  /** The inbound message that did it. */
  communicationId: integer('communication_id'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
