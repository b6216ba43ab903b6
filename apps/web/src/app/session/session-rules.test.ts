import { describe, expect, it } from 'vitest';
import { createActivityThrottle, isSessionFresh, needsKeepAlive, secondsLeft } from './session-rules.ts';

const MIN = 60_000;

describe('session rules (003 §4.4, §9)', () => {
  it('accepts a stored session only while its start is under 60 minutes old', () => {
    const now = 10_000 * MIN;
    expect(isSessionFresh(now - 59 * MIN, now)).toBe(true);
    expect(isSessionFresh(now - 60 * MIN, now)).toBe(false);
    expect(isSessionFresh(null, now)).toBe(false);
  });

  it('counts down from 60 minutes after the last activity, never below zero', () => {
    const last = 1_000_000;
    expect(secondsLeft(last, last)).toBe(3600);
    expect(secondsLeft(last, last + 58 * MIN)).toBe(120);
    expect(secondsLeft(last, last + 60 * MIN - 500)).toBe(1);
    expect(secondsLeft(last, last + 60 * MIN)).toBe(0);
    expect(secondsLeft(last, last + 90 * MIN)).toBe(0);
    expect(secondsLeft(null, last)).toBe(0);
  });

  it("never runs past the server's absolute end of the session", () => {
    const last = 1_000_000;
    expect(secondsLeft(last, last, last + 5 * MIN)).toBe(300);
    expect(secondsLeft(last, last, last + 120 * MIN)).toBe(3600);
  });

  it('counts activity at most once a second', () => {
    const throttle = createActivityThrottle();
    expect(throttle(1000)).toBe(true);
    expect(throttle(1500)).toBe(false);
    expect(throttle(1999)).toBe(false);
    expect(throttle(2000)).toBe(true);
  });

  it('asks for a keep-alive after 5 minutes without a request reaching the server', () => {
    expect(needsKeepAlive(0, 4 * MIN)).toBe(false);
    expect(needsKeepAlive(0, 5 * MIN)).toBe(true);
  });
});
