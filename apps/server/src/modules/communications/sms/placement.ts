import type { SmsIntent } from '@trust/domain';
import type { AwaitingReferral, CounterpartThread } from './repo.ts';

// Where an inbound SMS belongs and which referral it answers (issue #6: "every inbound message is stored on the
// right conversation (by phone and open referral)"). Pure: inbound-service.ts loads the facts and stores.

/** A referral the number may be talking about: on one of its threads, or waiting for its provider's answer. */
export type Candidate = {
  referralId: number;
  referralNumber: string;
  providerId: number;
  organizationId: number;
  /** The organization's SMS thread with the number about it, if one exists. */
  threadId: number | null;
};

export type Facts = {
  /** The organizations' SMS threads with the number, newest activity first. */
  threads: readonly CounterpartThread[];
  /** Referrals waiting for an answer from a provider of the number (by its threads or its phone). */
  awaiting: readonly AwaitingReferral[];
  /** Referrals a provider of the number accepted and is serving ("STARTED", "DONE"; issue #14 item 3). */
  serving: readonly AwaitingReferral[];
  /** The providers the number belongs to (directory phone or phone method), for an unmatched message. */
  providersByNumber: readonly number[];
};

/** A thread to add to, or the key of the thread to create (organization null: unmatched). */
export type Placement =
  | { kind: 'thread'; threadId: number }
  | { kind: 'new'; organizationId: number | null; providerId: number | null; referralId: number | null };

/** What an accept or decline answers. */
export type Target =
  | { kind: 'referral'; candidate: Candidate }
  | { kind: 'ambiguous'; numbers: string[] }
  | { kind: 'not_found'; digits: string }
  | { kind: 'none' };

const ANSWERS: readonly SmsIntent[] = ['accept', 'decline'];
/** The accepted provider's progress reports. */
export const PROGRESS: readonly SmsIntent[] = ['started', 'done'];

/** The referrals a message of this intent may be about when it names none: awaiting an answer, or being served. */
function openFor(facts: Facts, intent: SmsIntent): readonly AwaitingReferral[] {
  if (PROGRESS.includes(intent)) return facts.serving;
  return ANSWERS.includes(intent) ? facts.awaiting : [];
}

/** Every referral the number may name, the threads' first (newest activity first), once each. */
export function candidatesOf(facts: Facts): Candidate[] {
  const seen = new Set<number>();
  const out: Candidate[] = [];
  for (const t of facts.threads) {
    if (
      t.referralId === null ||
      t.providerId === null ||
      t.referralNumber === null ||
      seen.has(t.referralId)
    ) {
      continue;
    }
    seen.add(t.referralId);
    out.push({
      referralId: t.referralId,
      referralNumber: t.referralNumber,
      providerId: t.providerId,
      organizationId: t.organizationId,
      threadId: t.id,
    });
  }
  for (const a of [...facts.awaiting, ...facts.serving]) {
    if (seen.has(a.referralId)) continue;
    seen.add(a.referralId);
    out.push({ ...a, threadId: threadFor(facts.threads, a) });
  }
  return out;
}

function threadFor(threads: readonly CounterpartThread[], a: AwaitingReferral): number | null {
  return (
    threads.find(
      (t) =>
        t.referralId === a.referralId &&
        t.providerId === a.providerId &&
        t.organizationId === a.organizationId,
    )?.id ?? null
  );
}

/**
 * The referrals named by digits: the one whose number is exactly them, else those whose number ends with them
 * (at least 4 digits: "DECLINE 4821 full").
 */
export function named(candidates: readonly Candidate[], digits: string): Candidate[] {
  const exact = candidates.filter((c) => c.referralNumber === digits);
  if (exact.length) return exact;
  if (digits.length < 4) return [];
  return candidates.filter((c) => c.referralNumber.endsWith(digits));
}

function placementOf(c: Candidate): Placement {
  return c.threadId !== null
    ? { kind: 'thread', threadId: c.threadId }
    : { kind: 'new', organizationId: c.organizationId, providerId: c.providerId, referralId: c.referralId };
}

/**
 * The thread of an inbound message: (a) the thread about the referral its digits name (made when that referral
 * awaits the number's provider and nobody wrote about it by SMS yet; an accept or decline without digits goes
 * to the one referral awaiting the number), else (b) the newest thread whose referral awaits the provider's
 * answer, else (c) the newest thread with the number, else (d) an unmatched thread (organization null) with the
 * provider the number belongs to, if any.
 */
export function placeMessage(facts: Facts, intent: SmsIntent, digits: string | null): Placement {
  const candidates = candidatesOf(facts);
  if (digits) {
    const found = named(candidates, digits);
    if (found.length === 1) return placementOf(found[0]!);
  } else {
    const open = openFor(facts, intent);
    const only = open.length === 1 ? candidates.find((c) => c.referralId === open[0]!.referralId) : undefined;
    if (only) return placementOf(only);
  }
  const awaitingThread = facts.threads.find((t) => t.awaiting);
  if (awaitingThread) return { kind: 'thread', threadId: awaitingThread.id };
  const newest = facts.threads[0];
  if (newest) return { kind: 'thread', threadId: newest.id };
  return {
    kind: 'new',
    organizationId: null,
    providerId: facts.providersByNumber[0] ?? null,
    referralId: null,
  };
}

/**
 * The referral an accept or decline (or a progress report) answers: the one its digits name (several → ask which;
 * none → say so), or without digits the single referral awaiting the number (for progress, the single one its
 * provider serves; several → ask which), else the referral of the thread it landed on (the rules then say why
 * nothing changes: already accepted, expired…).
 */
export function targetOf(
  facts: Facts,
  intent: SmsIntent,
  digits: string | null,
  placedThreadId: number | null,
): Target {
  const candidates = candidatesOf(facts);
  if (digits) {
    const found = named(candidates, digits);
    if (found.length === 1) return { kind: 'referral', candidate: found[0]! };
    if (found.length > 1) return { kind: 'ambiguous', numbers: found.map((c) => c.referralNumber) };
    return { kind: 'not_found', digits };
  }
  const open = openFor(facts, intent);
  const awaiting = candidates.filter((c) => open.some((a) => a.referralId === c.referralId));
  if (awaiting.length === 1) return { kind: 'referral', candidate: awaiting[0]! };
  if (awaiting.length > 1) return { kind: 'ambiguous', numbers: awaiting.map((c) => c.referralNumber) };
  const onThread = candidates.find((c) => c.threadId !== null && c.threadId === placedThreadId);
  return onThread ? { kind: 'referral', candidate: onThread } : { kind: 'none' };
}
