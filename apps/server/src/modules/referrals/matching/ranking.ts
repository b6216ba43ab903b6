import {
  AUTO_MATCH_RADIUS_MILES,
  type MatchReferralResponse,
  roundMiles,
  scoreMatch,
  servicesForNeeds,
} from '@trust/domain';
import type { OrgContext } from '../../../platform/context.ts';
import { nearestProviders } from '../../providers/directory/service.ts';
import { findOwnedReferral } from '../referrals/access.ts';
import { memberLocation, noLocation } from './matching-referral.ts';
import * as repo from './repo.ts';

/** How many nearby providers the ranking scores before it keeps the best. */
const RANKING_POOL = 40;

/**
 * POST /match_referral (001 §2.3 AI match results): the providers within 50 miles that serve a need, scored
 * by scoreMatch (distance, services, language, capacity, data quality, past acceptance, members' answers; less
 * the out-of-date penalty for a listing nobody confirmed within the stale time, issue #18 item 7), best first,
 * each with its reasons and the organization's latest feedback on it.
 */
export async function rankMatches(
  ctx: OrgContext,
  input: { referral_id: number; limit: number },
): Promise<MatchReferralResponse> {
  const db = ctx.db;
  const { record } = await findOwnedReferral(ctx, { id: input.referral_id });
  const point = await memberLocation(ctx, record);
  if (!point) throw noLocation();
  const found = await nearestProviders(ctx, {
    viewer: record.organizationId,
    ...point,
    radiusMiles: AUTO_MATCH_RADIUS_MILES,
    limit: RANKING_POOL,
    services: record.sdohNeeds.length ? servicesForNeeds(record.sdohNeeds) : undefined,
  });
  const candidateIds = found.map((f) => f.row.id);
  const acceptance = await repo.acceptanceOf(db, candidateIds);
  const memberConfirmed = await repo.memberConfirmedOf(db, candidateIds);
  const feedback = await repo.latestFeedback(db, record.id, ctx.actor.org.id);
  const scored = found.map((f) => ({
    f,
    ...scoreMatch(
      { needs: record.sdohNeeds, language: record.preferredLanguage },
      {
        distanceMiles: f.distanceMiles,
        services: f.row.services,
        languages: f.row.languages,
        capacityStatus: f.row.capacityStatus,
        capacityWaitDays: f.row.capacityWaitDays,
        dataQualityScore: f.row.dataQualityScore,
        acceptance: acceptance.get(f.row.id) ?? { accepted: 0, total: 0 },
        memberConfirmed: memberConfirmed.get(f.row.id) ?? { yes: 0, answered: 0 },
        freshness: { lastVerifiedAt: f.row.lastVerifiedAt, outOfDate: f.outOfDate },
      },
    ),
  }));
  // Best score first; among equals the nearer (the list came nearest first and the sort is stable).
  scored.sort((a, b) => b.score - a.score);
  return {
    referral_id: record.id,
    matches: scored.slice(0, input.limit).map((s, i) => {
      const fb = feedback.get(s.f.row.id);
      return {
        rank: i + 1,
        name: s.f.row.name,
        cbo_id: s.f.row.id,
        score: s.score,
        organization_type: s.f.row.organizationType,
        distance_miles: roundMiles(s.f.distanceMiles),
        services: s.f.row.services,
        reasons: s.reasons,
        feedback: fb
          ? {
              status: fb.status as 'accepted' | 'rejected' | 'completed' | 'failed',
              notes: fb.notes,
              created_at: fb.createdAt.toISOString(),
            }
          : null,
      };
    }),
  };
}
