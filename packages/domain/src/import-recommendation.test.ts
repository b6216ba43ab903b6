import { describe, expect, it } from 'vitest';
import { type RunSample, recommendTiming } from './import-recommendation.ts';

const MIN = 60_000;
/** A run on the given UTC day of November 2026 (the 1st is a Sunday) and hour. */
const run = (date: number, hour: number, minutes: number, failed = false): RunSample => ({
  startedAt: new Date(Date.UTC(2026, 10, date, hour)),
  durationMs: minutes * MIN,
  failed,
});

describe('recommendTiming', () => {
  it('needs at least 5 runs', () => {
    expect(recommendTiming([run(2, 3, 10), run(3, 3, 10), run(4, 3, 10), run(5, 3, 10)])).toBeNull();
  });

  it('suggests the weekday and hour whose runs were fastest and did not fail, with a high confidence on enough runs', () => {
    const runs = [
      // Tuesdays at 03:00: quick.
      run(3, 3, 10),
      run(10, 3, 11),
      run(17, 3, 9),
      run(24, 3, 10),
      // Thursdays at 14:00: slow, and failing.
      run(5, 14, 30),
      run(12, 14, 32, true),
      run(19, 14, 29),
      run(26, 14, 31, true),
      run(6, 14, 28),
      run(13, 14, 33),
      run(20, 14, 30),
      run(27, 14, 35),
    ];
    const r = recommendTiming(runs)!;
    expect(r).toMatchObject({
      suggested_day: 2,
      suggested_hour: 3,
      cron_expression: '0 3 * * 2',
      runs_considered: 12,
    });
    expect(r.confidence).toBeGreaterThanOrEqual(0.8);
    expect(r.reasoning[0]).toBe('Based on 12 runs from 2026-11-03 to 2026-11-27.');
    expect(r.reasoning[1]).toMatch(
      /^Runs started on Tuesday took 10 min on average \(4 runs\), against \d+ min over all runs\.$/,
    );
    expect(r.reasoning[2]).toBe('Runs started at 03:00 UTC failed 0 of 4 times; all runs failed 2 of 12.');
    expect(r.reasoning.at(-1)).toBe('Applying sets a custom weekly schedule: 0 3 * * 2 (UTC).');
  });

  it('is not confident when no time is better, or with few runs', () => {
    const same = [run(2, 3, 10), run(3, 4, 10), run(4, 5, 10), run(5, 6, 10), run(6, 7, 10), run(9, 3, 10)];
    const flat = recommendTiming(same)!;
    expect(flat.confidence).toBeLessThan(0.6);
    expect(flat.reasoning).toContain('No time was clearly better than the others, so the confidence is low.');
    const few = recommendTiming([
      run(3, 3, 5),
      run(5, 14, 30),
      run(12, 14, 30),
      run(19, 14, 30),
      run(26, 14, 30),
    ])!;
    expect(few.suggested_hour).toBe(3);
    expect(few.confidence).toBeLessThan(0.7);
    expect(few.reasoning).toContain('Only one run started at that time, which lowers the confidence.');
  });
});
