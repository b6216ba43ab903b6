import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { communications } from './communications.ts';
import { organizations } from './orgs.ts';
import { providers } from './providers.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/**
 * 001 §3 Call: one call placed through the voice driver (Twilio-compatible REST, or the local simulation), with
 * the status callbacks' progress (initiating → ringing → in_progress → completed | no_answer | failed), its
 * duration and recording. Its communication record (channel 'voice') lists it with every other channel.
 */
export const calls = pgTable(
  'calls',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    communicationId: integer('communication_id').references(() => communications.id, {
      onDelete: 'set null',
    }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    direction: text('direction').notNull().default('outbound'),
    toNumber: text('to_number').notNull(),
    fromNumber: text('from_number').notNull(),
    status: text('status').notNull().default('initiating'),
    callSid: text('call_sid'),
    /** 'referral' | 'general' (001 §7). */
    callType: text('call_type').notNull().default('general'),
    /** Sealed at rest when it may name the member (platform/secret-box.ts). */
    contextMessage: text('context_message'),
    record: boolean('record').notNull().default(true),
    /** The driver that placed it: 'twilio' | 'local'. */
    driver: text('driver'),
    initiatedAt: timestamp('initiated_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    durationSeconds: integer('duration_seconds'),
    recordingSid: text('recording_sid'),
    /** The service's URL of the recording, fetched once into storage (then kept only as the storage key). */
    recordingRemoteUrl: text('recording_remote_url'),
    recordingStorageKey: text('recording_storage_key'),
    recordingContentType: text('recording_content_type'),
    recordingDurationSeconds: integer('recording_duration_seconds'),
    /** The recording's words (issue #19, the speech-to-text job), sealed at rest: they may name the member. */
    transcriptionText: text('transcription_text'),
    /** 'none' | 'pending' | 'completed' | 'failed' */
    transcriptionStatus: text('transcription_status').notNull().default('none'),
    hasVoicemail: boolean('has_voicemail').notNull().default(false),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calls_sid_uq').on(t.callSid).where(sql`${t.callSid} IS NOT NULL`),
    index('calls_org_initiated_idx').on(t.organizationId, t.initiatedAt.desc()),
    index('calls_org_provider_idx').on(t.organizationId, t.providerId, t.initiatedAt.desc()),
    index('calls_referral_idx')
      .on(t.referralId, t.initiatedAt.desc())
      .where(sql`${t.referralId} IS NOT NULL`),
  ],
);

/**
 * 001 §3 Voicemail: a message left on the product's number (the voice webhook records it and asks for a
 * transcription), or from the outbox page with the local driver. The audio is stored encrypted
 * (platform/storage). `organization_id` is that of the thread the caller's number belongs to; null when the
 * number is unknown (coordinators see it).
 */
export const voicemails = pgTable(
  'voicemails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    communicationId: integer('communication_id').references(() => communications.id, {
      onDelete: 'set null',
    }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number'),
    callSid: text('call_sid'),
    recordingSid: text('recording_sid'),
    recordingRemoteUrl: text('recording_remote_url'),
    recordingStorageKey: text('recording_storage_key'),
    recordingContentType: text('recording_content_type'),
    durationSeconds: integer('duration_seconds'),
    /** Sealed at rest (it is what the caller said; it may name the member). */
    transcriptionText: text('transcription_text'),
    /** 'none' | 'pending' | 'completed' | 'failed' */
    transcriptionStatus: text('transcription_status').notNull().default('none'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: integer('read_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('voicemails_org_received_idx').on(t.organizationId, t.receivedAt.desc()),
    index('voicemails_org_provider_idx').on(t.organizationId, t.providerId, t.receivedAt.desc()),
    index('voicemails_referral_idx')
      .on(t.referralId, t.receivedAt.desc())
      .where(sql`${t.referralId} IS NOT NULL`),
    uniqueIndex('voicemails_call_sid_uq').on(t.callSid).where(sql`${t.callSid} IS NOT NULL`),
  ],
);
