// 003 §4.4, §9: session constants shared by the server (enforcement) and the browser (timer, toast).

/** HIPAA automatic logoff: a session ends after this much inactivity. */
export const SESSION_IDLE_MINUTES = 60;
/** A session ends this long after sign-in, whatever the activity. */
export const SESSION_MAX_HOURS = 12;
/** The warning toast shows when this many seconds or fewer remain (003 §2.13). */
export const SESSION_WARNING_SECONDS = 120;
/** Activity events restart the inactivity timer at most once a second (003 §9). */
export const ACTIVITY_THROTTLE_MS = 1000;

/**
 * Local storage keys (003 §9, 002 §9). Nothing secret is kept there (issue #12): the session is an HttpOnly
 * cookie, and `signed_in` only marks that this browser holds one. The spec's `auth_token` is no longer written;
 * a token an older version left behind is removed at start.
 */
export const STORAGE_KEYS = {
  signedIn: 'signed_in',
  legacyAuthToken: 'auth_token',
  activeCboId: 'active_cbo_id',
  lastTab: 'last_tab',
  sessionStart: 'session_start',
  deviceToken: 'device_token',
} as const;

/** The header that names the active organization of a request (002 §6). */
export const ACTIVE_ORG_HEADER = 'x-cbo-id';
