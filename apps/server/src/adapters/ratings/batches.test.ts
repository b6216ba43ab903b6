import { describe, expect, it } from 'vitest';
import { lookupInBatches } from './batches.ts';
import type { PlaceQuery, RatingsDriver } from './driver.ts';
import { placeSearchText } from './driver.ts';

const query = (name: string): PlaceQuery => ({
  name,
  address: '1 Main St',
  city: 'Zephyrton',
  state: 'CA',
  zipCode: '90001',
  placeId: null,
});

describe('ratings lookups in batches (001 §9: batch 5, delay 200 ms)', () => {
  it('runs at most 5 at once, pauses between batches and keeps one failure from stopping the rest', async () => {
    let running = 0;
    let peak = 0;
    const events: string[] = [];
    const driver: RatingsDriver = {
      name: 'fake',
      async lookup(q) {
        running += 1;
        peak = Math.max(peak, running);
        events.push(`start ${q.name}`);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        if (q.name === 'p3') throw new Error('Places textsearch: HTTP 500');
        if (q.name === 'p7') return null;
        return { placeId: `id-${q.name}`, rating: 4, reviewCount: 1, reviews: [] };
      },
    };
    const sleeps: number[] = [];
    const outcomes = await lookupInBatches(
      driver,
      Array.from({ length: 12 }, (_, i) => ({ key: i + 1, query: query(`p${i + 1}`) })),
      {
        batchSize: 5,
        delayMs: 200,
        sleep: async (ms) => {
          sleeps.push(ms);
          events.push('pause');
        },
      },
    );
    expect(peak).toBe(5);
    expect(sleeps).toEqual([200, 200]);
    expect(events.indexOf('pause')).toBe(5);
    expect(events.lastIndexOf('pause')).toBe(11);
    expect(outcomes).toHaveLength(12);
    expect(outcomes[2]).toEqual({ key: 3, status: 'failed', error: 'Places textsearch: HTTP 500' });
    expect(outcomes[6]).toEqual({ key: 7, status: 'not_found' });
    expect(outcomes.filter((o) => o.status === 'found')).toHaveLength(10);
  });

  it('searches by name and the address parts it has', () => {
    expect(placeSearchText(query('Harbor Pantry'))).toBe('Harbor Pantry, 1 Main St, Zephyrton, CA 90001');
    expect(placeSearchText({ ...query('Harbor'), address: null, zipCode: null })).toBe(
      'Harbor, Zephyrton, CA',
    );
  });
});
