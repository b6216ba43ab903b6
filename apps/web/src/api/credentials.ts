import { STORAGE_KEYS } from '@trust/domain';

// The browser's credentials live in local storage under the spec's keys (003 §9, 002 §9) so a reload keeps
// the session and other tabs of the same browser share it:
//   auth_token     the bearer token, as the server issued it
//   session_start  epoch milliseconds (decimal string) of the session's last activity; see touchSession
//   active_cbo_id  the active organization id (decimal string), sent as X-CBO-ID
// Every change notifies subscribers (useSyncExternalStore), including changes made by other tabs.

type Listener = () => void;
const listeners = new Set<Listener>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeCredentials(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts only for this page.
  }
}

export function readToken(): string | null {
  return read(STORAGE_KEYS.authToken);
}

/** The session start as epoch milliseconds; an ISO timestamp written by an older client is accepted too. */
export function readSessionStart(): number | null {
  const raw = read(STORAGE_KEYS.sessionStart);
  if (raw === null || raw === '') return null;
  const asNumber = Number(raw);
  if (Number.isFinite(asNumber)) return asNumber;
  const parsed = Date.parse(raw);
  return Number.isNaN(parsed) ? null : parsed;
}

export function saveSession(token: string, startedAtMs: number): void {
  write(STORAGE_KEYS.authToken, token);
  write(STORAGE_KEYS.sessionStart, String(startedAtMs));
  notify();
}

/**
 * 003 §4.4 keeps the key `session_start`, but the server ends a session after 60 minutes of INACTIVITY, not
 * 60 minutes after sign-in. So the value is moved forward on (throttled) activity: it is the start of the
 * current inactivity window. A user active for 59 minutes who reloads the page is then not thrown out, and
 * the check "session start under 60 minutes old" on page load means "active within the last 60 minutes".
 * It does not notify: nothing renders from it; the session timer reads it every tick.
 */
export function touchSession(nowMs: number): void {
  if (readToken() === null) return;
  write(STORAGE_KEYS.sessionStart, String(nowMs));
}

/** Forget the token and the session start (003 §4.4, §8). The active organization is kept. */
export function clearSession(): void {
  const hadToken = readToken() !== null;
  write(STORAGE_KEYS.authToken, null);
  write(STORAGE_KEYS.sessionStart, null);
  if (hadToken) notify();
}

export function readActiveCboId(): number | null {
  const raw = read(STORAGE_KEYS.activeCboId);
  if (raw === null) return null;
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function saveActiveCboId(id: number | null): void {
  write(STORAGE_KEYS.activeCboId, id === null ? null : String(id));
  notify();
}

// When an authenticated request last reached the server. The server's inactivity timer only sees requests,
// so the session timer pings GET /auth/me when the user is active but nothing was sent for a while.
let lastServerContactMs = 0;

export function markServerContact(nowMs: number): void {
  lastServerContactMs = nowMs;
}

export function readLastServerContact(): number {
  return lastServerContactMs;
}
