import { REFERRAL_MESSAGES, type Referral } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';

// Who may see and change a referral (issue #12 minimum necessary). Every module that touches something of a
// referral (its notes, documents, messages, matches) asks here first, with the caller's context.

/** How an organization relates to a referral, or null when it may not see it at all. */
export function viewerRoleOf(record: repo.ReferralRecord, orgId: number): Referral['viewer_role'] | null {
  if (record.organizationId === orgId) return 'owner';
  if (record.matchedProvider?.organizationId === orgId) return 'provider';
  return null;
}

export type VisibleReferral = {
  record: repo.ReferralRecord;
  viewerRole: Referral['viewer_role'];
  /** The provider of the caller's organization the referral was sent to, when that is why it sees it. */
  sentTo: { id: number; name: string } | null;
};

/**
 * Who sees a referral: the organization that created it, and the organization of its matched provider (which
 * may read it and respond). Everyone else is told it does not exist.
 *
 * 001 §2.8: a referral sent to several providers has no matched provider until one accepts; each provider it
 * was sent to (and that has not answered) may read the referral itself, which it was sent, and answer it. Only
 * where the caller asks (`sentProviders`, the referral's details): its notes, documents and messages stay with
 * the owner and the matched provider.
 */
export async function findVisibleReferral(
  ctx: OrgContext,
  input: { id: number; sentProviders?: boolean },
): Promise<VisibleReferral> {
  const orgId = ctx.actor.org.id;
  const record = await repo.findReferral(ctx.db, input.id);
  let viewerRole = record ? viewerRoleOf(record, orgId) : null;
  let sentTo: VisibleReferral['sentTo'] = null;
  if (record && !viewerRole && input.sentProviders) {
    sentTo = await repo.sentProviderOfOrganization(ctx.db, input.id, orgId);
    if (sentTo) viewerRole = 'provider';
  }
  if (!record || !viewerRole) throw new AppError('referral.not_found', REFERRAL_MESSAGES.notFound);
  return { record, viewerRole, sentTo };
}

/** Changes of the referral itself belong to the creating organization; the provider's organization answers. */
export async function findOwnedReferral(ctx: OrgContext, input: { id: number }): Promise<VisibleReferral> {
  const found = await findVisibleReferral(ctx, { id: input.id });
  if (found.viewerRole !== 'owner') {
    throw new AppError('referral.owner_only', REFERRAL_MESSAGES.onlyOwnerChanges);
  }
  return found;
}
