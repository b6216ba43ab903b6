import { REFERRAL_STATUSES, type ReferralOutcome, type ReferralStatus } from '@trust/domain';
import type { referrals } from '../schema/index.ts';
import type { Random } from './random.ts';

const DAY = 86_400_000;
const REJECTION_REASONS = [
  'At capacity this month',
  'Outside our service area',
  'Service not offered for this need',
];

const CANCELLATION_REASONS = [
  'Member moved out of the service area',
  'Member found help on their own',
  'Entered by mistake',
];
/** Mostly served, as a working network's would be; the other outcomes each appear. */
const OUTCOMES: { outcome: ReferralOutcome; note: string | null }[] = [
  { outcome: 'service_provided', note: 'Member enrolled and attended the first visit.' },
  { outcome: 'service_provided', note: null },
  { outcome: 'service_provided', note: 'Services delivered; no further needs reported.' },
  { outcome: 'unable_to_reach', note: 'Three calls and a text over two weeks, no answer.' },
  { outcome: 'member_declined', note: 'Member no longer wanted the service.' },
  { outcome: 'not_eligible', note: 'Income above the program limit.' },
];

function notAfter(now: Date, at: Date) {
  return at > now ? now : at;
}

/** A referral is created before it is matched: an earlier creation time when the drawn one is too late. */
function createdBefore(base: typeof referrals.$inferInsert, matchedAt: Date) {
  const createdAt = base.createdAt instanceof Date ? base.createdAt : matchedAt;
  if (createdAt.getTime() <= matchedAt.getTime() - 3_600_000) return {};
  const earlier = new Date(matchedAt.getTime() - 5 * 3_600_000);
  return { createdAt: earlier, updatedAt: earlier };
}

/**
 * The fields a referral in a given status would have by now (000 §4.1, §4.2): who it was matched to and how,
 * the provider's answer, the 7-day response window. Statuses cycle so every one of them is present.
 */
export function referralLifecycle(
  rng: Random,
  index: number,
  base: typeof referrals.$inferInsert,
  provider: { id: number; email: string | null | undefined; linked: boolean },
  now: Date,
): Partial<typeof referrals.$inferInsert> {
  const status: ReferralStatus = REFERRAL_STATUSES[index % REFERRAL_STATUSES.length]!;
  // A community organization with users of its own claimed it from the live feed; others were matched.
  const matchMethod = provider.linked ? 'claim' : base.useMatchingEngine ? 'auto' : 'manual';
  if (status === 'pending') return { status };
  if (status === 'cancelled') {
    // Withdrawn by the referrer before anyone took it (issue #14: cancelled with a reason).
    const createdAt = base.createdAt instanceof Date ? base.createdAt : now;
    return {
      status,
      cancelledAt: notAfter(now, new Date(createdAt.getTime() + rng.int(1, 72) * 3_600_000)),
      cancellationReason: rng.pick(CANCELLATION_REASONS),
    };
  }
  if (status === 'expired') {
    // Matched 8 to 12 days ago, and the provider let the 7 days pass (000 §4.2): it needs matching anew.
    const matchedAt = new Date(now.getTime() - rng.int(8 * 24, 12 * 24) * 3_600_000);
    return {
      status,
      ...createdBefore(base, matchedAt),
      matchedProviderId: provider.id,
      matchedAt,
      matchMethod,
      acceptanceStatus: 'expired',
      expiresAt: new Date(matchedAt.getTime() + 7 * DAY),
    };
  }

  const createdAt = base.createdAt instanceof Date ? base.createdAt : now;
  // Matched referrals still awaiting an answer were matched recently, some close to the 7-day expiry.
  const matchedAt =
    status === 'matched'
      ? new Date(now.getTime() - rng.int(1, 6 * 24) * 3_600_000)
      : new Date(Math.min(now.getTime(), createdAt.getTime() + rng.int(1, 48) * 3_600_000));
  const matched = {
    status,
    ...createdBefore(base, matchedAt),
    matchedProviderId: provider.id,
    matchedAt,
    matchMethod,
    expiresAt: new Date(matchedAt.getTime() + 7 * DAY),
  };
  if (status === 'matched') return { ...matched, acceptanceStatus: 'pending' };
  if (status === 'rejected') {
    return {
      ...matched,
      acceptanceStatus: 'rejected',
      rejectedAt: notAfter(now, new Date(matchedAt.getTime() + rng.int(1, 72) * 3_600_000)),
      rejectionReason: rng.pick(REJECTION_REASONS),
    };
  }
  const acceptedAt = notAfter(now, new Date(matchedAt.getTime() + rng.int(1, 72) * 3_600_000));
  const accepted = {
    ...matched,
    acceptanceStatus: 'accepted',
    acceptedAt,
    phiEmailSent: Boolean(provider.email),
    emailSentTo: provider.email ?? null,
  };
  if (status !== 'completed') return accepted;
  // The provider closed the loop (issue #14): how it ended, and when.
  const outcome = rng.pick(OUTCOMES);
  return {
    ...accepted,
    outcome: outcome.outcome,
    outcomeNote: outcome.note,
    completedAt: notAfter(now, new Date(acceptedAt.getTime() + rng.int(48, 240) * 3_600_000)),
  };
}
