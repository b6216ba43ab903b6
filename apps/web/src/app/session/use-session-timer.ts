import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { readLastServerContact, readSessionStart, touchSession } from '../../api/credentials.ts';
import {
  secondsLeft as computeSecondsLeft,
  createActivityThrottle,
  needsKeepAlive,
} from './session-rules.ts';

// 003 §4.4: activity (mouse, key, scroll, touch, click; at most once a second) restarts a 60-minute
// inactivity timer; a countdown ticks every second; at zero the user is logged out. The last activity is
// kept in local storage (`session_start`), so every tab of the browser shares one timer. The warning toast
// (003 §2.13) will read `secondsLeft` and call `extend` for 'Stay Logged In'.

const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'wheel',
] as const;

export interface SessionTimerOptions {
  enabled: boolean;
  /** The server's absolute end of the session (ms), when known. */
  absoluteEndMs?: number | null;
  onExpire: () => void;
  /** Called when the user is active but the server has not heard from this browser for a while. */
  onKeepAlive: () => void;
}

export interface SessionTimer {
  secondsLeft: number;
  /** Count now as activity and tell the server (the toast's 'Stay Logged In'). */
  extend: () => void;
}

export function useSessionTimer({
  enabled,
  absoluteEndMs = null,
  onExpire,
  onKeepAlive,
}: SessionTimerOptions): SessionTimer {
  const [left, setLeft] = useState(() => computeSecondsLeft(readSessionStart(), Date.now(), absoluteEndMs));
  const throttle = useRef(createActivityThrottle());
  const expire = useEffectEvent(onExpire);
  const keepAlive = useEffectEvent(onKeepAlive);

  const recordActivity = useEffectEvent((force: boolean) => {
    const now = Date.now();
    if (!throttle.current(now) && !force) return;
    touchSession(now);
    if (force || needsKeepAlive(readLastServerContact(), now)) keepAlive();
  });

  const tick = useEffectEvent(() => {
    const remaining = computeSecondsLeft(readSessionStart(), Date.now(), absoluteEndMs);
    setLeft(remaining);
    if (remaining <= 0) expire();
  });

  useEffect(() => {
    if (!enabled) return;
    const onActivity = () => recordActivity(false);
    for (const type of ACTIVITY_EVENTS)
      window.addEventListener(type, onActivity, { passive: true, capture: true });
    tick();
    const interval = window.setInterval(tick, 1000);
    return () => {
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, { capture: true });
      window.clearInterval(interval);
    };
  }, [enabled]);

  return { secondsLeft: enabled ? left : 0, extend: () => recordActivity(true) };
}
