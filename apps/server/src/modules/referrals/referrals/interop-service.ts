import type { Referral } from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { findVisibleReferral, viewerRoleOf } from './access.ts';
import * as interop from './interop-repo.ts';
import * as repo from './repo.ts';
import { toReferralWire } from './wire.ts';

// What the FHIR API (issue #21, modules/interop/fhir) reads of referrals, under the same access rule as the app
// (access.ts, minimum necessary): an organization sees the referrals it created and those matched to its
// providers; nobody else's. These functions do not audit: the FHIR read service writes one row per request
// naming what it answered with, as the app's PHI reads do.

export type { DateBound, InteropReferralFilter } from './interop-repo.ts';

/** One referral the caller may see, as the wire's record; 404 referral.not_found otherwise. */
export async function readReferralForInterop(ctx: OrgContext, input: { id: number }): Promise<Referral> {
  const { record, viewerRole } = await findVisibleReferral(ctx, { id: input.id });
  return toReferralWire(record, viewerRole);
}

/** A page of the referrals the caller may see that match the filter, by id, and how many match. */
export async function searchReferralsForInterop(
  ctx: OrgContext,
  input: { filter: interop.InteropReferralFilter; offset: number; limit: number },
): Promise<{ referrals: Referral[]; total: number }> {
  const orgId = ctx.actor.org.id;
  const providerIds = await repo.providerIdsOfOrganization(ctx.db, orgId);
  const { rows, total } = await interop.searchReferrals(ctx.db, { orgId, providerIds, ...input });
  // The query already keeps to what the organization may see; a row it may not (a change between the two
  // reads) is left out rather than shown with a role it does not have.
  const referrals = rows.flatMap((r) => {
    const role = viewerRoleOf(r, orgId);
    return role ? [toReferralWire(r, role)] : [];
  });
  return { referrals, total };
}

/**
 * The members of the referrals the caller may see (the organization has a reason to see them: it referred them,
 * or their referral is matched to it), one page of ids by id.
 */
export async function searchMembersForInterop(
  ctx: OrgContext,
  input: { memberIds?: readonly number[]; offset: number; limit: number },
): Promise<{ ids: number[]; total: number }> {
  const orgId = ctx.actor.org.id;
  const providerIds = await repo.providerIdsOfOrganization(ctx.db, orgId);
  return interop.searchMembers(ctx.db, { orgId, providerIds, ...input });
}

/** The newest referral of the member that the caller may see: its reason to see the member, or null (none). */
export async function latestReferralOfMemberForInterop(
  ctx: OrgContext,
  input: { memberId: number },
): Promise<Referral | null> {
  const orgId = ctx.actor.org.id;
  const providerIds = await repo.providerIdsOfOrganization(ctx.db, orgId);
  const row = await interop.latestReferralOfMember(ctx.db, { orgId, providerIds, memberId: input.memberId });
  const role = row ? viewerRoleOf(row, orgId) : null;
  return row && role ? toReferralWire(row, role) : null;
}

/** The organizations on the other side of the caller's referrals (who referred to it, whom it referred to). */
export async function relatedOrganizationIdsForInterop(ctx: OrgContext): Promise<number[]> {
  const orgId = ctx.actor.org.id;
  const providerIds = await repo.providerIdsOfOrganization(ctx.db, orgId);
  return interop.relatedOrganizationIds(ctx.db, { orgId, providerIds });
}
