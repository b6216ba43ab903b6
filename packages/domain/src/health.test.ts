import { describe, expect, it } from 'vitest';
import { autoMatchedPercent } from './health.ts';

describe('auto-matched percent (003 §2.3)', () => {
  it('is the rounded share of auto-matched referrals', () => {
    expect(autoMatchedPercent(1, 3)).toBe(33);
    expect(autoMatchedPercent(2, 3)).toBe(67);
    expect(autoMatchedPercent(5, 5)).toBe(100);
  });
  it('is 0 without referrals', () => {
    expect(autoMatchedPercent(0, 0)).toBe(0);
  });
});
