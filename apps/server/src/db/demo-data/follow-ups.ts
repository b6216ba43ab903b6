import { phoneDigits } from '@trust/domain';
import type { memberFollowUps, referralEvents, referrals } from '../schema/index.ts';
import type { Random } from './random.ts';

// The members' answers of a working network (issue #14 item 4): a referral Completed with the service provided
// more than 3 days ago was asked "Did you get the help you needed?"; most members answered YES, some NO, a few
// never answered. Provider Performance and match ranking read them; the timeline tells them.

const DAY_MS = 86_400_000;
const ASK_AFTER_DAYS = 3;
const ANSWER_DAYS = 7;

type Stored = typeof referrals.$inferInsert & { id: number };

/** The follow-up row and its timeline events for one demo referral, or nothing when it was not asked. */
export function demoFollowUp(
  rng: Random,
  r: Stored,
  now: Date,
): { row: typeof memberFollowUps.$inferInsert; events: (typeof referralEvents.$inferInsert)[] } | null {
  if (r.status !== 'completed' || r.outcome !== 'service_provided' || !r.completedAt || !r.phoneNumber)
    return null;
  const sentAt = new Date((r.completedAt as Date).getTime() + ASK_AFTER_DAYS * DAY_MS);
  if (sentAt.getTime() > now.getTime()) return null;
  const language = (r.preferredLanguage ?? '').toLowerCase() === 'spanish' ? 'es' : 'en';
  const draw = rng.next();
  const answer = draw < 0.8 ? 'yes' : draw < 0.93 ? 'no' : null;
  const answeredAt = answer
    ? new Date(Math.min(now.getTime(), sentAt.getTime() + rng.int(1, 30) * 3_600_000))
    : null;
  const base = { referralId: r.id, organizationId: r.organizationId, actorUserId: null };
  const events: (typeof referralEvents.$inferInsert)[] = [
    { ...base, type: 'member_follow_up_sent', details: { sent: true, language }, at: sentAt },
  ];
  if (answer && answeredAt) {
    events.push({
      ...base,
      type: 'member_replied',
      details: { answer, late: false, channel: 'sms' },
      at: answeredAt,
    });
  }
  return {
    row: {
      referralId: r.id,
      organizationId: r.organizationId,
      providerId: r.matchedProviderId ?? null,
      dueAt: sentAt,
      sentAt,
      expiresAt: new Date(sentAt.getTime() + ANSWER_DAYS * DAY_MS),
      phoneDigits: phoneDigits(r.phoneNumber),
      language,
      answer,
      answeredAt,
    },
    events,
  };
}
