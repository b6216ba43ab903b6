import { FEED_EVENTS, type FeedCard, maskFeedCard } from '@trust/domain';
import type { DbOrTx } from '../../db/client.ts';
import type { AppDeps } from '../../platform/deps.ts';
import * as repo from './repo.ts';

/** 000 §4.3: open to every organization while Pending. */
export function isOpen(r: Pick<repo.ReferralRow, 'status'> | null): boolean {
  return r?.status === 'pending';
}

/** Matched and waiting for the provider's answer: in the feed of the provider's own organization only. */
export function isAwaitingProvider(r: repo.ReferralRecord | null): boolean {
  return (
    r !== null &&
    (r.status === 'matched' || r.status === 'authorized') &&
    (r.acceptanceStatus === null || r.acceptanceStatus === 'pending') &&
    Boolean(r.matchedProvider?.organizationId)
  );
}

/** The full card (signed-in viewers); maskFeedCard() makes the signed-out one from it. */
export function toFeedCard(r: repo.ReferralRow, referredBy: string): FeedCard {
  return {
    id: r.id,
    referral_number: r.referralNumber,
    status: r.status,
    masked: false,
    member_name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    medicaid_id: r.medicaidId,
    phone_number: r.phoneNumber,
    zip_code: r.zipCode,
    city: r.city,
    state: r.state,
    preferred_language: r.preferredLanguage,
    sdoh_needs: r.sdohNeeds,
    housing_subcategories: r.housingSubcategories,
    transportation_subcategories: r.transportationSubcategories,
    urgency_level: r.urgencyLevel,
    primary_diagnosis: r.primaryDiagnosis,
    referring_provider: r.providerName,
    referred_by: referredBy,
    created_at: r.createdAt.toISOString(),
    matched_provider_id: r.matchedProviderId,
    acceptance_status: r.acceptanceStatus,
    expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
  };
}

/**
 * Pushes a change of a referral to every open live feed (000 §2.6), in the caller's transaction so nothing is
 * announced that did not commit. Open referrals go to signed-in feeds in full and to signed-out feeds masked by
 * the server: the two audiences never overlap, so a visitor's stream never carries a full value. A referral
 * that stops being open is removed everywhere; one awaiting its provider's answer goes to that provider's
 * organization only.
 */
export async function publishFeedChange(
  deps: AppDeps,
  tx: DbOrTx,
  before: repo.ReferralRecord | null,
  after: repo.ReferralRecord | null,
) {
  const publish = deps.events.publish.bind(deps.events);
  const card = after ? toFeedCard(after, await repo.organizationName(tx, after.organizationId)) : null;

  if (card && isOpen(after)) {
    await publish(FEED_EVENTS.upsert, { kind: 'signed_in' }, card, tx);
    await publish(FEED_EVENTS.upsert, { kind: 'anonymous' }, maskFeedCard(card), tx);
  } else if (before && (isOpen(before) || isAwaitingProvider(before))) {
    await publish(FEED_EVENTS.remove, { kind: 'public' }, { id: before.id }, tx);
  }

  const providerOrg = after?.matchedProvider?.organizationId;
  if (card && providerOrg && isAwaitingProvider(after)) {
    await publish(FEED_EVENTS.upsert, { kind: 'org', org_id: providerOrg }, card, tx);
  }
}
