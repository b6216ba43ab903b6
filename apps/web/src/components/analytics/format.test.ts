import { describe, expect, it } from 'vitest';
import { formatCount, formatDays, formatRate, percentOf } from './format.ts';

describe('analytics figures', () => {
  it('writes counts with separators and anything unknown as 0', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
  });

  it('writes a rate as a percent with one decimal, never NaN', () => {
    expect(formatRate(0.875)).toBe('87.5%');
    expect(formatRate(1)).toBe('100.0%');
    expect(formatRate(0.00049)).toBe('0.0%');
    expect(formatRate(Number.NaN)).toBe('0.0%');
    expect(formatRate(null)).toBe('0.0%');
    expect(formatRate(undefined)).toBe('0.0%');
    expect(percentOf(0.81349)).toBe(81.3);
  });

  it('writes days with one decimal, one day in the singular', () => {
    expect(formatDays(2.34)).toBe('2.3 days');
    expect(formatDays(1)).toBe('1.0 day');
    expect(formatDays(null)).toBe('0.0 days');
  });
});
