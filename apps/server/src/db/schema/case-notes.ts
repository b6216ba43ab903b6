import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/** 001 §3 Case note: a note on a referral, written by a signed-in user (text notes, and voice notes with their recording). */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    /** The organization the author acted for. */
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The author's name when the note was written (001 §2.17 falls back to 'Unknown User'). */
    authorName: text('author_name'),
    /** Plain text of the note (search, previews, SMS-safe). */
    content: text('content').notNull(),
    /** The rich text, sanitised by the server before it is stored. */
    contentHtml: text('content_html'),
    /**
     * 'internal' (default): read by the referring organization only; 'shared': also by the organization of the
     * matched provider. Minimum necessary: a provider does not read a coordinator's internal notes.
     */
    visibility: text('visibility').notNull().default('internal'),
    isVoiceNote: boolean('is_voice_note').notNull().default(false),
    language: text('language').notNull().default('en'),
    /** A voice note's recording (issue #19), in encrypted storage, playable from the note. */
    audioStorageKey: text('audio_storage_key'),
    audioContentType: text('audio_content_type'),
    audioDurationSeconds: integer('audio_duration_seconds'),
    /** The engine that transcribed it ('pocketsphinx', 'whisper-http'), or null when the author typed it. */
    transcriptionEngine: text('transcription_engine'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_notes_referral_idx').on(t.referralId, t.createdAt, t.id)],
);
