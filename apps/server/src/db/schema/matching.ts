import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { providers } from './providers.ts';
import { referrals } from './referrals.ts';
import { users } from './users.ts';

/** 001 §2.5 My Providers: a user's personal list of providers. */
export const savedProviders = pgTable(
  'saved_providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('saved_providers_user_provider_uq').on(t.userId, t.providerId)],
);

/**
 * 001 §3 Communication method: how a provider is reached, with the counters the priority score of 001 §9 is
 * computed from. `priority` is recomputed by the server after every attempt. `opted_out` marks a number that
 * answered STOP (no SMS is sent to it).
 */
export const providerCommunicationMethods = pgTable(
  'provider_communication_methods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** 'phone' | 'email' | 'web_form' | 'portal' | 'fax' */
    methodType: text('method_type').notNull(),
    contactValue: text('contact_value').notNull(),
    notes: text('notes'),
    verified: boolean('verified').notNull().default(false),
    isPreferred: boolean('is_preferred').notNull().default(false),
    successCount: integer('success_count').notNull().default(0),
    failureCount: integer('failure_count').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    priority: integer('priority').notNull().default(0),
    /** 'directory' (from the provider's record), 'website' (found on its site), 'manual'. */
    discoveryMethod: text('discovery_method').notNull().default('manual'),
    discoveredAt: timestamp('discovered_at', { withTimezone: true }).notNull().defaultNow(),
    acceptsReferrals: boolean('accepts_referrals').notNull().default(true),
    optedOut: boolean('opted_out').notNull().default(false),
    /** A phone method's last 10 digits, so an inbound call or SMS finds its provider by number (indexed). */
    contactDigits: text('contact_digits').generatedAlwaysAs(
      sql`case when method_type in ('phone', 'fax') then nullif(right(regexp_replace(contact_value, '[^0-9]', '', 'g'), 10), '') end`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_methods_provider_contact_uq').on(t.providerId, t.methodType, t.contactValue),
    index('provider_methods_contact_digits_idx')
      .on(t.contactDigits)
      .where(sql`${t.contactDigits} IS NOT NULL`),
  ],
);

/**
 * 001 §3 Matched provider entry: a candidate provider of a referral, chosen by auto-match (001 §4) or by
 * hand, with its state in the send (pending → sent → accepted | not_selected).
 */
export const referralProviderMatches = pgTable(
  'referral_provider_matches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    /** Order on the referral (nearest first for auto-match). */
    rank: smallint('rank').notNull(),
    distanceMiles: doublePrecision('distance_miles'),
    /** packages/domain match-entry-lifecycle.ts: pending | sent | accepted | declined | expired | not_selected */
    status: text('status').notNull().default('pending'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** A sent entry's answer window (000 §9: 7 days); the expiry job closes it when it passes. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When it was accepted, declined or expired. */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    declineReason: text('decline_reason'),
    /** The round of matching that added it: 1 the first, each cascade (or re-match) one more. */
    round: smallint('round').notNull().default(1),
    communicationMethodId: integer('communication_method_id'),
    communicationMethod: text('communication_method'),
    contactValue: text('contact_value'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('referral_provider_matches_uq').on(t.referralId, t.providerId),
    index('referral_provider_matches_provider_idx').on(t.providerId, t.status),
    // The expiry job's scan: sent entries by the end of their window.
    index('referral_provider_matches_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'sent'`),
  ],
);

/**
 * 001 §3 Match feedback: a coordinator's verdict on a ranked candidate (accepted, rejected, completed,
 * failed). Fed back into the provider's acceptance rate used by the match ranking.
 */
export const matchFeedback = pgTable(
  'match_feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull(),
    score: real('score'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('match_feedback_provider_idx').on(t.providerId, t.createdAt),
    // System Metrics' total_feedback (issue #20): an organization's feedback in a period, or the network's.
    index('match_feedback_org_created_idx').on(t.organizationId, t.createdAt),
    index('match_feedback_created_idx').on(t.createdAt),
  ],
);

/**
 * 001 §7 directory POST /feedback {organization_id, feedback_type, comments, user_email}: a report about a
 * directory record (wrong phone, closed…), kept for the data-quality review.
 */
export const directoryFeedback = pgTable('directory_feedback', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
  feedbackType: text('feedback_type').notNull(),
  comments: text('comments'),
  userEmail: text('user_email'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
