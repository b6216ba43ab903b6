import {
  AWAITING_ANSWER,
  ageBand,
  claimFeedCard,
  type EventPhi,
  FEED_EVENTS,
  type FeedCard,
  type FeedParties,
  fullCardOrganizations,
  maskFeedCard,
  urgencyToServer,
} from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

/** 000 §4.3: open to every organization while Pending. */
export function isOpen(r: Pick<repo.ReferralRow, 'status'> | null): boolean {
  return r?.status === 'pending';
}

/** Matched and waiting for the provider's answer: in the feed of the provider's own organization only. */
export function isAwaitingProvider(r: repo.ReferralRecord | null): boolean {
  return (
    r !== null &&
    (AWAITING_ANSWER as readonly string[]).includes(r.status) &&
    (r.acceptanceStatus === null || r.acceptanceStatus === 'pending') &&
    Boolean(r.matchedProvider?.organizationId)
  );
}

/**
 * The full card (the referring and the matched provider's organization); claimFeedCard() and maskFeedCard()
 * make the other levels from it (packages/domain live-feed.ts). The date of birth stays here: only its age
 * band, on the day the card is made, goes on any card.
 */
export function toFeedCard(r: repo.ReferralRow, referredBy: string, today: Date = new Date()): FeedCard {
  return {
    id: r.id,
    referral_number: r.referralNumber,
    status: r.status,
    detail: 'full',
    masked: false,
    member_name: [r.firstName, r.lastName].filter(Boolean).join(' '),
    medicaid_id: r.medicaidId,
    phone_number: r.phoneNumber,
    zip_code: r.zipCode,
    city: r.city,
    state: r.state,
    preferred_language: r.preferredLanguage,
    availability: r.availability,
    age_band: ageBand(r.dateOfBirth, today),
    sdoh_needs: r.sdohNeeds,
    housing_subcategories: r.housingSubcategories,
    transportation_subcategories: r.transportationSubcategories,
    urgency: r.urgency,
    urgency_level: urgencyToServer(r.urgency),
    primary_diagnosis: r.primaryDiagnosis,
    referring_provider: r.providerName,
    referred_by: referredBy,
    created_at: r.createdAt.toISOString(),
    matched_provider_id: r.matchedProviderId,
    acceptance_status: r.acceptanceStatus,
    expires_at: r.expiresAt ? r.expiresAt.toISOString() : null,
  };
}

/** Who reads a referral's card in full: its organization and its matched provider's (issue #12). */
export function feedPartiesOf(r: repo.ReferralRecord): FeedParties {
  return { referring_org_id: r.organizationId, matched_org_id: r.matchedProvider?.organizationId ?? null };
}

/** A full card on a stream is a PHI disclosure: each stream that receives it writes an audit row. */
const phiOf = (id: number): { phi: EventPhi } => ({ phi: { entity_type: 'referral', ids: [id] } });

/**
 * Pushes a change of a referral to every open live feed (000 §2.6), in the caller's transaction (`ctx.db`) so
 * nothing is announced that did not commit. An open referral goes in full to the streams of the organizations with a reason
 * to read it (the referring one, the matched provider's), as a claim card to every other signed-in stream, and
 * masked to signed-out ones: the audiences never overlap, so a stream never carries more than its reader may
 * see (the same levels as GET /api/live-feed). A referral that stops being open is removed everywhere; one
 * awaiting its provider's answer goes in full to that provider's organization only.
 */
export async function publishFeedChange(
  ctx: ServiceContext,
  input: { before: repo.ReferralRecord | null; after: repo.ReferralRecord | null },
): Promise<void> {
  const { before, after } = input;
  const tx = ctx.db;
  const publish = ctx.deps.events.publish.bind(ctx.deps.events);
  const card = after ? toFeedCard(after, await repo.organizationName(tx, after.organizationId)) : null;

  if (card && after && isOpen(after)) {
    const fullOrgs = fullCardOrganizations(feedPartiesOf(after));
    for (const orgId of fullOrgs) {
      await publish(FEED_EVENTS.upsert, { kind: 'org', org_id: orgId }, card, tx, phiOf(card.id));
    }
    await publish(
      FEED_EVENTS.upsert,
      { kind: 'signed_in', except_org_ids: fullOrgs },
      claimFeedCard(card),
      tx,
    );
    await publish(FEED_EVENTS.upsert, { kind: 'anonymous' }, maskFeedCard(card), tx);
  } else if (before && (isOpen(before) || isAwaitingProvider(before))) {
    await publish(FEED_EVENTS.remove, { kind: 'public' }, { id: before.id }, tx);
  }

  const providerOrg = after?.matchedProvider?.organizationId;
  if (card && providerOrg && isAwaitingProvider(after)) {
    await publish(FEED_EVENTS.upsert, { kind: 'org', org_id: providerOrg }, card, tx, phiOf(card.id));
  }
}
