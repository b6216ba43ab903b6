import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { organizations } from './orgs.ts';
import { providers } from './providers.ts';
import { users } from './users.ts';

/**
 * A social-needs referral (000 §3.2, the server shape). It belongs to the organization that created it; the
 * organization of its matched provider may read it and respond. Column names are the wire's field names.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralNumber: text('referral_number').notNull(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    dateOfBirth: date('date_of_birth'),
    zipCode: text('zip_code'),
    preferredLanguage: text('preferred_language').notNull().default('English'),
    streetAddress: text('street_address'),
    city: text('city'),
    state: text('state'),
    country: text('country').notNull().default('USA'),
    medicaidId: text('medicaid_id').notNull(),
    healthPlan: text('health_plan'),
    planType: text('plan_type').notNull().default('Managed Care'),
    providerName: text('provider_name'),
    npiNumber: text('npi_number'),
    organization: text('organization'),
    providerPhoneNumber: text('provider_phone_number'),
    primaryDiagnosis: text('primary_diagnosis').notNull(),
    riskScore: smallint('risk_score'),
    availability: text('availability'),
    /**
     * The urgency the coordinator chose (CLIENT_URGENCIES: Immediate, Within 24h, Within 1 Week, Routine).
     * Issue #14: the spec's server value (000 §3.2 urgency_level: Emergency, Urgent, Routine) folds Within 24h
     * and Within 1 Week into Urgent, so storing it lost the choice. Only the chosen level is stored; the wire's
     * urgency_level is derived from it (urgencyToServer) where it is sent, so the two can never disagree.
     */
    urgency: text('urgency').notNull().default('Routine'),
    additionalNotes: text('additional_notes'),
    sdohNeeds: text('sdoh_needs').array().notNull().default([]),
    housingSubcategories: text('housing_subcategories').array().notNull().default([]),
    transportationSubcategories: text('transportation_subcategories').array().notNull().default([]),
    priorAuthorizationRequired: boolean('prior_authorization_required').notNull().default(false),
    memberConsentObtained: boolean('member_consent_obtained').notNull().default(false),
    hipaaCompliant: boolean('hipaa_compliant').notNull().default(true),
    useMatchingEngine: boolean('use_matching_engine').notNull().default(true),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    matchedProviderId: integer('matched_provider_id').references(() => providers.id, {
      onDelete: 'set null',
    }),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** 'auto' when the matching engine chose the provider, 'manual' when a coordinator did. */
    matchMethod: text('match_method'),
    acceptanceStatus: text('acceptance_status'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Issue #14 closed loop: how a Completed referral ended (REFERRAL_OUTCOMES), with the provider's note. */
    outcome: text('outcome'),
    outcomeNote: text('outcome_note'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Issue #14: the referrer withdrew it, and why. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancellationReason: text('cancellation_reason'),
    phiEmailSent: boolean('phi_email_sent').notNull().default(false),
    emailSentTo: text('email_sent_to'),
    /** The outbound message carrying the member details to the provider (000 §2.5 "Email Pending" until sent). */
    phiEmailMessageId: integer('phi_email_message_id'),
    /** 001 §4 auto-match: the member's location, geocoded from the address or ZIP when saved. */
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Issue #20 service gaps by county: the 5-digit county FIPS of the ZIP, found when saved (null: unknown). */
    countyFips: text('county_fips'),
    /**
     * Issue #20: when the matching engine last found no provider within 50 miles offering its needs (the
     * referral stayed Pending). A gap of kind "unmatched" while it is still Pending.
     */
    noProviderAt: timestamp('no_provider_at', { withTimezone: true }),
    autoMatchedAt: timestamp('auto_matched_at', { withTimezone: true }),
    /** 000 §2.7 Contacts tab. */
    emergencyContactName: text('emergency_contact_name'),
    emergencyContactPhone: text('emergency_contact_phone'),
    /**
     * 000 §5.5 queue search: every searched field lower-cased in one column (the phone also as bare digits), so
     * one trigram index serves `LIKE '%term%'`. tm_array_text (migration 0002) is array_to_string marked
     * immutable, which a generated column requires.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || medicaid_id || ' ' || coalesce(zip_code, '') || ' ' || coalesce(phone_number, '') || ' ' || regexp_replace(coalesce(phone_number, ''), '[^0-9]', '', 'g') || ' ' || coalesce(email, '') || ' ' || coalesce(city, '') || ' ' || coalesce(state, '') || ' ' || primary_diagnosis || ' ' || tm_array_text(sdoh_needs) || ' ' || tm_array_text(housing_subcategories) || ' ' || tm_array_text(transportation_subcategories) || ' ' || coalesce(provider_name, '') || ' ' || coalesce(organization, ''))`,
      ),
  },
  (t) => [
    uniqueIndex('referrals_number_uq').on(t.referralNumber),
    // The queue: one organization's referrals newest first, paged; with a status filter; the counters.
    // Ascending indexes: a backward scan serves ORDER BY … DESC (a DESC NULLS LAST index would not, since
    // ORDER BY x DESC means NULLS FIRST).
    index('referrals_org_created_idx').on(t.organizationId, t.createdAt, t.id),
    index('referrals_org_status_idx').on(t.organizationId, t.status, t.createdAt, t.id),
    index('referrals_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Referrals a provider organization received (queue scope "received"), newest first.
    index('referrals_matched_provider_idx').on(t.matchedProviderId, t.createdAt, t.id),
    // Provider Performance (001 §2.19): one organization's matched referrals per provider, by match time.
    index('referrals_org_matched_provider_idx')
      .on(t.organizationId, t.matchedProviderId, t.matchedAt)
      .where(sql`${t.matchedProviderId} IS NOT NULL`),
    index('referrals_match_method_idx').on(t.matchMethod),
    // Member profiles (000 §2.8) group an organization's referrals by member; the intake lookup (000 §2.1)
    // finds earlier referrals by Medicaid ID.
    index('referrals_org_member_idx').on(t.organizationId, t.memberId),
    index('referrals_org_medicaid_idx').on(t.organizationId, t.medicaidId),
    // The live feed (000 §2.6, §4.3): every organization's open referrals, newest first.
    index('referrals_open_feed_idx').on(t.createdAt, t.id).where(sql`${t.status} = 'pending'`),
    // The expiry job (000 §4.2): matched referrals still waiting for the provider's answer.
    // The Auto-Match screen's Last Run (001 §2.9): the organization's newest auto-match, whatever came after it.
    index('referrals_org_auto_matched_idx')
      .on(t.organizationId, t.autoMatchedAt)
      .where(sql`${t.autoMatchedAt} IS NOT NULL`),
    index('referrals_awaiting_response_idx').on(t.expiresAt).where(sql`${t.acceptanceStatus} = 'pending'`),
  ],
);

/** 000 §4.3: a user passed on a referral in the live feed; it stays hidden from that user's feed. */
export const referralFeedPasses = pgTable(
  'referral_feed_passes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.referralId] })],
);

/**
 * The history of a referral (issue #4 item 2): one row per change, written in the transaction of the change.
 * Rows outlive a deleted referral (referral_id becomes null; details keep its number) so the organization's
 * record of the deletion stays.
 */
export const referralEvents = pgTable(
  'referral_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id').references(() => referrals.id, { onDelete: 'set null' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** REFERRAL_EVENT_TYPES of packages/domain (created, status_changed, claimed, accepted, note_added, …). */
    type: text('type').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('referral_events_referral_at_idx').on(t.referralId, t.at, t.id),
    // The dashboard's Recent Activity: an organization's history, and one user's, newest first.
    index('referral_events_org_at_idx').on(t.organizationId, t.at, t.id),
    index('referral_events_actor_at_idx').on(t.actorUserId, t.at, t.id),
  ],
);

/**
 * The member's answer to "Did you get the help you needed?" (issue #14 item 4, after findhelp): one row per
 * Completed referral whose provider reported the service provided. Scheduled at completion (`due_at`, the
 * organization's member_follow_up_days later), sent by the follow-up job (`sent_at`), open for an answer until
 * `expires_at`; the member's YES or NO is `answer`. The provider is the one that completed it, so its
 * member-confirmed rate (Provider Performance, match ranking) counts the answers about its own work.
 */
export const memberFollowUps = pgTable(
  'member_follow_ups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referralId: integer('referral_id')
      .notNull()
      .references(() => referrals.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'set null' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The digits of the number the question went to: the reply is found by them. */
    phoneDigits: text('phone_digits'),
    /** 'en' or 'es': the language the question was asked in, and the thank-you answers in. */
    language: text('language'),
    /** 'yes' | 'no' once the member answered in time; null before (or when the answer came too late). */
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Why it was not sent (no phone number, the referral reopened…), when it was not. */
    skippedReason: text('skipped_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_follow_ups_referral_idx').on(t.referralId),
    index('member_follow_ups_due_idx')
      .on(t.dueAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.skippedReason} IS NULL`),
    index('member_follow_ups_phone_idx').on(t.phoneDigits, t.sentAt).where(sql`${t.sentAt} IS NOT NULL`),
    index('member_follow_ups_provider_idx').on(t.providerId).where(sql`${t.answer} IS NOT NULL`),
    // Provider Performance joins one organization's answers to its referrals.
    index('member_follow_ups_org_answered_idx')
      .on(t.organizationId, t.referralId, t.providerId, t.answer)
      .where(sql`${t.answer} IS NOT NULL`),
  ],
);
