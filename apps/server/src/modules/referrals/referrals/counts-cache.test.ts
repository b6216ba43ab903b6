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
});
