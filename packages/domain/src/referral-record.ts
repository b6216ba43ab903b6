import { z } from 'zod';
import { timestampSchema } from './common.ts';

// One referral as the server sends it (000 §3.2 server shape), with its matched provider.

const nullableString = z.string().nullable();

/** The matched provider as a referral carries it (001 §3 matched provider entry, the fields a card shows). */
export const matchedProviderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  organization_type: z.string(),
  services: z.array(z.string()),
  phone: nullableString,
  email: nullableString,
  city: nullableString,
  state: nullableString,
  /** The organization whose users act for this provider (accept, reject), when it has one. */
  organization_id: z.number().int().nullable(),
});
export type MatchedProvider = z.infer<typeof matchedProviderSchema>;

/** One referral as the server sends it (000 §3.2). */
export const referralSchema = z
  .object({
    id: z.number().int(),
    referral_number: z.string(),
    organization_id: z.number().int(),
    /** The creating user's id (the spec's "fixed 1" is the signed-in user here). */
    created_by: z.number().int().nullable(),
    member_id: z.number().int().nullable(),
    first_name: z.string(),
    last_name: z.string(),
    phone_number: nullableString,
    email: nullableString,
    date_of_birth: nullableString,
    zip_code: nullableString,
    preferred_language: z.string(),
    street_address: nullableString,
    city: nullableString,
    state: nullableString,
    country: z.string(),
    medicaid_id: z.string(),
    health_plan: nullableString,
    plan_type: z.string(),
    provider_name: nullableString,
    npi_number: nullableString,
    organization: nullableString,
    provider_phone_number: nullableString,
    primary_diagnosis: z.string(),
    risk_score: z.number().int().nullable(),
    availability: nullableString,
    /**
     * The urgency the coordinator chose (CLIENT_URGENCIES), as stored (issue #14). A string, not the enum, so a
     * row with an older value still reads.
     */
    urgency: z.string(),
    /** The spec's server value (000 §3.2: Emergency, Urgent, Routine), derived from `urgency`. */
    urgency_level: z.string(),
    additional_notes: nullableString,
    sdoh_needs: z.array(z.string()),
    housing_subcategories: z.array(z.string()),
    transportation_subcategories: z.array(z.string()),
    prior_authorization_required: z.boolean(),
    member_consent_obtained: z.boolean(),
    hipaa_compliant: z.boolean(),
    use_matching_engine: z.boolean(),
    status: z.string(),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    matched_provider_id: z.number().int().nullable(),
    matched_at: timestampSchema.nullable(),
    match_method: nullableString,
    acceptance_status: nullableString,
    accepted_at: timestampSchema.nullable(),
    rejected_at: timestampSchema.nullable(),
    rejection_reason: nullableString,
    expires_at: timestampSchema.nullable(),
    /** Issue #14: how a Completed referral ended (REFERRAL_OUTCOMES) and the provider's note; when. */
    outcome: nullableString.optional(),
    outcome_note: nullableString.optional(),
    completed_at: timestampSchema.nullable().optional(),
    /** Issue #14: withdrawn by the referrer, why and when. */
    cancellation_reason: nullableString.optional(),
    cancelled_at: timestampSchema.nullable().optional(),
    phi_email_sent: z.boolean(),
    email_sent_to: nullableString,
    emergency_contact_name: nullableString,
    emergency_contact_phone: nullableString,
    /** 001 §3 Referral (as used for matching): the member's location from the ZIP, and the auto-match time. */
    latitude: z.number().nullable().optional(),
    longitude: z.number().nullable().optional(),
    auto_matched_at: timestampSchema.nullable().optional(),
    /** The directory provider the referral is matched to (for the workspace's provider card). */
    matched_provider: matchedProviderSchema.nullable(),
    /**
     * How the caller relates to the referral: 'owner' (its organization created it) or 'provider' (its
     * organization acts for the matched provider and may respond). Computed per request by the server.
     */
    viewer_role: z.enum(['owner', 'provider']),
    /**
     * 001 §2.8: the caller's provider this referral was sent to, while no provider is matched and it has not
     * answered: it may accept or reject as that provider. Only on GET /api/referrals/{id}.
     */
    sent_to_provider: z.object({ id: z.number().int(), name: z.string() }).nullable().optional(),
    /**
     * Issue #14 item 8: how many providers the matching engine matched the new referral to when it was created
     * (0: none yet, it stays Pending on the Auto-Match screen). Only on the answer of POST /api/referrals with
     * the matching engine.
     */
    matched_provider_count: z.number().int().optional(),
  })
  .meta({ id: 'Referral' });
export type Referral = z.infer<typeof referralSchema>;
