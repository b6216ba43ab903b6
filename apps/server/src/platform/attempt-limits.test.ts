import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import {
  type AttemptRule,
  addressKey,
  clearAttempts,
  refundAttempt,
  retryAfterSeconds,
  sweepAttemptCounters,
  takeAttempt,
  takeAttempts,
  waitText,
} from './attempt-limits.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(async () => drop?.());

const MIN = 60_000;
const five: AttemptRule = { scope: 'test:five', max: 5, windowMs: 15 * MIN };
const slow: AttemptRule = {
  scope: 'test:slow',
  max: 100,
  windowMs: 24 * 60 * MIN,
  slowdown: { after: 3, capMs: 10_000 },
};

async function countOf(key: string) {
  const [row] = await database.query<{ count: number }>('SELECT count FROM attempt_counters WHERE key = $1', [
    key,
  ]);
  return row?.count;
}

describe('takeAttempt: one atomic step (issue #12)', () => {
  it('lets exactly the limit through when 40 attempts race on one key', async () => {
    // On PostgreSQL these run on several pooled connections at once: the race of the old count-then-check.
    const slot = { rule: five, subject: 'race' };
    const verdicts = await Promise.all(Array.from({ length: 40 }, () => takeAttempt(database.db, slot)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    // Refused attempts are not counted.
    expect(await countOf('test:five:race')).toBe(5);
    const refused = verdicts.find((v) => !v.allowed);
    expect(refused).toMatchObject({ allowed: false, refusedBy: slot });
    if (refused && !refused.allowed) {
      expect(refused.retryAfterS).toBeGreaterThan(890);
      expect(refused.retryAfterS).toBeLessThanOrEqual(900);
    }
  });

  it('starts a new window once the old one has passed', async () => {
    const slot = { rule: five, subject: 'window' };
    const t0 = new Date('2030-01-01T10:00:00Z');
    for (let i = 1; i <= 5; i++)
      expect(await takeAttempt(database.db, slot, t0)).toEqual({ allowed: true, count: i });
    expect((await takeAttempt(database.db, slot, new Date(t0.getTime() + 14 * MIN))).allowed).toBe(false);
    expect(await retryAfterSeconds(database.db, slot, new Date(t0.getTime() + 14 * MIN))).toBe(60);
    expect(await takeAttempt(database.db, slot, new Date(t0.getTime() + 15 * MIN))).toEqual({
      allowed: true,
      count: 1,
    });
  });

  it('slows down past the threshold: 1 s, 2 s, 4 s… capped, instead of refusing', async () => {
    const slot = { rule: slow, subject: 'slow' };
    const t0 = new Date('2030-01-01T10:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    for (let i = 0; i < 3; i++) expect((await takeAttempt(database.db, slot, t0)).allowed).toBe(true);
    // 3 attempts so far: the next must wait 2^0 = 1 s after the last.
    const early = await takeAttempt(database.db, slot, at(500));
    expect(early).toMatchObject({ allowed: false, retryAfterS: 1 });
    expect((await takeAttempt(database.db, slot, at(1000))).allowed).toBe(true);
    // 4 so far: 2 s.
    expect((await takeAttempt(database.db, slot, at(2500))).allowed).toBe(false);
    expect((await takeAttempt(database.db, slot, at(3000))).allowed).toBe(true);
    // Far on, the wait is capped at 10 s.
    let t = 3000;
    for (let i = 0; i < 6; i++) {
      t += 10_000;
      expect((await takeAttempt(database.db, slot, at(t))).allowed).toBe(true);
    }
    expect(await retryAfterSeconds(database.db, slot, at(t))).toBe(10);
    expect((await takeAttempt(database.db, slot, at(t + 9_999))).allowed).toBe(false);
    expect((await takeAttempt(database.db, slot, at(t + 10_000))).allowed).toBe(true);
  });

  it('lets one of many parallel attempts through a slowed-down key', async () => {
    const slot = { rule: slow, subject: 'slow-race' };
    const now = new Date();
    for (let i = 0; i < 3; i++) await takeAttempt(database.db, slot, now);
    const later = new Date(now.getTime() + 1500);
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => takeAttempt(database.db, slot, later)),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(1);
  });

  it('gives back the slots already taken when a later counter refuses', async () => {
    const a = { rule: five, subject: 'a' };
    const full = { rule: five, subject: 'full' };
    for (let i = 0; i < 5; i++) await takeAttempt(database.db, full);
    await takeAttempt(database.db, a);
    const verdict = await takeAttempts(database.db, [a, full]);
    expect(verdict).toMatchObject({ allowed: false, refusedBy: full });
    expect(await countOf('test:five:a')).toBe(1);
    expect((await takeAttempts(database.db, [a, { rule: five, subject: 'b' }])).allowed).toBe(true);
    expect(await countOf('test:five:a')).toBe(2);
  });

  it('refunds one slot and clears a key', async () => {
    const slot = { rule: five, subject: 'refund' };
    for (let i = 0; i < 5; i++) await takeAttempt(database.db, slot);
    await refundAttempt(database.db, slot);
    expect(await countOf('test:five:refund')).toBe(4);
    expect((await takeAttempt(database.db, slot)).allowed).toBe(true);
    await clearAttempts(database.db, slot);
    expect(await countOf('test:five:refund')).toBeUndefined();
    // Refunding a key that is gone or at zero does nothing.
    await refundAttempt(database.db, slot);
    expect(await countOf('test:five:refund')).toBeUndefined();
  });

  it('sweeps counters untouched for two days', async () => {
    const old = { rule: five, subject: 'old' };
    await takeAttempt(database.db, old, new Date(Date.now() - 3 * 24 * 60 * MIN));
    await takeAttempt(database.db, { rule: five, subject: 'recent' });
    await sweepAttemptCounters(database.db);
    expect(await countOf('test:five:old')).toBeUndefined();
    expect(await countOf('test:five:recent')).toBe(1);
  });
});

describe('addressKey and waitText', () => {
  it('keys IPv4 as is, IPv4-mapped as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:db8:85a3:08d3::1')).toBe('2001:db8:85a3:8d3::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('says how long to wait', () => {
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(60)).toBe('1 minute');
    expect(waitText(61)).toBe('2 minutes');
    expect(waitText(1)).toBe('1 second');
    expect(waitText(45)).toBe('45 seconds');
  });
});
