import { describe, expect, it } from 'vitest';
import { smsCounters } from './sms-counters.ts';

describe('smsCounters (001 §2.12, §5, §9)', () => {
  it('counts characters, segments of 160 and what is left until the next one', () => {
    expect(smsCounters('')).toMatchObject({ length: 0, segments: 0, remaining: 160, long: false });
    expect(smsCounters('a'.repeat(160))).toMatchObject({ segments: 1, remaining: 0, overOneSegment: false });
    expect(smsCounters('a'.repeat(161))).toMatchObject({ segments: 2, remaining: 159, overOneSegment: true });
  });

  it('warns above 3 segments only', () => {
    expect(smsCounters('a'.repeat(480)).long).toBe(false);
    expect(smsCounters('a'.repeat(481))).toMatchObject({ segments: 4, long: true });
  });
});
