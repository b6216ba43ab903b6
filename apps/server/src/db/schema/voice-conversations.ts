import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/**
 * 000 §3.6 Voice conversation (issue #19): one guided voice referral intake, per organization. What was said
 * and what was extracted name the member: transcript, extracted data and messages are sealed at rest
 * (platform/secret-box.ts).
 */
export const voiceConversations = pgTable(
  'voice_conversations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The browser's session id (000 §3.6, "generated per session"). */
    sessionId: text('session_id').notNull(),
    language: text('language').notNull(),
    transcriptSealed: text('transcript_sealed'),
    extractedDataSealed: text('extracted_data_sealed'),
    messagesSealed: text('messages_sealed'),
    messageCount: integer('message_count').notNull().default(0),
    /** The referral created from it (POST /api/referrals with voice_conversation_id). */
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_conversations_org_session_uq').on(t.organizationId, t.sessionId),
    index('voice_conversations_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('voice_conversations_referral_idx').on(t.referralId).where(sql`${t.referralId} IS NOT NULL`),
  ],
);

/** 000 §3.6 extracted field entries: every value extracted, in order (save_field), sealed at rest. */
export const voiceConversationFields = pgTable(
  'voice_conversation_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => voiceConversations.id, { onDelete: 'cascade' }),
    fieldName: text('field_name').notNull(),
    valueSealed: text('value_sealed').notNull(),
    originalTextSealed: text('original_text_sealed'),
    /** 'high' | 'medium' */
    confidence: text('confidence').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('voice_conversation_fields_conversation_idx').on(t.conversationId, t.id)],
);
