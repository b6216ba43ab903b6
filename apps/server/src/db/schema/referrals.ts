import {
  boolean,
  date,
  index,
  integer,
  pgTable,
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
    urgencyLevel: text('urgency_level').notNull().default('Routine'),
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
    phiEmailSent: boolean('phi_email_sent').notNull().default(false),
    emailSentTo: text('email_sent_to'),
  },
  (t) => [
    uniqueIndex('referrals_number_uq').on(t.referralNumber),
    index('referrals_org_created_idx').on(t.organizationId, t.createdAt),
    index('referrals_org_status_idx').on(t.organizationId, t.status),
    index('referrals_matched_provider_idx').on(t.matchedProviderId),
    index('referrals_match_method_idx').on(t.matchMethod),
  ],
);
