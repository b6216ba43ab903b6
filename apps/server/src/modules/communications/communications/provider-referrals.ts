import { COMMUNICATION_MESSAGES, type ProviderReferralList, urgencyToServer } from '@trust/domain';
import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { conversations, referralProviderMatches, referrals } from '../../../db/schema/index.ts';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';

// 001 §7 GET /api/providers/{providerId}/referrals: the referrals a coordinator may talk about with a provider
// (the compose form's referral selector, 001 §2.10). Those linked to the provider come first — matched to it,
// sent to it, or already discussed with it — then the organization's other open referrals, or those matching a
// search, so a conversation can start about a referral not yet sent.

const OPEN_STATUSES = ['pending', 'matched', 'authorized', 'accepted', 'in_progress', 'on_hold'];
const LIMIT = 50;

export async function listProviderReferrals(
  ctx: OrgContext,
  input: { providerId: number; search?: string | undefined },
): Promise<ProviderReferralList> {
  const { db, actor } = ctx;
  const { providerId, search } = input;
  // Issue #12: another organization's private provider is as unknown as a missing one (false for both).
  if (!(await canSeeProvider(ctx, { providerId }))) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }

  // Written out with the outer table named: Drizzle leaves the columns of a one-table query unqualified, and an
  // unqualified "id" inside the subqueries would bind to the subquery's own table.
  const outerId = sql.raw('"referrals"."id"');
  // coalesce: an unmatched referral's `matched_provider_id = …` is NULL, which DESC would sort first.
  const linked = sql`(coalesce("referrals"."matched_provider_id" = ${providerId}, false)
    OR EXISTS (SELECT 1 FROM ${referralProviderMatches} m
               WHERE m.referral_id = ${outerId} AND m.provider_id = ${providerId})
    OR EXISTS (SELECT 1 FROM ${conversations} c
               WHERE c.referral_id = ${outerId} AND c.provider_id = ${providerId}
                 AND c.organization_id = ${actor.org.id}))`;
  const term = search?.trim();
  const matching = term
    ? or(
        ilike(referrals.referralNumber, `${term.replace(/[\\%_]/g, '\\$&')}%`),
        sql`${referrals.searchText} LIKE ${`%${term.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`,
      )
    : inArray(referrals.status, OPEN_STATUSES);
  const rows = await db
    .select({
      id: referrals.id,
      referralNumber: referrals.referralNumber,
      firstName: referrals.firstName,
      lastName: referrals.lastName,
      status: referrals.status,
      sdohNeeds: referrals.sdohNeeds,
      urgency: referrals.urgency,
      createdAt: referrals.createdAt,
      linked: sql<boolean>`${linked}`,
    })
    .from(referrals)
    .where(and(eq(referrals.organizationId, actor.org.id), or(linked, matching)))
    .orderBy(sql`${linked} DESC`, desc(referrals.createdAt))
    .limit(LIMIT);
  // The list names members (issue #12): one audit row with the referrals it showed, never the search words.
  await auditPhiRead(db, ctx, {
    action: 'referral.list_read',
    entityType: 'referral',
    ids: rows.map((r) => r.id),
    details: { provider_id: providerId, searched: Boolean(term) },
  });
  return {
    referrals: rows.map((r) => ({
      id: r.id,
      referral_number: r.referralNumber,
      member_name: `${r.firstName} ${r.lastName}`.trim(),
      status: r.status,
      sdoh_needs: r.sdohNeeds ?? [],
      urgency: r.urgency,
      urgency_level: urgencyToServer(r.urgency),
      created_at: r.createdAt.toISOString(),
      linked: Boolean(r.linked),
    })),
  };
}
