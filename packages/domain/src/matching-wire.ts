import { z } from 'zod';
import { idNumber, idString, queryDecimal, queryInt, timestampSchema } from './common.ts';
import { directoryProviderSchema } from './directory-wire.ts';
import { MATCH_ENTRY_STATUSES, type MatchEntryStatus, OPEN_ENTRY_STATUSES } from './match-entry-lifecycle.ts';
import { MATCH_REASON_FACTORS } from './match-score.ts';

// Matching on the wire (001 §2.3, §2.7, §2.9, §3, §4, §7 "Matching").

/** 001 §3 Matched provider entry statuses, with the declines and silences of issue #14 (match-entry-lifecycle.ts). */
export const MATCHED_PROVIDER_STATUSES = MATCH_ENTRY_STATUSES;
export type MatchedProviderStatus = MatchEntryStatus;

/** 001 §2.9: Change and Remove only while the provider's entry is pending or sent. */
export const CHANGEABLE_MATCH_STATUSES: readonly MatchedProviderStatus[] = OPEN_ENTRY_STATUSES;

/** 001 §7 communication methods a referral can be sent through. */
export const MATCH_METHOD_TYPES = ['phone', 'email', 'web_form', 'portal', 'fax'] as const;
export type MatchMethodType = (typeof MATCH_METHOD_TYPES)[number];
/** 001 §2.1 method labels. */
export const MATCH_METHOD_LABELS: Record<MatchMethodType, string> = {
  phone: 'SMS / Phone',
  email: 'Email',
  web_form: 'Web Form',
  portal: 'Provider Portal',
  fax: 'Fax',
};

/** 001 §3 Matched provider entry, ordered by rank on the referral. */
export const matchedProviderEntrySchema = z.object({
  provider_id: z.number().int(),
  provider_name: z.string(),
  organization_name: z.string(),
  distance_miles: z.number().nullable(),
  services: z.array(z.string()),
  status: z.enum(MATCHED_PROVIDER_STATUSES),
  sent_at: timestampSchema.nullable(),
  communication_method: z.string().nullable(),
  contact_value: z.string().nullable(),
  rank: z.number().int(),
  /** Issue #14: the round of matching that added it (1 the first; each cascade adds one). */
  round: z.number().int(),
  /** Until when a sent entry waits for its answer. */
  expires_at: timestampSchema.nullable(),
  /** When the provider answered (accepted or declined) or its window passed. */
  answered_at: timestampSchema.nullable(),
  /** The provider's reason, when it declined. */
  decline_reason: z.string().nullable(),
});
export type MatchedProviderEntry = z.infer<typeof matchedProviderEntrySchema>;

/** 001 §3 statuses seen, as the matching screens label them ('Auto-Matched' is stored as matched + auto). */
export const MATCHING_STATUS_LABELS = ['Pending', 'Auto-Matched', 'Matched', 'Other'] as const;

/** A referral as the matching screens show it (001 §3 "Referral (as used for matching)"). */
export const matchingReferralSchema = z.object({
  id: z.number().int(),
  referral_number: z.string(),
  member_name: z.string(),
  medicaid_id: z.string(),
  zip_code: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  primary_diagnosis: z.string(),
  sdoh_needs: z.array(z.string()),
  /** The urgency the coordinator chose (issue #14); urgency_level is the spec's server value derived from it. */
  urgency: z.string(),
  urgency_level: z.string(),
  preferred_language: z.string(),
  status: z.string(),
  /** 'Pending', 'Auto-Matched' or the normalised label of another status. */
  status_label: z.string(),
  use_matching_engine: z.boolean(),
  created_at: timestampSchema,
  matched_at: timestampSchema.nullable(),
  auto_matched_at: timestampSchema.nullable(),
  match_method: z.string().nullable(),
  matched_provider_id: z.number().int().nullable(),
  matched_provider_name: z.string().nullable(),
  matched_providers: z.array(matchedProviderEntrySchema),
});
export type MatchingReferral = z.infer<typeof matchingReferralSchema>;

/** GET /api/matching/unpublished: the manual matching screen (001 §2.3, §4). */
export const unpublishedReferralsSchema = z.object({
  referrals: z.array(matchingReferralSchema),
  /** Up to five providers of the organization's most recent matches (001 §9 "Recent matches 5"). */
  recent_providers: z.array(directoryProviderSchema),
});
export type UnpublishedReferrals = z.infer<typeof unpublishedReferralsSchema>;

/** GET /api/matching/auto-match: the Auto-Match Referrals screen with its Algorithm Status panel (001 §2.9). */
export const autoMatchOverviewSchema = z.object({
  referrals: z.array(matchingReferralSchema),
  algorithm: z.object({
    status: z.enum(['Active', 'Idle']),
    last_run: timestampSchema.nullable(),
    auto_matched_count: z.number().int(),
    pending_count: z.number().int(),
  }),
});
export type AutoMatchOverview = z.infer<typeof autoMatchOverviewSchema>;

/** POST /api/referrals/{id}/auto-match response (001 §7: returns matched_providers). */
export const autoMatchResponseSchema = z.object({
  matched_providers: z.array(matchedProviderEntrySchema),
  referral: matchingReferralSchema,
});

/** PUT /api/referrals/{id}/matched-providers/{providerId}: replace one entry (001 §4 Change provider). */
export const changeMatchedProviderSchema = z.object({
  provider_id: idNumber('Choose the provider to match instead.'),
});
export const matchedProviderParamsSchema = z.object({
  id: idString(),
  providerId: idString(),
});
/** Change and Remove answer the referral as it is now, and the spec's message when there is one. */
export const matchedProvidersChangeResponseSchema = z.object({
  referral: matchingReferralSchema,
  message: z.string(),
});

/** PUT /api/referrals/{id}/match (001 §7). */
export const manualMatchRequestSchema = z.object({
  provider_id: idNumber('Choose a provider.'),
  provider_name: z.string().trim().max(300).optional(),
  provider_organization: z.string().trim().max(300).optional(),
  communication_method: z.enum(MATCH_METHOD_TYPES, 'Choose how to send the referral.'),
  communication_method_id: z.number().int().nullish(),
  contact_value: z.string().trim().max(500).nullish(),
  message_content: z.string().trim().max(5000).nullish(),
});
export type ManualMatchRequest = z.infer<typeof manualMatchRequestSchema>;

export const manualMatchResponseSchema = z.object({
  referral: matchingReferralSchema,
  provider_id: z.number().int(),
  provider_name: z.string(),
  provider_organization: z.string(),
  communication_method: z.enum(MATCH_METHOD_TYPES),
  /**
   * What the send did: 'queued' (in the outbox, delivered by the job queue), 'sent', 'failed', or 'not_sent' for a
   * web form (submitted by the web-form job after the match).
   */
  send_status: z.string(),
  contact_value: z.string().nullable(),
  message_id: z.string().nullable(),
  web_form_submitted: z.boolean(),
});
export type ManualMatchResponse = z.infer<typeof manualMatchResponseSchema>;

/** POST /match_referral: rank candidates for one referral (001 §2.3 AI match results). */
export const matchReferralRequestSchema = z.object({
  referral_id: idNumber('Choose a referral.'),
  limit: z.number().int().min(1).max(25).default(10),
});
export const matchReasonSchema = z.object({
  factor: z.enum(MATCH_REASON_FACTORS),
  label: z.string(),
  value: z.number(),
  weight: z.number(),
  detail: z.string(),
});
export const MATCH_FEEDBACK_STATUSES = ['accepted', 'rejected', 'completed', 'failed'] as const;
export type MatchFeedbackStatus = (typeof MATCH_FEEDBACK_STATUSES)[number];
export const matchCandidateSchema = z.object({
  rank: z.number().int(),
  /** 001 §3 Match candidate: name, cbo_id (the provider's id), score 0-1. */
  name: z.string(),
  cbo_id: z.number().int(),
  score: z.number(),
  organization_type: z.string(),
  distance_miles: z.number().nullable(),
  services: z.array(z.string()),
  reasons: z.array(matchReasonSchema),
  /** The active organization's latest feedback on this candidate for this referral. */
  feedback: z
    .object({
      status: z.enum(MATCH_FEEDBACK_STATUSES),
      notes: z.string().nullable(),
      created_at: timestampSchema,
    })
    .nullable(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;
export const matchReferralResponseSchema = z.object({
  referral_id: z.number().int(),
  matches: z.array(matchCandidateSchema),
});
export type MatchReferralResponse = z.infer<typeof matchReferralResponseSchema>;

/** POST /feedback (001 §3 Match feedback). */
export const matchFeedbackRequestSchema = z.object({
  referral_id: idNumber('Choose the referral this feedback is about.'),
  cbo_id: idNumber('Choose the provider this feedback is about.'),
  status: z.enum(MATCH_FEEDBACK_STATUSES, 'Status must be accepted, rejected, completed or failed.'),
  notes: z.string().trim().max(2000).nullish(),
});
export type MatchFeedbackRequest = z.infer<typeof matchFeedbackRequestSchema>;
export const matchFeedbackResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/providers/search (001 §2.7 Select Provider dialog). */
export const providerSearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  latitude: queryDecimal({ min: -90, max: 90 }).optional(),
  longitude: queryDecimal({ min: -180, max: 180 }).optional(),
  limit: queryInt({ min: 1, max: 50 }).default(20),
});
export type ProviderSearchQuery = z.infer<typeof providerSearchQuerySchema>;

/** Messages of matching (001 §5, §8) not already in PROVIDER_MESSAGES. */
export const MATCHING_MESSAGES = {
  notPending:
    'This referral is no longer waiting for a provider (Pending, Rejected or Expired), so it cannot be matched. Refresh the list to see its status.',
  notAutoMatched: 'This referral has no auto-matched providers to change.',
  entryLocked: 'Only a provider that is still pending or sent can be changed or removed.',
  entryNotFound: 'This provider is not among the referral’s matched providers.',
  alreadyMatched: 'This provider is already matched to the referral.',
  providerDeclined: 'This provider declined this referral; choose another provider.',
  providerNotFound: 'Provider not found',
  providerReplaced: 'Provider updated.',
  providerRemoved: 'Provider removed.',
  feedbackRecorded: 'Feedback recorded.',
  noMatches: 'No Matches Found',
  noUnpublished: 'No New Unpublished Referrals',
  noAutoMatchReferrals: 'No referrals pending or auto-matched',
  backendUnavailable: 'Unable to connect to backend API. Please try again later.',
  fetchReferralsFailed: 'Failed to fetch referrals',
  autoMatchFailed: 'Failed to auto-match referral',
  updateProviderFailed: 'Failed to update provider',
  removeProviderFailed: 'Failed to remove provider',
  revertFailed: 'Failed to revert referral to Pending',
  feedbackFailed: 'Failed to submit feedback',
  alreadySelected: 'Already Selected',
  matchInPerformance: 'This match will now appear in Provider Performance.',
  webFormSubmitted: 'Web form has been automatically submitted.',
} as const;

/** 001 §8: 'Referral sent via {method}! Status updated to Matched.' */
export function matchSentMessage(method: MatchMethodType): string {
  return `Referral sent via ${MATCH_METHOD_LABELS[method]}! Status updated to Matched.`;
}

/** 001 §5: removing the last provider gets its own confirmation. */
export function removeProviderConfirm(providerName: string, isLast: boolean): string {
  return isLast
    ? `${providerName} is the last matched provider. Removing it cancels the auto-match and reverts the referral to Pending. Continue?`
    : `Remove ${providerName} from the matched providers?`;
}
