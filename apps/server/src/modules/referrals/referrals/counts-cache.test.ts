import { describe, expect, it } from 'vitest';
import { ReferralCountsCache } from './counts-cache.ts';

describe('the queue counters cache', () => {
  it('answers only for the version it was stored under', () => {
    const cache = new ReferralCountsCache();
    const counts = [{ status: 'pending', count: 3 }];
    cache.set('k', 41, counts);
    expect(cache.get('k', 41)).toEqual(counts);
    expect(cache.get('other', 41)).toBeUndefined();
    // A change anywhere moves the version: the entry is dropped, not served.
    expect(cache.get('k', 42)).toBeUndefined();
    expect(cache.get('k', 41)).toBeUndefined();
  });

  it('counts once for requests of the same view and version that arrive together', async () => {
    const cache = new ReferralCountsCache();
    let counted = 0;
    let finish!: (v: { status: string; count: number }[]) => void;
    const count = () => {
      counted += 1;
      return new Promise<{ status: string; count: number }[]>((resolve) => (finish = resolve));
    };
    const waiting = Array.from({ length: 100 }, () => cache.load('k', 7, count));
    finish([{ status: 'pending', count: 5 }]);
    const answers = await Promise.all(waiting);
    expect(counted).toBe(1);
    expect(answers.every((a) => a[0]?.count === 5)).toBe(true);
    // Stored: a later request of the same version is answered without counting.
    await cache.load('k', 7, count);
    expect(counted).toBe(1);
    // Another version counts afresh.
    const next = cache.load('k', 8, count);
    finish([{ status: 'pending', count: 6 }]);
    expect((await next)[0]?.count).toBe(6);
    expect(counted).toBe(2);
  });

  it('does not share a failed count with later requests', async () => {
    const cache = new ReferralCountsCache();
    await expect(cache.load('k', 1, () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(await cache.load('k', 1, async () => [{ status: 'pending', count: 1 }])).toEqual([
      { status: 'pending', count: 1 },
    ]);
  });
});
