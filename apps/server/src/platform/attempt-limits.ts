import { isIPv6 } from 'node:net';
import type { ErrorReason } from '@trust/domain';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { attemptCounters } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/**
 * Attempt limits (issue #12, NIST SP 800-63B §5.2.2): the one mechanism behind every guessable secret —
 * passwords, second-factor codes, backup codes, reset and invitation tokens.
 *
 * An attempt takes its slot BEFORE the secret is checked, in one atomic statement on `attempt_counters`
 * (`INSERT … ON CONFLICT (key) DO UPDATE … WHERE <below the limit> RETURNING`): the row lock of the upsert
 * serialises parallel attempts on a key, so 40 parallel guesses against a limit of 5 check exactly 5. An
 * attempt past the limit is refused without counting it and without checking anything. A caller gives the
 * slot back (`refundAttempt`) when the attempt turned out not to be a failure, and wipes the key
 * (`clearAttempts`) on a success that ends the series.
 */
export type AttemptRule = {
  /** Prefix of every key of this rule, e.g. `login:pair`. */
  scope: string;
  /** Attempts allowed in one window; the next is refused until the window ends. */
  max: number;
  windowMs: number;
  /**
   * Slow down instead of refusing outright: once `after` attempts are in the window, each further attempt must
   * come at least 2^(n − after) seconds (at most `capMs`) after the previous one, n being the attempts so far.
   */
  slowdown?: { after: number; capMs: number };
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit of the product, in one place (README "Security"). */
export const ATTEMPT_RULES = {
  /** Sign-in (password and second-factor codes) of one account from one client address. */
  signInPair: { scope: 'login:pair', max: 5, windowMs: 15 * MINUTE },
  /** Sign-in failures from one client address, whatever the account. */
  signInAddress: { scope: 'login:address', max: 30, windowMs: 15 * MINUTE },
  /**
   * Sign-in failures of one account from addresses it has not signed in from: slowed after 10 (1 s, 2 s, 4 s…
   * up to 60 s between attempts) and at most 100 in a day (800-63B §5.2.2's ceiling). Known addresses and
   * trusted devices do not count here and are never slowed by it, so an attacker cannot lock the user out.
   */
  signInAccount: {
    scope: 'login:account',
    max: 100,
    windowMs: 24 * HOUR,
    slowdown: { after: 10, capMs: MINUTE },
  },
  /** Reset and invitation tokens that match nothing, per client address. */
  tokenGuess: { scope: 'token:address', max: 20, windowMs: 15 * MINUTE },
  /** Reset emails of one account (the answer stays the same past it; nothing more is sent). */
  forgotPassword: { scope: 'forgot:account', max: 5, windowMs: 15 * MINUTE },
  /** The current password (or a code) re-entered by a signed-in user: change password, two-factor settings. */
  confirmIdentity: { scope: 'reauth:user', max: 5, windowMs: 15 * MINUTE },
} as const satisfies Record<string, AttemptRule>;

/** The answer when an address has guessed too many reset or invitation tokens. */
export const tokenGuessMessage = (wait: string) =>
  `Too many invalid or expired links from your network. Please wait ${wait} and try again.`;

export type AttemptSlot = { rule: AttemptRule; subject: string | number };
export type AttemptVerdict =
  | { allowed: true; count: number }
  | { allowed: false; retryAfterS: number; refusedBy: AttemptSlot };

function keyOf(slot: AttemptSlot): string {
  return `${slot.rule.scope}:${slot.subject}`;
}

function delayMs(rule: AttemptRule, countSoFar: number): number {
  const s = rule.slowdown;
  if (!s || countSoFar < s.after) return 0;
  return Math.min(2 ** Math.min(countSoFar - s.after, 30) * 1000, s.capMs);
}

/**
 * Takes one slot of `slot`'s counter, or refuses. One statement: the check and the count cannot be separated
 * by another request. A window that has passed starts again at one.
 */
export async function takeAttempt(
  db: DbOrTx,
  slot: AttemptSlot,
  now: Date = new Date(),
): Promise<AttemptVerdict> {
  const { rule } = slot;
  const key = keyOf(slot);
  const windowOver = sql`${attemptCounters.windowStartedAt} <= ${new Date(now.getTime() - rule.windowMs)}`;
  const belowMax = sql`${attemptCounters.count} < ${rule.max}`;
  const s = rule.slowdown;
  const waited = s
    ? sql`(${attemptCounters.count} < ${s.after} OR ${attemptCounters.lastAttemptAt} <= ${now}::timestamptz
        - least(power(2, least(${attemptCounters.count} - ${s.after}, 30)) * 1000, ${s.capMs}) * interval '1 millisecond')`
    : sql`true`;
  const rows = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowStartedAt: now, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${attemptCounters.count} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now}::timestamptz ELSE ${attemptCounters.windowStartedAt} END`,
        lastAttemptAt: sql`greatest(${attemptCounters.lastAttemptAt}, ${now}::timestamptz)`,
      },
      setWhere: sql`${windowOver} OR (${belowMax} AND ${waited})`,
    })
    .returning({ count: attemptCounters.count });
  const row = rows[0];
  if (row) return { allowed: true, count: row.count };
  return { allowed: false, retryAfterS: await retryAfterSeconds(db, slot, now), refusedBy: slot };
}

/**
 * Takes a slot of each counter in order; when one refuses, the slots already taken are given back (those
 * attempts were never checked) and the refusal is returned.
 */
export async function takeAttempts(
  db: DbOrTx,
  slots: AttemptSlot[],
  now: Date = new Date(),
): Promise<AttemptVerdict> {
  const taken: AttemptSlot[] = [];
  for (const slot of slots) {
    const verdict = await takeAttempt(db, slot, now);
    if (!verdict.allowed) {
      for (const t of taken) await refundAttempt(db, t);
      return verdict;
    }
    taken.push(slot);
  }
  return { allowed: true, count: 0 };
}

/** Gives a slot back: the attempt was not a failure (e.g. a right password that still needs a second factor). */
export async function refundAttempt(db: DbOrTx, slot: AttemptSlot) {
  await db
    .update(attemptCounters)
    .set({ count: sql`${attemptCounters.count} - 1` })
    .where(and(eq(attemptCounters.key, keyOf(slot)), gt(attemptCounters.count, 0)));
}

/** Forgets a counter: a success ends the series of failures. */
export async function clearAttempts(db: DbOrTx, slot: AttemptSlot) {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, keyOf(slot)));
}

/** Seconds until the counter of `slot` takes an attempt again (at least 1): the Retry-After of a refusal. */
export async function retryAfterSeconds(db: DbOrTx, slot: AttemptSlot, now: Date = new Date()) {
  const [row] = await db
    .select()
    .from(attemptCounters)
    .where(eq(attemptCounters.key, keyOf(slot)));
  if (!row) return 1;
  const { rule } = slot;
  const windowEnd = row.windowStartedAt.getTime() + rule.windowMs;
  const until =
    row.count >= rule.max
      ? windowEnd
      : Math.min(windowEnd, row.lastAttemptAt.getTime() + delayMs(rule, row.count));
  // Parallel callers' clocks differ by a few milliseconds: never more than one window.
  return Math.min(Math.ceil(rule.windowMs / 1000), Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
}

/** "15 minutes", "1 minute", "45 seconds": how long to wait, for the 429 messages. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The 429 of a refused attempt, with Retry-After. `reason` says which limit (sign-in, token guesses, …);
 * `message` receives the wait, e.g. "15 minutes".
 */
export function rateLimited(
  reason: ErrorReason,
  retryAfterS: number,
  message: (wait: string) => string,
): AppError {
  return new AppError(reason, message(waitText(retryAfterS)), {
    headers: { 'retry-after': String(retryAfterS) },
  });
}

/**
 * The address a limit counts by: an IPv4 address as is (also when written IPv4-mapped), an IPv6 address by its
 * /64 network, since one subscriber usually holds a whole /64 and could otherwise rotate through it.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail] = ip.toLowerCase().split('::');
  const groups = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const all = [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${all
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Deletes counters nobody touched for two days (longer than any window). Run by the cleanup job. */
export async function sweepAttemptCounters(db: DbOrTx, now: Date = new Date()) {
  await db
    .delete(attemptCounters)
    .where(sql`${attemptCounters.lastAttemptAt} < ${new Date(now.getTime() - 48 * HOUR)}`);
}
