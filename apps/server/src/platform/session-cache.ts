import type { Database } from '../db/client.ts';
import {
  SESSION_CHANGES_CHANNEL,
  type SessionChange,
  type SessionRow,
  sessionEndReason,
  watchLocalSessionChanges,
} from './sessions.ts';

/**
 * How long a session read from the database answers this process's requests without being read again (issue
 * #22): short, because a change made by hand in the database without an announcement shows only after it.
 */
export const SESSION_CACHE_MS = 5_000;
/** Sessions held at most: past it the oldest read goes, so memory stays flat whatever the number of users. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;
/**
 * How long this process's own announcement keeps what it names out of the cache while its NOTIFY has not come
 * back: the transaction may still be open (or was rolled back, and the NOTIFY never comes).
 */
const OWN_CHANGE_WAIT_MS = 30_000;

export type SessionCacheOptions = {
  /** How long an entry serves (ms); 0 turns the cache off. */
  ttlMs?: number;
  maxEntries?: number;
  /** The clock (epoch ms); unit tests move it. */
  now?: () => number;
};

type Entry = { row: SessionRow; fetchedAt: number };
type OwnChange = { sessionIds: Set<number>; userIds: Set<number>; at: number };

/**
 * The sessions this process read recently, by token hash (issue #22 "Fast at a statewide network's scale"), so
 * most authenticated requests make no session query. It is only ever a shortcut to a row the database said
 * was valid moments ago; correctness rests on invalidation:
 * - every change to what a SessionRow holds is announced on SESSION_CHANGES_CHANNEL (sessions.ts), which this
 *   cache LISTENs to: the entries named are dropped, and a read that began before the announcement arrived is
 *   not kept (it may have seen the row before the change);
 * - this process's own announcements reach it synchronously, before their transaction commits (the client may
 *   send its next request before the NOTIFY comes back): what they name is dropped and not kept again until
 *   their NOTIFY arrives, since until the commit a read still sees the old row;
 * - while the LISTEN connection is down announcements are lost, so the cache serves nothing, and it starts
 *   empty once the connection is back.
 * An entry that looks ended (idle, expired, revoked, inactive user) is never acted on: its lastSeenAt may be
 * older than another process's touch, so the caller reads the database instead.
 */
export class SessionCache {
  readonly ttlMs: number;
  readonly maxEntries: number;
  /** Requests answered from the cache, and those it could not answer (tests and benchmarks read them). */
  readonly stats = { hits: 0, misses: 0 };
  readonly #now: () => number;
  /** Token hash → entry, in insertion order: the first is the oldest read. */
  readonly #entries = new Map<string, Entry>();
  /** When an announcement naming each session or user last arrived, in time order, kept for a TTL's length. */
  readonly #changedSessions = new Map<number, number>();
  readonly #changedUsers = new Map<number, number>();
  /** This process's announcements whose NOTIFY has not come back yet, by origin, in time order. */
  readonly #ownChanges = new Map<string, OwnChange>();
  /** Database reads under way, by token hash: requests that miss together share one (see read()). */
  readonly #reads = new Map<string, Promise<{ found: SessionRow | undefined; readAt: number }>>();
  /** Reads that began before this (the cache was emptied, or announcements may have been lost) are not kept. */
  #validSince = 0;
  #listening = false;
  #stops: (() => void | Promise<void>)[] = [];

  constructor(
    private readonly database: Pick<Database, 'listen' | 'listener'>,
    options: SessionCacheOptions = {},
  ) {
    this.ttlMs = Math.max(0, options.ttlMs ?? SESSION_CACHE_MS);
    this.maxEntries = options.maxEntries ?? SESSION_CACHE_MAX_ENTRIES;
    this.#now = options.now ?? Date.now;
  }

  get enabled() {
    return this.ttlMs > 0;
  }

  get size() {
    return this.#entries.size;
  }

  /** This cache's clock (epoch ms): a database read's start is given to store() in it. */
  clock(): number {
    return this.#now();
  }

  /**
   * Reads a session from the database with `load`, once for every request of the same token that misses while
   * the read is under way: when an entry expires, a client's concurrent requests (a hundred on a busy queue)
   * would otherwise each read the session. `readAt` is when the shared read began, the one store() is given.
   * Any announcement drops the reads under way (#drop), so a request that arrives after a change starts its own.
   */
  read(
    tokenHash: string,
    load: () => Promise<SessionRow | undefined>,
  ): Promise<{ found: SessionRow | undefined; readAt: number }> {
    const readAt = this.#now();
    if (!this.enabled) return load().then((found) => ({ found, readAt }));
    const running = this.#reads.get(tokenHash);
    if (running) return running;
    const started = load().then((found) => ({ found, readAt }));
    const forget = () => {
      if (this.#reads.get(tokenHash) === started) this.#reads.delete(tokenHash);
    };
    started.then(forget, forget);
    this.#reads.set(tokenHash, started);
    return started;
  }

  /** Starts listening for announcements; until then (and when the TTL is 0) nothing is served or kept. */
  async start() {
    if (!this.enabled || this.#stops.length > 0) return;
    this.#stops.push(watchLocalSessionChanges((change) => this.#announcedHere(change)));
    // Watched before LISTEN is issued, so no transition between the two is missed.
    this.#stops.push(
      this.database.listener.onChange((change) => {
        this.clear();
        this.#listening = change.listening;
      }),
    );
    this.#stops.push(
      await this.database.listen(SESSION_CHANGES_CHANNEL, (payload) => this.#announced(payload)),
    );
    this.clear();
    this.#listening = this.database.listener.state().listening;
  }

  async stop() {
    this.#listening = false;
    for (const stop of this.#stops.splice(0).reverse()) await stop();
    this.clear();
    this.#ownChanges.clear();
  }

  /** The session of a token hash if held, fresh, and valid at `now` with an active user; else undefined. */
  get(tokenHash: string, now: Date): SessionRow | undefined {
    const entry = this.#listening ? this.#entries.get(tokenHash) : undefined;
    if (!entry) {
      this.stats.misses++;
      return undefined;
    }
    if (
      this.#now() - entry.fetchedAt >= this.ttlMs ||
      sessionEndReason(entry.row, now) !== null ||
      !entry.row.user.isActive
    ) {
      this.#entries.delete(tokenHash);
      this.stats.misses++;
      return undefined;
    }
    this.stats.hits++;
    return entry.row;
  }

  /**
   * Keeps a valid session read from the database; `fetchedAt` is when the read began (`clock()`). Refused
   * when the read may predate a change: one announced since it began, one of this process not yet committed,
   * the cache emptied since, or the LISTEN connection down.
   */
  store(tokenHash: string, row: SessionRow, fetchedAt: number) {
    if (!this.enabled || !this.#listening || fetchedAt < this.#validSince) return;
    const now = this.#now();
    if (now - fetchedAt >= this.ttlMs) return;
    if ((this.#changedSessions.get(row.sessionId) ?? -Infinity) >= fetchedAt) return;
    if ((this.#changedUsers.get(row.user.id) ?? -Infinity) >= fetchedAt) return;
    if (this.#awaitsOwnChange(row, now)) return;
    this.#entries.delete(tokenHash);
    if (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(tokenHash, { row, fetchedAt });
  }

  /**
   * This process wrote the session's last_seen_at or its client's last_used_at: the held row follows, so the
   * next request does not write again (the write is not announced; other processes keep their older time,
   * which only makes them write a little sooner or read the database).
   */
  touched(tokenHash: string, fields: Partial<Pick<SessionRow, 'lastSeenAt' | 'clientLastUsedAt'>>) {
    const entry = this.#entries.get(tokenHash);
    if (entry) entry.row = { ...entry.row, ...fields };
  }

  /**
   * A change has been committed (its announcement arrived): drops the entries of the sessions and users named,
   * and keeps no read of them that began before now.
   */
  invalidate(change: SessionChange) {
    if (!this.enabled) return;
    const now = this.#now();
    for (const id of change.session_ids ?? []) this.#remember(this.#changedSessions, id, now);
    for (const id of change.user_ids ?? []) this.#remember(this.#changedUsers, id, now);
    this.#drop(change);
  }

  /** Forgets every entry, and every read still under way (tests that rewrite session rows call it). */
  clear() {
    this.#entries.clear();
    this.#reads.clear();
    this.#validSince = this.#now();
  }

  /** This process announced a change, in a transaction that may not have committed yet. */
  #announcedHere(change: SessionChange) {
    if (!this.enabled) return;
    const now = this.#now();
    // Those whose NOTIFY never came (rolled back, or lost while the connection was down) go in time.
    for (const [origin, own] of this.#ownChanges) {
      if (now - own.at < OWN_CHANGE_WAIT_MS) break;
      this.#ownChanges.delete(origin);
    }
    if (change.origin) {
      this.#ownChanges.set(change.origin, {
        sessionIds: new Set(change.session_ids),
        userIds: new Set(change.user_ids),
        at: now,
      });
    }
    this.#drop(change);
  }

  #announced(payload: string) {
    let change: SessionChange;
    try {
      change = JSON.parse(payload) as SessionChange;
    } catch {
      // Not ours to read: forget everything rather than risk keeping what it named.
      this.clear();
      return;
    }
    if (change.origin) this.#ownChanges.delete(change.origin);
    this.invalidate(change);
  }

  /** Drops the entries a change names (a scan: the map is bounded, and changes are rare next to requests). */
  #drop(change: SessionChange) {
    // A read under way may have seen the row before the change: later requests do not join it.
    this.#reads.clear();
    const sessionIds = new Set(change.session_ids);
    const userIds = new Set(change.user_ids);
    for (const [hash, entry] of this.#entries) {
      if (sessionIds.has(entry.row.sessionId) || userIds.has(entry.row.user.id)) this.#entries.delete(hash);
    }
  }

  /** Whether an announcement of this process names the row's session or user and has not come back yet. */
  #awaitsOwnChange(row: SessionRow, now: number) {
    for (const own of this.#ownChanges.values()) {
      if (now - own.at >= OWN_CHANGE_WAIT_MS) continue;
      if (own.sessionIds.has(row.sessionId) || own.userIds.has(row.user.id)) return true;
    }
    return false;
  }

  /**
   * Records when a change arrived, keeping the map in time order so records older than a TTL (no read that
   * old is kept anyway) are dropped from its front.
   */
  #remember(changed: Map<number, number>, id: number, now: number) {
    changed.delete(id);
    changed.set(id, now);
    for (const [oldId, at] of changed) {
      if (now - at < this.ttlMs) break;
      changed.delete(oldId);
    }
  }
}
