import { describe, expect, it } from 'vitest';
import {
  matchTimeLabel,
  performanceRangeStart,
  qualityColor,
  RATINGS_MESSAGES,
} from './provider-performance.ts';

describe('provider performance rules (001 §9)', () => {
  it('colours quality 90+ green, 75+ blue, 60+ yellow, else red; no score counts as 85', () => {
    expect(qualityColor(90)).toBe('green');
    expect(qualityColor(89)).toBe('blue');
    expect(qualityColor(75)).toBe('blue');
    expect(qualityColor(74)).toBe('yellow');
    expect(qualityColor(60)).toBe('yellow');
    expect(qualityColor(59)).toBe('red');
    expect(qualityColor(null)).toBe('blue');
  });

  it('labels match-to-close time: up to 10 days Excellent, 20 Good, 30 Fair, else Needs Improvement', () => {
    expect(matchTimeLabel(0)).toBe('Excellent');
    expect(matchTimeLabel(10)).toBe('Excellent');
    expect(matchTimeLabel(10.5)).toBe('Good');
    expect(matchTimeLabel(20)).toBe('Good');
    expect(matchTimeLabel(30)).toBe('Fair');
    expect(matchTimeLabel(31)).toBe('Needs Improvement');
    expect(matchTimeLabel(null)).toBeNull();
  });

  it('counts the ranges back from now', () => {
    const now = new Date('2026-11-24T10:00:00Z');
    expect(performanceRangeStart('all', now)).toBeNull();
    expect(performanceRangeStart('30d', now)?.toISOString()).toBe('2026-10-25T10:00:00.000Z');
    expect(performanceRangeStart('90d', now)?.toISOString()).toBe('2026-08-26T10:00:00.000Z');
    expect(performanceRangeStart('6m', now)?.toISOString()).toBe('2026-05-24T10:00:00.000Z');
    expect(performanceRangeStart('1y', now)?.toISOString()).toBe('2025-11-24T10:00:00.000Z');
  });

  it('keeps the spec texts', () => {
    expect(RATINGS_MESSAGES.updated(3)).toBe('Successfully updated Google ratings for 3 provider(s)!');
  });
});
