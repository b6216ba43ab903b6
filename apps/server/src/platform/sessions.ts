import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from '@trust/domain';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.ts';
import { apiClients, memberships, sessions, users } from '../db/schema/index.ts';
import { hashToken, randomToken } from './crypto.ts';

export const IDLE_MS = SESSION_IDLE_MINUTES * 60_000;
export const MAX_MS = SESSION_MAX_HOURS * 3_600_000;
/** last_seen_at is written at most this often, so a busy client does not write on every request. */
const TOUCH_EVERY_MS = 30_000;
/** An API client's last_used_at is written at most this often (issue #21): it is shown to the minute. */
const CLIENT_TOUCH_EVERY_MS = 60_000;

export type MembershipRef = { org_id: number; role: string; is_primary: boolean };

export type SessionRow = {
  sessionId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  activeOrgId: number | null;
  /** 003 §4.2: the session may only sign consents until they are current (platform/auth.ts). */
  consentRequired: boolean;
  user: typeof users.$inferSelect;
  memberships: MembershipRef[];
  /** The API client the session was issued to by `POST /oauth/token` (issue #21), or null for a person's. */
  apiClientId: number | null;
  /** The scopes of a client's token; null for a person's session. */
  scopes: string[] | null;
  /** When the session's API client was revoked: its sessions are then invalid whatever their age. */
  clientRevokedAt: Date | null;
  clientLastUsedAt: Date | null;
};

export async function createSession(
  db: DbOrTx,
  input: {
    userId: number;
    ip: string | null;
    userAgent: string | null;
    now?: Date;
    /** 003 §4.1: the user must sign the current consents before using the session. */
    consentRequired?: boolean;
    /**
     * Issue #21: a token of an API client (its service account is `userId`), with the scopes it was granted and
     * its own lifetime (one hour) instead of a person's.
     */
    apiClient?: { id: number; scopes: readonly string[]; ttlMs: number };
  },
) {
  const token = randomToken();
  const now = input.now ?? new Date();
  const client = input.apiClient;
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId: input.userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + (client ? client.ttlMs : MAX_MS)),
      ip: input.ip,
      userAgent: input.userAgent?.slice(0, 512) ?? null,
      // A client's service account signs no consent: it is not a person (issue #21).
      consentRequired: client ? false : (input.consentRequired ?? false),
      apiClientId: client?.id ?? null,
      scopes: client ? [...client.scopes] : null,
    })
    .returning();
  return { token, session: row! };
}

/**
 * What a session is read with: its row's times and state, its user, the user's memberships, and for an API
 * client's token the client's revocation and last use (a left join: still one round trip).
 */
function sessionColumns() {
  const membershipsJson = sql<MembershipRef[]>`coalesce((
      select json_agg(json_build_object('org_id', m.organization_id, 'role', m.role, 'is_primary', m.is_primary)
                      order by m.is_primary desc, m.id)
      from ${memberships} m where m.user_id = ${users.id}), '[]'::json)`;
  return {
    sessionId: sessions.id,
    createdAt: sessions.createdAt,
    lastSeenAt: sessions.lastSeenAt,
    expiresAt: sessions.expiresAt,
    activeOrgId: sessions.activeOrgId,
    consentRequired: sessions.consentRequired,
    user: users,
    memberships: membershipsJson,
    apiClientId: sessions.apiClientId,
    scopes: sessions.scopes,
    clientRevokedAt: apiClients.revokedAt,
    clientLastUsedAt: apiClients.lastUsedAt,
  };
}

/**
 * The query behind every authenticated request: the session of a token hash with its user and memberships, in
 * one round trip. Prepared once per database handle, because building a Drizzle query costs about as much as
 * running this one (measured on PGlite: 2.8 ms built each time, 1.7 ms prepared; bench/RESULTS.md).
 */
function prepareFindSession(db: Db) {
  return db
    .select(sessionColumns())
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(apiClients, eq(apiClients.id, sessions.apiClientId))
    .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
    .limit(1)
    .prepare('find_session');
}

const findSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindSession>>();

/**
 * The session of a token's hash (`hashToken`) with its user and memberships; undefined if unknown. It takes the
 * hash, not the token, because the auth hook hashes once per request and looks the hash up in the session
 * cache first (platform/session-cache.ts).
 */
export async function findSessionByHash(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  let query = findSessionQueries.get(db);
  if (!query) {
    query = prepareFindSession(db);
    findSessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  return row;
}

/**
 * Several sessions by id, read as findSession reads one (user and memberships included), in one query: what
 * the event hub re-checks its open streams with. Sessions that no longer exist are simply absent.
 */
export async function findSessionsByIds(db: DbOrTx, ids: readonly number[]): Promise<SessionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(sessionColumns())
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(apiClients, eq(apiClients.id, sessions.apiClientId))
    .where(inArray(sessions.id, [...ids]));
}

type SessionTimes = {
  lastSeenAt: Date;
  expiresAt: Date;
  apiClientId?: number | null;
  clientRevokedAt?: Date | null;
};

/**
 * Why a stored session is no longer valid at `now`, or null if it is. An API client's token has no idle
 * timeout (a machine calls when it has work, not every few minutes), only its one-hour expiry, and ends with
 * its client's revocation.
 */
export function sessionEndReason(s: SessionTimes, now: Date): 'idle' | 'max' | 'revoked' | null {
  if (s.apiClientId != null && s.clientRevokedAt != null) return 'revoked';
  if (now.getTime() >= s.expiresAt.getTime()) return 'max';
  if (s.apiClientId == null && now.getTime() - s.lastSeenAt.getTime() >= IDLE_MS) return 'idle';
  return null;
}

/** When a session ends unless it is used again: idle time after its last activity, or its age limit. */
export function sessionDeadline(s: SessionTimes): Date {
  if (s.apiClientId != null) return s.expiresAt;
  return new Date(Math.min(s.lastSeenAt.getTime() + IDLE_MS, s.expiresAt.getTime()));
}

/** Records activity; returns the new last-seen time. */
export async function touchSession(db: DbOrTx, s: { sessionId: number; lastSeenAt: Date }, now: Date) {
  if (now.getTime() - s.lastSeenAt.getTime() < TOUCH_EVERY_MS) return s.lastSeenAt;
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, s.sessionId));
  return now;
}

/**
 * Records that an API client called (issue #21: the settings screen shows when each client was last used), at
 * most once a minute per client: a conditional update, so parallel calls of a busy client write once. The
 * platform does it because the auth layer is what sees every call of a client. Returns the last-use time as
 * it now stands (so the session cache can hold it).
 */
export async function touchApiClient(
  db: DbOrTx,
  s: { apiClientId: number | null; clientLastUsedAt: Date | null },
  now: Date,
): Promise<Date | null> {
  if (s.apiClientId == null) return s.clientLastUsedAt;
  if (s.clientLastUsedAt && now.getTime() - s.clientLastUsedAt.getTime() < CLIENT_TOUCH_EVERY_MS) {
    return s.clientLastUsedAt;
  }
  const before = new Date(now.getTime() - CLIENT_TOUCH_EVERY_MS);
  await db
    .update(apiClients)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiClients.id, s.apiClientId),
        or(isNull(apiClients.lastUsedAt), lt(apiClients.lastUsedAt, before)),
      ),
    );
  return now;
}

/** Ends every token of an API client (it was revoked); returns how many. */
export async function endApiClientSessions(db: DbOrTx, apiClientId: number): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(eq(sessions.apiClientId, apiClientId))
    .returning({ id: sessions.id });
  await announceSessionChange(db, { session_ids: ended.map((s) => s.id) });
  return ended.length;
}

/** Remembers the organization a session acts for; announced, because session caches hold it (issue #22). */
export async function setSessionOrg(db: DbOrTx, sessionId: number, orgId: number) {
  await db.update(sessions).set({ activeOrgId: orgId }).where(eq(sessions.id, sessionId));
  await announceSessionChange(db, { session_ids: [sessionId] });
}

/**
 * 003 §4.2, issue #12: consent belongs to the user, so every session of the user is held or released together.
 * Releases every session of the user held for consent; answers whether any was held. The consent module calls
 * it once the user's consents are current again (and announces the change).
 */
export async function releaseConsentHold(db: DbOrTx, userId: number): Promise<boolean> {
  const released = await db
    .update(sessions)
    .set({ consentRequired: false })
    .where(and(eq(sessions.userId, userId), eq(sessions.consentRequired, true)))
    .returning({ id: sessions.id });
  return released.length > 0;
}

/** Holds every session of the user (the caller's included) for consent: they answer only the consent routes. */
export async function holdSessionsForConsent(db: DbOrTx, userId: number) {
  await db.update(sessions).set({ consentRequired: true }).where(eq(sessions.userId, userId));
}

/**
 * The NOTIFY channel on which session changes are announced to every server process, so that whatever is bound
 * to a session there (event streams) is re-checked at once: ended sessions lose their streams, changed rights
 * (memberships, consent) re-filter them (platform/events.ts).
 */
export const SESSION_CHANGES_CHANNEL = 'tm_session_changes';

export type SessionChange = {
  session_ids?: number[];
  user_ids?: number[];
  /**
   * Which announcement it is (set by announceSessionChange, unique across processes), so the process that made
   * it knows its own NOTIFY when it comes back after the commit (platform/session-cache.ts).
   */
  origin?: string;
};

/** Names this process's announcements (with a counter): see SessionChange.origin. */
const ORIGIN = randomToken(9);
let announcements = 0;

/**
 * Watchers of the announcements made by this process, told synchronously (the session cache). Module-level
 * because an announcement is made with whatever handle or transaction the caller holds, and every cache of the
 * process may hold the sessions named; telling one too many only costs it a database read.
 */
const localWatchers = new Set<(change: SessionChange) => void>();

/** Watches this process's announcements as they are made; returns the unwatch. */
export function watchLocalSessionChanges(watch: (change: SessionChange) => void): () => void {
  localWatchers.add(watch);
  return () => {
    localWatchers.delete(watch);
  };
}

/**
 * Announces, in the caller's transaction (so only what commits is announced), that these sessions or every
 * session of these users ended or changed. Call it after deleting sessions, changing memberships, changing
 * anything of a user's row (deactivation, role, password, phone, last login), changing a session's consent
 * state or its organization: every process's session cache drops them (platform/session-cache.ts) and event
 * streams bound to them are re-checked (platform/events.ts).
 *
 * This process's caches are told at once, before the commit: the NOTIFY reaches them only after it, and the
 * client may send its next request in between. A rolled-back announcement only costs some cache misses.
 */
export async function announceSessionChange(db: DbOrTx, change: SessionChange) {
  if (!change.session_ids?.length && !change.user_ids?.length) return;
  const stamped: SessionChange = { ...change, origin: `${ORIGIN}.${++announcements}` };
  for (const watch of localWatchers) watch(stamped);
  await db.execute(sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${JSON.stringify(stamped)})`);
}

export async function endSession(db: DbOrTx, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
  await announceSessionChange(db, { session_ids: [sessionId] });
}

/** Deletes every session that has ended by inactivity or age; returns how many. API clients' never idle out. */
export async function deleteEndedSessions(db: DbOrTx, now = new Date()): Promise<number> {
  const idleBefore = new Date(now.getTime() - IDLE_MS);
  const deleted = await db
    .delete(sessions)
    .where(
      or(lt(sessions.expiresAt, now), and(isNull(sessions.apiClientId), lt(sessions.lastSeenAt, idleBefore))),
    )
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function endUserSessions(db: DbOrTx, userId: number, exceptSessionId?: number) {
  const ended = await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`),
    )
    .returning({ id: sessions.id });
  await announceSessionChange(db, { session_ids: ended.map((s) => s.id) });
}
