import type { ClientReferral, ReferralEvent } from '@trust/domain';
import { responseStateOf } from '../../components/referral/provider-response-panel.tsx';

// 000 §2.4 Timeline card: when the referral was created, matched and answered. The created and answered times
// are on the referral; the match time comes from its history (the latest claim or match), since a referral
// can be matched more than once.

export type DetailsTimelineEntry = { key: string; label: string; at: string | null; note?: string };

function isMatch(e: ReferralEvent): boolean {
  return (
    e.type === 'claimed' || e.type === 'matched' || (e.type === 'status_changed' && e.to_status === 'matched')
  );
}

/** The newest event of a kind (the history comes newest first, but do not rely on it). */
function latest(events: readonly ReferralEvent[], test: (e: ReferralEvent) => boolean): ReferralEvent | null {
  let found: ReferralEvent | null = null;
  for (const e of events) {
    if (test(e) && (!found || e.at > found.at)) found = e;
  }
  return found;
}

export function detailsTimeline(
  referral: ClientReferral,
  events: readonly ReferralEvent[],
): DetailsTimelineEntry[] {
  const entries: DetailsTimelineEntry[] = [{ key: 'created', label: 'Created', at: referral.createdAt }];
  const match = latest(events, isMatch);
  const provider = referral.matchedProvider?.name;
  if (match || referral.matchedProviderId !== null) {
    entries.push({
      key: 'matched',
      label: 'Matched',
      at: match?.at ?? null,
      ...(provider ? { note: provider } : {}),
    });
  }
  switch (referral.acceptanceStatus) {
    case 'accepted':
      entries.push({ key: 'answered', label: 'Accepted by provider', at: referral.acceptedAt });
      break;
    case 'rejected':
      entries.push({ key: 'answered', label: 'Rejected by provider', at: referral.rejectedAt });
      break;
    case 'expired':
      entries.push({
        key: 'answered',
        label: 'Expired without a response',
        at: latest(events, (e) => e.type === 'expired')?.at ?? null,
      });
      break;
    default:
      if (responseStateOf(referral) === 'awaiting' && referral.expiresAt) {
        entries.push({ key: 'answered', label: 'Response due', at: referral.expiresAt });
      }
  }
  return entries;
}
