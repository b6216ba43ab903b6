import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { type AuthContext, resolveOrg } from './auth.ts';
import { AppError } from './errors.ts';
import {
  findSessionsByIds,
  type SessionChange,
  type SessionRow,
  sessionDeadline,
  sessionEndReason,
} from './sessions.ts';

/** An open event stream as the hub sees it: who it belongs to now, and how to end it. */
export type EventStream = {
  /** The caller's rights now (null: signed out); replaced when the session changes (issue #12). */
  auth: AuthContext | null;
  /** The caller's address at connect, for the audit rows of PHI it receives. */
  ip: string | null;
  send(frame: string): void;
  /** Ends the response: the browser reconnects and then gets 401 or a stream with fresh rights. */
  close(reason: string): void;
};

export type StreamCheckOptions = {
  /** How often the hub looks for streams whose session is due for a re-read (ms). */
  sweepMs: number;
  /**
   * Longest a signed-in stream goes without its session being re-read even when its deadline is far (ms): a
   * safety net for rights changed without an announcement. Tests shorten it.
   */
  recheckMs: number;
};

/**
 * Binds signed-in event streams to their session (DESIGN.md: whatever is bound to a session ends within
 * seconds when the session ends). A stream's session is re-read, for all due streams in one query:
 * - when a change is announced for it (logout, password reset or change, membership change, deactivation,
 *   consent) on SESSION_CHANGES_CHANNEL, from any server process;
 * - when its deadline passes (60 minutes after last_seen_at, which other requests in any process move
 *   forward, or its 12-hour limit), then rescheduled if the session was used meanwhile; reading it does not
 *   touch it, so an open stream never keeps a session alive;
 * - after the LISTEN connection was lost (announcements may have been missed), and every `recheckMs`.
 * An ended session, an inactive user or an organization the user no longer belongs to closes the stream;
 * otherwise the stream's rights are replaced (a consent now required makes it hear what a visitor hears).
 */
export class StreamSessions {
  readonly options: StreamCheckOptions = { sweepMs: 1000, recheckMs: 5 * 60_000 };
  /**
   * Signed-in streams: when each is next re-read (epoch ms), and whether its events wait for that re-read once
   * it is due (an announcement named it, or its session ends then unless it was used meanwhile).
   */
  readonly #due = new Map<EventStream, { at: number; hold: boolean }>();
  /** Streams marked by an announcement while a re-read was running: they are read again right after it. */
  readonly #marked = new Set<EventStream>();
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | null = null;
  #again = false;
  /** Called after a stream was re-read and kept (its held events can be filtered by its new rights). */
  onChecked: (stream: EventStream) => void = () => {};

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  start() {
    this.#timer ??= setInterval(() => {
      const now = Date.now();
      for (const { at } of this.#due.values()) {
        if (at <= now) {
          void this.sweep();
          return;
        }
      }
    }, this.options.sweepMs);
    this.#timer.unref();
  }

  async stop() {
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#due.clear();
    this.#marked.clear();
    await this.#running;
  }

  add(stream: EventStream) {
    if (stream.auth) this.#due.set(stream, this.#nextCheck(stream.auth));
  }

  remove(stream: EventStream) {
    this.#due.delete(stream);
    this.#marked.delete(stream);
  }

  /**
   * Whether events for this stream must wait for its re-read: it is due and an announcement named it or its
   * session may have ended. Periodic re-reads of a live session hold nothing.
   */
  holds(stream: EventStream): boolean {
    const due = this.#due.get(stream);
    return due?.hold === true && due.at <= Date.now();
  }

  /** An announced change: the streams of these sessions and users are re-read now. */
  changed(change: SessionChange) {
    const sessionIds = new Set(change.session_ids ?? []);
    const userIds = new Set(change.user_ids ?? []);
    let any = false;
    for (const stream of this.#due.keys()) {
      const auth = stream.auth!;
      if (sessionIds.has(auth.sessionId) || userIds.has(auth.user.id)) {
        this.#mark(stream);
        any = true;
      }
    }
    if (any) void this.sweep();
  }

  /** Every stream is re-read now (the LISTEN connection came back: announcements may have been missed). */
  recheckAll() {
    for (const stream of this.#due.keys()) this.#mark(stream);
    void this.sweep();
  }

  /** Re-reads the sessions of every due stream; one run at a time, repeated while more were marked. */
  sweep(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#checkDue();
      } while (this.#again);
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  #mark(stream: EventStream) {
    this.#due.set(stream, { at: 0, hold: true });
    this.#marked.add(stream);
  }

  #nextCheck(auth: AuthContext) {
    const deadline = sessionDeadline(auth).getTime();
    const recheck = Date.now() + this.options.recheckMs;
    return deadline <= recheck ? { at: deadline, hold: true } : { at: recheck, hold: false };
  }

  async #checkDue() {
    const now = Date.now();
    const due = [...this.#due].filter(([, { at }]) => at <= now).map(([stream]) => stream);
    if (due.length === 0) return;
    for (const stream of due) this.#marked.delete(stream);
    let rows: Map<number, SessionRow>;
    try {
      const found = await findSessionsByIds(this.database.db, [
        ...new Set(due.map((s) => s.auth!.sessionId)),
      ]);
      rows = new Map(found.map((row) => [row.sessionId, row]));
    } catch (err) {
      // Still due: the next sweep tries again (the database may be restarting).
      this.log.warn({ code: (err as { code?: string }).code }, 'could not re-check event stream sessions');
      return;
    }
    const at = new Date();
    for (const stream of due) {
      if (!this.#due.has(stream) || !stream.auth) continue; // closed meanwhile
      let verdict: AuthContext | string;
      try {
        verdict = await this.#currentRights(stream.auth, rows.get(stream.auth.sessionId), at);
      } catch (err) {
        this.log.warn({ code: (err as { code?: string }).code }, 'could not re-check an event stream');
        continue;
      }
      if (typeof verdict === 'string') {
        this.remove(stream);
        stream.close(verdict);
        continue;
      }
      stream.auth = verdict;
      // Marked again while this ran: leave it due, the loop reads it once more.
      if (this.#marked.has(stream)) continue;
      this.#due.set(stream, this.#nextCheck(verdict));
      this.onChecked(stream);
    }
  }

  /** The stream's rights from its session as stored now, or why the stream must end. */
  async #currentRights(
    auth: AuthContext,
    row: SessionRow | undefined,
    now: Date,
  ): Promise<AuthContext | string> {
    if (!row) return 'session ended';
    const ended = sessionEndReason(row, now);
    if (ended) return `session ended (${ended})`;
    if (!row.user.isActive) return 'user deactivated';
    let org: AuthContext['org'];
    try {
      // The organization the stream acts for must still be one of the user's (a super_admin may act for any
      // existing one); a stream that acted for none takes the user's organization now, if any.
      org = await resolveOrg(this.database, row.memberships, auth.org?.id, row.activeOrgId);
    } catch (err) {
      if (err instanceof AppError && err.code === 'forbidden') return 'organization access removed';
      throw err;
    }
    return {
      ...auth,
      user: row.user,
      memberships: row.memberships,
      consentRequired: row.consentRequired,
      lastSeenAt: row.lastSeenAt,
      expiresAt: row.expiresAt,
      org,
    };
  }
}
