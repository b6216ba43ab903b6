import { act, fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markServerContact } from '../../api/credentials.ts';
import { storeSession } from '../../test/fixtures.ts';
import { useSessionTimer } from './use-session-timer.ts';

const MIN = 60_000;
const T0 = new Date('2026-03-01T09:00:00Z').getTime();

function setup(enabled = true) {
  const onExpire = vi.fn();
  const onKeepAlive = vi.fn();
  const hook = renderHook(() => useSessionTimer({ enabled, onExpire, onKeepAlive }));
  return { ...hook, onExpire, onKeepAlive };
}

describe('useSessionTimer (003 §4.4)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(T0);
    storeSession('marker-abc', T0);
    markServerContact(T0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('ticks every second and logs out after 60 minutes without activity', () => {
    const { result, onExpire } = setup();
    expect(result.current.secondsLeft).toBe(3600);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(3599);
    act(() => vi.advanceTimersByTime(58 * MIN - 1000));
    expect(result.current.secondsLeft).toBe(120);
    expect(onExpire).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2 * MIN));
    expect(result.current.secondsLeft).toBe(0);
    expect(onExpire).toHaveBeenCalled();
  });

  it('restarts the 60 minutes on activity and stores it as the session start', () => {
    const { result, onExpire } = setup();
    act(() => vi.advanceTimersByTime(50 * MIN));
    fireEvent.keyDown(window, { key: 'a' });
    expect(localStorage.getItem('session_start')).toBe(String(T0 + 50 * MIN));
    act(() => vi.advanceTimersByTime(50 * MIN));
    expect(onExpire).not.toHaveBeenCalled();
    expect(result.current.secondsLeft).toBe(600);
  });

  it('counts activity at most once a second', () => {
    setup();
    act(() => vi.advanceTimersByTime(10_000));
    fireEvent.mouseMove(window);
    expect(localStorage.getItem('session_start')).toBe(String(T0 + 10_000));
    act(() => vi.advanceTimersByTime(400));
    fireEvent.scroll(window);
    expect(localStorage.getItem('session_start')).toBe(String(T0 + 10_000));
    act(() => vi.advanceTimersByTime(600));
    fireEvent.touchStart(window);
    expect(localStorage.getItem('session_start')).toBe(String(T0 + 11_000));
  });

  it('pings the server when the user is active and no request reached it for 5 minutes', () => {
    const { onKeepAlive } = setup();
    act(() => vi.advanceTimersByTime(4 * MIN));
    fireEvent.click(window);
    expect(onKeepAlive).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(MIN));
    fireEvent.click(window);
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
  });

  it('extend counts as activity and tells the server at once', () => {
    const { result, onKeepAlive } = setup();
    act(() => vi.advanceTimersByTime(30 * MIN));
    act(() => result.current.extend());
    expect(onKeepAlive).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('session_start')).toBe(String(T0 + 30 * MIN));
  });

  it('does nothing while signed out', () => {
    const { result, onExpire } = setup(false);
    act(() => vi.advanceTimersByTime(120 * MIN));
    fireEvent.keyDown(window);
    expect(onExpire).not.toHaveBeenCalled();
    expect(result.current.secondsLeft).toBe(0);
    expect(localStorage.getItem('session_start')).toBe(String(T0));
  });
});
