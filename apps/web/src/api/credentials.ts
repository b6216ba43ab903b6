import { STORAGE_KEYS } from '@trust/domain';

// The browser's session is an HttpOnly cookie that the server sets on sign-in (issue #12): no script can read it,
// so one injected script cannot carry the session away. Local storage keeps only what is not secret, under the
// spec's keys where it has them (003 §9, 002 §9), so a reload keeps the session and other tabs share it:
//   signed_in      a marker that this browser holds a session (a random id per sign-in). Removing it in one tab
//                  signs every tab out (the storage event); calls send the cookie only while it is there.
//   session_start  epoch milliseconds (decimal string) of the session's last activity; see touchSession
//   active_cbo_id  the active organization id (decimal string), sent as X-CBO-ID
// The spec's auth_token is no longer written; one an older version left behind is removed at start.
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

/** This sign-in's marker, or null when this browser holds no session. Not a credential. */
export function readSignedIn(): string | null {
  return read(STORAGE_KEYS.signedIn);
}

export function isSignedIn(): boolean {
  return readSignedIn() !== null;
}

/** A bearer token written by an older version of the app is a secret lying in storage: remove it. */
export function forgetLegacyToken(): void {
  write(STORAGE_KEYS.legacyAuthToken, null);
}

function newMarker(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
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

/** The server has set the session cookie: mark this browser signed in (a new marker per sign-in). */
export function saveSession(startedAtMs: number): void {
  write(STORAGE_KEYS.sessionStart, String(startedAtMs));
  write(STORAGE_KEYS.signedIn, newMarker());
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
  if (!isSignedIn()) return;
  write(STORAGE_KEYS.sessionStart, String(nowMs));
}

/**
 * Forget the session on this side (003 §4.4, §8): the marker and the session start. The cookie itself is
 * cleared by the server (sign-out, or the 401 of a session that is over). The active organization is kept.
 */
export function clearSession(): void {
  const wasSignedIn = isSignedIn();
  write(STORAGE_KEYS.signedIn, null);
  write(STORAGE_KEYS.sessionStart, null);
  forgetLegacyToken();
  if (wasSignedIn) notify();
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
