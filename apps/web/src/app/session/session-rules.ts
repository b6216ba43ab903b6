import { ACTIVITY_THROTTLE_MS, SESSION_IDLE_MINUTES } from '@trust/domain';

// 003 §4.4, §9: the pure rules of the browser's session timer.

export const IDLE_LIMIT_MS = SESSION_IDLE_MINUTES * 60_000;
/** Ping the server when the user is active and nothing reached it for this long (its timer sees requests only). */
export const KEEP_ALIVE_AFTER_MS = 5 * 60_000;

/** On page load a stored token counts only if the stored session start is under 60 minutes old. */
export function isSessionFresh(sessionStartMs: number | null, nowMs: number): boolean {
  if (sessionStartMs === null) return false;
  return nowMs - sessionStartMs < IDLE_LIMIT_MS;
}

/**
 * Whole seconds left before the session ends: 60 minutes after the last activity, and never past the
 * server's absolute end of the session when it is known.
 */
export function secondsLeft(
  lastActivityMs: number | null,
  nowMs: number,
  absoluteEndMs: number | null = null,
): number {
  if (lastActivityMs === null) return 0;
  let end = lastActivityMs + IDLE_LIMIT_MS;
  if (absoluteEndMs !== null && absoluteEndMs < end) end = absoluteEndMs;
  return Math.max(0, Math.ceil((end - nowMs) / 1000));
}

/** Activity is counted at most once per throttle window (003 §9: once per second). */
export function createActivityThrottle(
  intervalMs: number = ACTIVITY_THROTTLE_MS,
): (nowMs: number) => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return (nowMs) => {
    if (nowMs - last < intervalMs) return false;
    last = nowMs;
    return true;
  };
}

export function needsKeepAlive(lastServerContactMs: number, nowMs: number): boolean {
  return nowMs - lastServerContactMs >= KEEP_ALIVE_AFTER_MS;
}
