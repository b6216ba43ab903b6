import { describe, expect, it } from 'vitest';
import { lastTwelveMonths, monthsOf } from './period.ts';
import { periodBuckets, wholeMonths } from './summary-filter.ts';

describe('the periods of the figures', () => {
  it('reads whole months from the month rows and the days around them from the day rows', () => {
    expect(wholeMonths({ from: '2025-03-01', to: '2025-04-30' })).toEqual({
      start: '2025-03-01',
      end: '2025-05-01',
    });
    expect(wholeMonths({ from: '2025-03-10', to: '2025-06-05' })).toEqual({
      start: '2025-04-01',
      end: '2025-06-01',
    });
    expect(wholeMonths({ from: '2025-03-10', to: '2025-03-20' })).toBeNull();
    expect(wholeMonths({ from: '2025-03-10', to: '2025-04-20' })).toBeNull();
    expect(wholeMonths({ from: null, to: null })).toEqual({ start: null, end: null });
    expect(wholeMonths({ from: '2024-02-29', to: null })).toEqual({ start: '2024-03-01', end: null });
  });

  it('covers the days around the whole months with the week rows inside them, and day rows for the rest', () => {
    // 2025-11-30 is a Sunday; November 2026 starts on a Sunday and the 30th is a Monday.
    expect(periodBuckets({ from: '2025-11-30', to: '2026-11-29' })).toEqual({
      months: { start: '2025-12-01', end: '2026-11-01' },
      weeks: [{ start: '2026-11-01', end: '2026-11-30' }],
      days: [{ start: '2025-11-30', end: '2025-12-01' }],
    });
    // Wednesday 2025-03-12 to Thursday 2025-03-27: the weeks of Monday the 17th and 24th are whole up to the 24th.
    expect(periodBuckets({ from: '2025-03-12', to: '2025-03-27' })).toEqual({
      months: null,
      weeks: [{ start: '2025-03-17', end: '2025-03-24' }],
      days: [
        { start: '2025-03-12', end: '2025-03-17' },
        { start: '2025-03-24', end: '2025-03-28' },
      ],
    });
    // Across a month's end: a week row stops at the 1st (2025-05-01 is a Thursday).
    expect(periodBuckets({ from: '2025-04-21', to: '2025-05-11' })).toEqual({
      months: null,
      weeks: [{ start: '2025-04-21', end: '2025-05-12' }],
      days: [],
    });
    expect(periodBuckets({ from: null, to: '2025-05-02' })).toEqual({
      months: { start: null, end: '2025-05-01' },
      weeks: [],
      days: [{ start: '2025-05-01', end: '2025-05-03' }],
    });
  });

  it('lists the months of a period and defaults the gaps to twelve of them', () => {
    expect(monthsOf('2024-11-15', '2025-02-01')).toEqual(['2024-11', '2024-12', '2025-01', '2025-02']);
    expect(lastTwelveMonths(new Date('2026-01-31T23:00:00Z'))).toEqual({
      from: '2025-02-01',
      to: '2026-01-31',
    });
  });
});
