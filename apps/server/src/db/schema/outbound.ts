import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every email and SMS the product sends, whatever the driver: the row is written in the transaction of the
 * change that causes the send, then a job delivers it (SMTP / Twilio-compatible REST, or the local outbox
 * driver, which only marks it delivered locally). Status: queued → sent | failed (retried from the queue).
 */
export const outboundMessages = pgTable(
  'outbound_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(), // 'email' | 'sms'
    /** Why it was sent, e.g. 'invitation', 'password_reset', 'login_code'. */
    category: text('category').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject'),
    bodyText: text('body_text').notNull(),
    bodyHtml: text('body_html'),
    status: text('status').notNull().default('queued'),
    /** The driver that delivered (or last tried): 'local', 'smtp', 'twilio'. */
    driver: text('driver'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerMessageId: text('provider_message_id'),
    userId: integer('user_id'),
    organizationId: integer('organization_id'),
    /** The referral the message is about (its Communications tab). No foreign key: the outbox keeps its record. */
    referralId: integer('referral_id'),
    /** The provider and contact method a referral was sent through (001 §2.1), when it was. */
    providerId: integer('provider_id'),
    communicationMethodId: integer('communication_method_id'),
    /** PHI in the body: body_text and body_html are stored sealed with AES-256-GCM (platform/crypto). */
    phi: boolean('phi').notNull().default(false),
    /**
     * The body carries a secret (a reset or invitation link, a one-time code): only platform operators read
     * it in the development mailbox, and once a real driver (SMTP, Twilio) has delivered it the body is not
     * kept (body_removed_at).
     */
    carriesSecret: boolean('carries_secret').notNull().default(false),
    bodyRemovedAt: timestamp('body_removed_at', { withTimezone: true }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_messages_created_idx').on(t.createdAt),
    index('outbound_messages_queued_idx').on(t.createdAt).where(sql`${t.status} = 'queued'`),
    index('outbound_messages_to_idx').on(t.toAddress, t.createdAt),
    index('outbound_messages_referral_idx')
      .on(t.referralId, t.createdAt)
      .where(sql`${t.referralId} is not null`),
    // Twilio's delivery report names the message by its sid (modules/communications/sms status webhook).
    index('outbound_messages_provider_message_idx')
      .on(t.providerMessageId)
      .where(sql`${t.providerMessageId} IS NOT NULL`),
    index('outbound_messages_provider_idx')
      .on(t.providerId, t.createdAt)
      .where(sql`${t.providerId} IS NOT NULL`),
  ],
);
