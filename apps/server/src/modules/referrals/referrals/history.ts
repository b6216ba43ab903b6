import type { ReferralEventType } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { eventVisibleTo } from './note-events.ts';
import * as repo from './repo.ts';

/** The event every organization related to a referral receives when its history grows: ids only, no PHI. */
export const REFERRAL_CHANGED_EVENT = 'referral.changed';

export type ReferralChange = {
  referral: repo.ReferralRecord;
  type: ReferralEventType;
  /** The user who did it; null for the system (the expiry job, a delivery report). */
  actorUserId: number | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  /** Facts for the timeline; never PHI values (field names, ids, counts, the provider's name). */
  details?: Record<string, unknown>;
};

/**
 * Writes one history row (issue #4 item 2) in the caller's transaction and tells the organizations that see
 * the referral (its owner and its matched provider's organization) that it changed, so open queues and
 * workspaces refresh. Both happen only if the transaction commits.
 */
export async function recordReferralEvent(deps: AppDeps, tx: DbOrTx, change: ReferralChange) {
  const { referral } = change;
  await repo.insertEvent(tx, {
    referralId: referral.id,
    organizationId: referral.organizationId,
    actorUserId: change.actorUserId,
    type: change.type,
    fromStatus: change.fromStatus ?? null,
    toStatus: change.toStatus ?? null,
    details: change.details ?? {},
  });
  // An internal note is not announced to the matched provider's organization: not even that it exists.
  const event = { type: change.type, details: change.details ?? {} };
  await notifyOrganizations(deps, tx, referral, change.type, (orgId) =>
    eventVisibleTo(event, { orgId, referringOrgId: referral.organizationId }),
  );
}

/** 'referral.changed' to the owner and, when another, the matched provider's organization. */
export async function notifyOrganizations(
  deps: AppDeps,
  tx: DbOrTx,
  referral: repo.ReferralRecord,
  change: string,
  visibleTo: (orgId: number) => boolean = () => true,
) {
  const data = { id: referral.id, referral_number: referral.referralNumber, status: referral.status, change };
  const orgs = new Set([referral.organizationId]);
  const providerOrg = referral.matchedProvider?.organizationId;
  if (providerOrg) orgs.add(providerOrg);
  for (const orgId of orgs) {
    if (!visibleTo(orgId)) continue;
    await deps.events.publish(REFERRAL_CHANGED_EVENT, { kind: 'org', org_id: orgId }, data, tx);
  }
}
