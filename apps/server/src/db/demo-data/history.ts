import type { caseNotes, referralEvents, referrals } from '../schema/index.ts';
import type { Random } from './random.ts';

// The story of each demo referral, told by the rows the product itself would have written (issue #4 item 2):
// its timeline events in order, and case notes on some of them, so the workspace of any demo referral shows a
// believable history that agrees with its current state.

type ReferralRow = typeof referrals.$inferInsert & { id: number };
type EventRow = typeof referralEvents.$inferInsert;
type NoteRow = typeof caseNotes.$inferInsert;

export type Actors = {
  /** Users of the referring organization (the first one creates when the referral names none). */
  staff: { id: number; name: string }[];
  /** A user of the matched provider's organization when it has one (claims and answers are theirs). */
  providerUser: { id: number; name: string } | null;
  providerName: string;
};

const START = { to: 'in_progress', action: 'start' };
const HOLD = { to: 'on_hold', action: 'hold' };
const COMPLETE = { to: 'completed', action: 'complete' };

function later(at: Date, rng: Random, minHours: number, maxHours: number, cap: Date): Date {
  const next = new Date(at.getTime() + rng.int(minHours * 60, maxHours * 60) * 60_000);
  return next > cap ? cap : next;
}

/** The events of one referral, oldest first, consistent with its current fields. */
export function referralTimeline(rng: Random, r: ReferralRow, actors: Actors, now: Date): EventRow[] {
  const created = r.createdAt instanceof Date ? r.createdAt : now;
  const creator = r.createdBy ?? actors.staff[0]?.id ?? null;
  const base = { referralId: r.id, organizationId: r.organizationId };
  const events: EventRow[] = [
    {
      ...base,
      actorUserId: creator,
      type: 'created',
      toStatus: 'pending',
      details: { referral_number: r.referralNumber },
      at: created,
    },
  ];
  if (r.status === 'cancelled' && r.cancelledAt instanceof Date) {
    events.push({
      ...base,
      actorUserId: creator,
      type: 'status_changed',
      fromStatus: 'pending',
      toStatus: 'cancelled',
      details: { action: 'cancel', reason: r.cancellationReason ?? null },
      at: r.cancelledAt,
    });
  }
  if (!r.matchedProviderId || !r.matchedAt) return events;

  const matchedAt = r.matchedAt as Date;
  const claimed = r.matchMethod === 'claim';
  events.push({
    ...base,
    actorUserId: claimed ? (actors.providerUser?.id ?? null) : r.matchMethod === 'manual' ? creator : null,
    type: claimed ? 'claimed' : 'matched',
    fromStatus: 'pending',
    toStatus: 'matched',
    details: { provider_id: r.matchedProviderId, provider_name: actors.providerName, method: r.matchMethod },
    at: matchedAt,
  });
  const texted = (status: string, at: Date) =>
    events.push({
      ...base,
      actorUserId: null,
      type: 'member_notified',
      details: { channel: 'sms', status, sent: true },
      at,
    });
  texted('matched', matchedAt);

  if (r.acceptanceStatus === 'expired') {
    events.push({
      ...base,
      actorUserId: null,
      type: 'expired',
      fromStatus: 'matched',
      toStatus: 'expired',
      details: { provider_name: actors.providerName },
      at: r.expiresAt as Date,
    });
  }
  if (r.acceptanceStatus === 'rejected' && r.rejectedAt) {
    events.push({
      ...base,
      actorUserId: actors.providerUser?.id ?? null,
      type: 'rejected',
      fromStatus: 'matched',
      toStatus: 'rejected',
      details: { provider_name: actors.providerName, reason: r.rejectionReason },
      at: r.rejectedAt as Date,
    });
  }
  if (r.acceptanceStatus === 'accepted' && r.acceptedAt) {
    const acceptedAt = r.acceptedAt as Date;
    events.push({
      ...base,
      actorUserId: actors.providerUser?.id ?? null,
      type: 'accepted',
      fromStatus: 'matched',
      toStatus: 'accepted',
      details: { provider_name: actors.providerName, email_sent_to: r.emailSentTo ?? null },
      at: acceptedAt,
    });
    if (r.phiEmailSent) {
      events.push({
        ...base,
        actorUserId: null,
        type: 'phi_email_sent',
        details: { email_sent_to: r.emailSentTo },
        at: new Date(Math.min(acceptedAt.getTime() + 30_000, now.getTime())),
      });
    }
    // Issue #14: the referrer authorizes an accepted referral (the member is texted), then the provider's work:
    // in progress, possibly on hold, then completed with an outcome.
    let from = 'accepted';
    let at = acceptedAt;
    if (r.status === 'authorized') {
      at = later(acceptedAt, rng, 1, 24, now);
      events.push({
        ...base,
        actorUserId: creator,
        type: 'status_changed',
        fromStatus: 'accepted',
        toStatus: 'authorized',
        details: { action: 'authorize' },
        at,
      });
      texted('authorized', at);
    }
    const path: { to: string; action: string }[] =
      r.status === 'in_progress'
        ? [START]
        : r.status === 'on_hold'
          ? [START, HOLD]
          : r.status === 'completed'
            ? rng.chance(0.3)
              ? [START, HOLD, START, COMPLETE]
              : [START, COMPLETE]
            : [];
    const end = r.completedAt instanceof Date ? r.completedAt : now;
    // Each step takes its share of the time left, so a recent acceptance does not pile its steps up at `now`.
    const share = (end.getTime() - acceptedAt.getTime()) / (path.length + 1);
    for (const step of path) {
      at = new Date(at.getTime() + Math.max(60_000, Math.min(rng.int(2 * 60, 96 * 60) * 60_000, share)));
      if (step === COMPLETE || at > end) at = end;
      events.push({
        ...base,
        actorUserId: actors.providerUser?.id ?? null,
        type: 'status_changed',
        fromStatus: from,
        toStatus: step.to,
        details:
          step === COMPLETE
            ? { action: step.action, outcome: r.outcome ?? null, note: r.outcomeNote ?? null }
            : { action: step.action },
        at,
      });
      from = step.to;
    }
  }
  return events;
}

/** Notes a provider needs (how to reach the member, an interpreter) are shared with it; the rest stay internal. */
const NOTE_TEXTS: { html: string; text: string; visibility: 'internal' | 'shared' }[] = [
  {
    html: '<p>Called the member to confirm the best time to reach them. <strong>Prefers afternoons.</strong></p>',
    text: 'Called the member to confirm the best time to reach them. Prefers afternoons.',
    visibility: 'shared',
  },
  {
    html: '<p>Member asked about documents needed for intake:</p><ul><li>Photo ID</li><li>Proof of address</li><li>Medicaid card</li></ul>',
    text: 'Member asked about documents needed for intake: Photo ID; Proof of address; Medicaid card',
    visibility: 'internal',
  },
  {
    html: "<p>Left a voicemail for the provider's intake line; will follow up <em>tomorrow morning</em>.</p>",
    text: "Left a voicemail for the provider's intake line; will follow up tomorrow morning.",
    visibility: 'internal',
  },
  {
    html: '<h3>Follow-up plan</h3><ol><li>Confirm transportation for the first visit</li><li>Check in after one week</li></ol>',
    text: 'Follow-up plan: Confirm transportation for the first visit; Check in after one week',
    visibility: 'internal',
  },
  {
    html: '<p style="text-align: center"><u>Interpreter needed</u> for all appointments.</p>',
    text: 'Interpreter needed for all appointments.',
    visibility: 'shared',
  },
];

/** Case notes for some referrals, written by the referring staff (their `note_added` events come once stored). */
export function referralNotes(rng: Random, r: ReferralRow, actors: Actors, now: Date): NoteRow[] {
  if (!rng.chance(0.4) || actors.staff.length === 0) return [];
  const created = r.createdAt instanceof Date ? r.createdAt : now;
  const notes: NoteRow[] = [];
  let at = created;
  for (let i = rng.int(1, 3); i > 0; i--) {
    at = later(at, rng, 1, 72, now);
    const author = rng.pick(actors.staff);
    const body = rng.pick(NOTE_TEXTS);
    notes.push({
      referralId: r.id,
      organizationId: r.organizationId,
      userId: author.id,
      authorName: author.name,
      content: body.text,
      contentHtml: body.html,
      visibility: body.visibility,
      createdAt: at,
      updatedAt: at,
    });
  }
  return notes;
}

/** The timeline row of a stored note. */
export function noteAddedEvent(note: NoteRow & { id: number }): EventRow {
  return {
    referralId: note.referralId,
    organizationId: note.organizationId,
    actorUserId: note.userId ?? null,
    type: 'note_added',
    details: {
      note_id: note.id,
      organization_id: note.organizationId,
      visibility: note.visibility ?? 'internal',
    },
    at: note.createdAt,
  };
}

/** The last moment of a referral's story (its updated_at). */
export function lastEventAt(events: EventRow[], fallback: Date): Date {
  return events.reduce((latest, e) => (e.at instanceof Date && e.at > latest ? e.at : latest), fallback);
}
