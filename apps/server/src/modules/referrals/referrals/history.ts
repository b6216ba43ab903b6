import type { ReferralEventType } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import { eventVisibleTo } from './note-events.ts';
import * as repo from './repo.ts';

export type ReferralChange = {
  referral: repo.ReferralRecord;
  type: ReferralEventType;
  /** The user who did it; null for the system (the expiry job, a delivery report) or a provider by SMS. */
  actorUserId: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  /** Facts for the timeline; never PHI values (field names, ids, counts, the provider's name). */
  details?: Record<string, unknown>;
};

/**
 * Writes one history row (issue #4 item 2) in the caller's transaction (`ctx.db`) and publishes, with the same
 * transaction, the domain events of the change: 'referral.changed' for every row (the open queues and
 * workspaces of the organizations that see the referral refresh: live-events.ts), and
 * 'referral.status_changed' when the row moves the status, 'match.sent' and 'provider.replied' for a send and an
 * answer. Nothing is published if the transaction rolls back.
 */
export async function recordReferralEvent(ctx: ServiceContext, change: ReferralChange): Promise<void> {
  const { referral } = change;
  const details = change.details ?? {};
  await repo.insertEvent(ctx.db, {
    referralId: referral.id,
    organizationId: referral.organizationId,
    actorUserId: change.actorUserId,
    type: change.type,
    fromStatus: change.fromStatus ?? null,
    toStatus: change.toStatus ?? null,
    details,
  });
  const owner = referral.organizationId;
  const providerOrg = referral.matchedProvider?.organizationId ?? null;
  // An internal note is not announced to the matched provider's organization: not even that it exists.
  const hiddenFrom = [owner, providerOrg].filter(
    (orgId): orgId is number =>
      orgId !== null && !eventVisibleTo({ type: change.type, details }, { orgId, referringOrgId: owner }),
  );
  const events = ctx.deps.domainEvents;
  await events.publish(ctx.db, 'referral.changed', {
    referral_id: referral.id,
    organization_id: owner,
    provider_organization_id: providerOrg,
    referral_number: referral.referralNumber,
    status: referral.status,
    change: change.type,
    hidden_from: hiddenFrom,
  });
  // A send to a provider and a provider's answer are events of their own for the workflows and rules to come;
  // they are published here, with the history row that records them, so no path can record one and skip it.
  const providerId = typeof details.provider_id === 'number' ? details.provider_id : null;
  if (change.type === 'sent_to_provider' && providerId !== null) {
    await events.publish(ctx.db, 'match.sent', {
      referral_id: referral.id,
      organization_id: owner,
      provider_id: providerId,
      method: String(details.method_type ?? 'unknown'),
    });
  }
  if ((change.type === 'accepted' || change.type === 'rejected') && providerId !== null) {
    await events.publish(ctx.db, 'provider.replied', {
      referral_id: referral.id,
      organization_id: owner,
      provider_id: providerId,
      answer: change.type === 'accepted' ? 'accepted' : 'declined',
      // A text names its channel (sms); an answer in the app's panel has none.
      channel: typeof details.channel === 'string' ? details.channel : 'web',
    });
  }
  const { fromStatus, toStatus } = change;
  if (fromStatus && toStatus && fromStatus !== toStatus) {
    await events.publish(ctx.db, 'referral.status_changed', {
      referral_id: referral.id,
      organization_id: owner,
      from: fromStatus,
      to: toStatus,
      provider_id: referral.matchedProviderId,
    });
  }
}

/**
 * A history row on a referral known by its id (a message, a call or a web form about it), in the caller's
 * transaction; nothing when the referral is gone (deleted since).
 */
export async function noteOnReferralTimeline(
  ctx: ServiceContext,
  input: Omit<ReferralChange, 'referral'> & { referralId: number },
): Promise<void> {
  const { referralId, ...change } = input;
  const referral = await repo.findReferral(ctx.db, referralId);
  if (!referral) return;
  await recordReferralEvent(ctx, { referral, ...change });
}
