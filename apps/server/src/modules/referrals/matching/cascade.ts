import { AUTO_MATCH_RADIUS_MILES, AUTO_MATCH_TOP_N, routingOf, servicesForNeeds } from '@trust/domain';
import { queueEmail } from '../../../adapters/outbound.ts';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type ServiceContext, systemContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findOrganization } from '../../administration/orgs/service.ts';
import { findUserById } from '../../administration/users/service.ts';
import { nearestProviders } from '../../providers/directory/service.ts';
import { addMatchRound, matchHistory } from '../referral-sending/match-entries.ts';
import { bestSendMethod } from '../referral-sending/methods-service.ts';
import { sendReferralToProvider } from '../referral-sending/send-service.ts';
import { recordReferralEvent } from '../referrals/history.ts';
import { takeStep } from '../referrals/lifecycle.ts';
import type { ReferralRecord } from '../referrals/lookups.ts';
import { autoMatchedColumns, lockReferralForChange } from '../referrals/match-state.ts';
import { memberLocation } from './matching-referral.ts';

// The cascade (issue #14 item 2): a referral no provider took (every matched provider declined, or let its
// window pass) is matched to the next-ranked eligible providers — nearest first within 50 miles, offering a
// needed service, not full, never tried on this referral, reachable by SMS or email — and sent to each by its
// best method, all in the transaction of the answer (or expiry) that left nobody waiting. The organization's
// routing (organizations.settings: cascade, cascade_rounds) says whether and how many times. Otherwise, or when
// nobody is left, the referral stays Rejected or Expired, flagged "Needs re-matching", and its coordinator is
// emailed. Every step is on the timeline. Lent to the referrals module as its `rematchReferral` port.

export const CASCADE_JOB = 'referrals.cascade';

type FlagReason = 'cascade_off' | 'rounds_used' | 'no_location' | 'no_providers' | 'send_failed';

const FLAG_TEXT: Record<FlagReason, string> = {
  cascade_off: 'Your organization does not re-match referrals by itself.',
  rounds_used: 'It was already matched again as many times as your organization allows.',
  no_location: "The member's location is unknown, so no nearby provider could be found.",
  no_providers: 'No other provider nearby offers the needed services and can be reached by SMS or email.',
  send_failed: 'It could not be sent to any of the next providers.',
};

/**
 * Needs re-matching: on the timeline, in the audit log, and by email to the coordinator who created the
 * referral (or the organization's contact address). The email names the referral by number only.
 */
async function flagForCoordinator(
  ctx: ServiceContext,
  referral: ReferralRecord,
  reason: FlagReason,
  extra: Record<string, unknown> = {},
) {
  const creator =
    referral.createdBy === null ? undefined : await findUserById(ctx, { id: referral.createdBy });
  const org = await findOrganization(ctx, { id: referral.organizationId });
  const to = creator?.email ?? org?.contact_email ?? null;
  const details = { reason, explanation: FLAG_TEXT[reason], notified: to !== null, ...extra };
  await recordReferralEvent(ctx, { referral, type: 'needs_rematching', actorUserId: null, details });
  await audit(ctx.db, ctx, {
    action: 'referral.needs_rematching',
    entityType: 'referral',
    entityId: referral.id,
    details: { reason, notified: to !== null },
  });
  if (!to) return;
  const link = `${ctx.deps.config.publicUrl}/queue/${referral.id}`;
  await queueEmail(ctx.deps, ctx.db, {
    to,
    subject: `Referral ${referral.referralNumber} needs a new provider`,
    text: [
      `Referral ${referral.referralNumber} has no provider: ${
        referral.status === 'expired'
          ? 'the providers it was sent to did not answer in time'
          : 'the providers it was sent to declined it'
      }.`,
      FLAG_TEXT[reason],
      '',
      `Match it to another provider: ${link}`,
    ].join('\n'),
    category: 'needs_rematching',
    userId: creator?.id ?? null,
  });
}

/**
 * The referrals module's `rematchReferral` port: called in the transaction that made the referral Rejected or
 * Expired, with that transaction's context. Does nothing to a referral in any other status.
 */
export async function rematchReferral(ctx: ServiceContext, input: { referralId: number }): Promise<void> {
  const before = await lockReferralForChange(ctx, { id: input.referralId });
  if (!before || (before.status !== 'rejected' && before.status !== 'expired')) return;
  // The cascade acts for the referral's organization: its private providers are candidates, its sends are its.
  const system = inTransaction(systemContext(ctx.deps, CASCADE_JOB, before.organizationId), ctx.db);
  const org = await findOrganization(system, { id: before.organizationId });
  const routing = routingOf(org?.settings);
  const history = await matchHistory(system, { referralId: before.id });
  // The first match is round 1; each cascade is one more.
  const cascades = Math.max(0, history.rounds - 1);
  if (!routing.cascade) return flagForCoordinator(system, before, 'cascade_off');
  if (cascades >= routing.cascade_rounds) {
    return flagForCoordinator(system, before, 'rounds_used', { rounds: cascades });
  }
  const point = await memberLocation(system, before);
  if (!point) return flagForCoordinator(system, before, 'no_location');

  const tried = new Set(history.providerIds);
  if (before.matchedProviderId !== null) tried.add(before.matchedProviderId);
  const found = await nearestProviders(system, {
    viewer: before.organizationId,
    ...point,
    radiusMiles: AUTO_MATCH_RADIUS_MILES,
    // Room for the ones already tried and a few that cannot be reached.
    limit: AUTO_MATCH_TOP_N * 3 + tried.size,
    services: before.sdohNeeds.length ? servicesForNeeds(before.sdohNeeds) : undefined,
    excludeFull: true,
  });
  const chosen: {
    providerId: number;
    distanceMiles: number;
    method: NonNullable<Awaited<ReturnType<typeof bestSendMethod>>>;
  }[] = [];
  for (const f of found) {
    if (tried.has(f.row.id)) continue;
    const method = await bestSendMethod(system, { providerId: f.row.id });
    if (!method) continue;
    chosen.push({ providerId: f.row.id, distanceMiles: f.distanceMiles, method });
    if (chosen.length === AUTO_MATCH_TOP_N) break;
  }
  if (chosen.length === 0) return flagForCoordinator(system, before, 'no_providers');

  const now = new Date();
  const round = await addMatchRound(system, {
    referralId: before.id,
    entries: chosen.map((c) => ({ providerId: c.providerId, distanceMiles: c.distanceMiles })),
  });
  const details = {
    method: 'cascade',
    round,
    after: before.status,
    provider_ids: chosen.map((c) => c.providerId),
    count: chosen.length,
  };
  const after = await takeStep(system, {
    before,
    action: 'auto_match',
    actor: 'system',
    actorUserId: null,
    at: now,
    changes: autoMatchedColumns(now),
    event: { type: 'cascaded', details },
    audit: { action: 'referral.cascaded', details },
  });
  let sent = 0;
  for (const c of chosen) {
    try {
      // A savepoint each: a send the sender refuses (the number opted out meanwhile) leaves that entry pending.
      await system.db.transaction((sp) =>
        sendReferralToProvider(inTransaction(system, sp), {
          referralId: before.id,
          providerId: c.providerId,
          methodType: c.method.methodType,
          communicationMethodId: c.method.id > 0 ? c.method.id : null,
          contactValue: c.method.contactValue,
        }),
      );
      sent++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  if (sent === 0) await flagForCoordinator(system, after, 'send_failed', { round });
}
