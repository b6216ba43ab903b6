import { randomUUID } from 'node:crypto';
import { type AppEvent, type EventAudience, type EventPhi, MESSAGES, RESYNC_EVENT } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import type { ListenerState } from '../db/listener.ts';
import { type AuthContext, isPlatformOperator } from './auth.ts';
import { AppError } from './errors.ts';
import { type EventStream, StreamSessions } from './event-stream-sessions.ts';
import { phiRoute } from './phi.ts';
import { readSessionCookie } from './session-cookie.ts';
import { SESSION_CHANGES_CHANNEL, type SessionChange } from './sessions.ts';
import { StreamedPhiAudit, type StreamedPhiRow } from './streamed-phi-audit.ts';

export type { EventStream } from './event-stream-sessions.ts';

const CHANNEL = 'tm_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and small facts, not records. */
const MAX_PAYLOAD = 7900;
const HEARTBEAT_MS = 25_000;

type Envelope = AppEvent & { audience: EventAudience; phi?: EventPhi };
/** An event waiting for its stream's session re-check, to be filtered by the rights it finds. */
type HeldEvent = { event: AppEvent; audience: EventAudience; phi?: EventPhi; frame: string };
/** Events held for one stream at most; past it the stream is closed (its client reconnects and refetches). */
const MAX_HELD = 500;

function frameOf(event: AppEvent) {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Real-time events across server processes: publish() issues a NOTIFY on the shared database, every process
 * LISTENs and fans the event out to its own Server-Sent Event streams whose audience matches, by each stream's
 * current rights (streams are bound to their session: event-stream-sessions.ts). Published inside a
 * transaction, an event goes out only if the transaction commits. When the LISTEN connection drops it comes
 * back by itself (db/listener.ts); every stream then gets `resync` and its session re-checked.
 */
export class EventHub {
  readonly #streams = new Set<EventStream>();
  /** Events for streams whose session is being re-checked (a change was announced, or its deadline passed). */
  readonly #held = new Map<EventStream, HeldEvent[]>();
  /** Session checks of the signed-in streams; `sessions.options` sets their timing (tests shorten it). */
  readonly sessions: StreamSessions;
  readonly #phiAudit: StreamedPhiAudit;
  #unlisten: (() => Promise<void>)[] = [];
  #unwatch: (() => void) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {
    this.sessions = new StreamSessions(database, log);
    this.sessions.onChecked = (stream) => this.#release(stream);
    this.#phiAudit = new StreamedPhiAudit(database, log);
  }

  async start() {
    this.#unwatch = this.database.listener.onChange((change) => {
      if (!change.listening) {
        this.log.warn(
          { reason: change.reason },
          'LISTEN connection lost: reconnecting; events are not delivered',
        );
        return;
      }
      if (change.reconnects === 0) return; // the first connection, at start
      this.log.info({ reconnects: change.reconnects }, 'LISTEN connection re-established: streams resync');
      this.#resync();
    });
    this.#unlisten.push(await this.database.listen(CHANNEL, (payload) => this.#deliver(payload)));
    this.#unlisten.push(
      await this.database.listen(SESSION_CHANGES_CHANNEL, (payload) => this.#sessionsChanged(payload)),
    );
    this.sessions.start();
  }

  async stop() {
    this.#unwatch?.();
    this.#unwatch = undefined;
    for (const unlisten of this.#unlisten.splice(0)) await unlisten();
    await this.sessions.stop();
    this.#streams.clear();
    this.#held.clear();
    await this.#phiAudit.drain();
  }

  /** Whether events reach this process now (GET /health answers 503 while they do not). */
  listenerState(): ListenerState {
    return this.database.listener.state();
  }

  async publish(
    type: string,
    audience: EventAudience,
    data: unknown,
    db: DbOrTx = this.database.db,
    options: { phi?: EventPhi } = {},
  ) {
    const envelope: Envelope = {
      id: randomUUID(),
      type,
      at: new Date().toISOString(),
      audience,
      data,
      ...(options.phi ? { phi: options.phi } : {}),
    };
    const payload = JSON.stringify(envelope);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD) throw new Error(`Event ${type} is too large to publish`);
    await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
  }

  /** Adds an open stream; returns the function that removes it. */
  subscribe(stream: EventStream): () => void {
    this.#streams.add(stream);
    this.sessions.add(stream);
    return () => {
      this.#streams.delete(stream);
      this.#held.delete(stream);
      this.sessions.remove(stream);
    };
  }

  get subscriberCount() {
    return this.#streams.size;
  }

  /**
   * Sends an event to this process's streams only. For domain-event subscribers (platform/domain-events.ts):
   * the domain event already reached every process, so each one fans out to its own streams and nothing is
   * published twice.
   */
  deliverLocal(type: string, audience: EventAudience, data: unknown, options: { phi?: EventPhi } = {}) {
    this.#fanOut({
      id: randomUUID(),
      type,
      at: new Date().toISOString(),
      audience,
      data,
      ...(options.phi ? { phi: options.phi } : {}),
    });
  }

  #deliver(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('dropped an event that is not JSON');
      return;
    }
    this.#fanOut(envelope);
  }

  #fanOut(envelope: Envelope) {
    const { audience, phi, ...event } = envelope;
    // Serialised once for every stream that takes it, not once per stream (a thousand open feeds share it).
    const frame = frameOf(event);
    const audited: StreamedPhiRow[] = [];
    for (const stream of this.#streams) {
      // Rights may have just changed (an announcement arrives before the events that follow it): the event
      // waits for the re-check and is filtered by what it finds.
      if (this.sessions.holds(stream) || this.#held.has(stream)) {
        this.#hold(stream, { event, audience, ...(phi ? { phi } : {}), frame });
        continue;
      }
      if (!acceptsAudience(stream.auth, audience)) continue;
      stream.send(frame);
      // A signed-in stream that received PHI is a read of it by that user (issue #12, item 10).
      if (phi && stream.auth) audited.push({ auth: stream.auth, ip: stream.ip });
    }
    // Written after the frames are out, in one INSERT, without holding up the fan-out.
    if (phi && audited.length > 0) this.#phiAudit.record(event, phi, audited);
  }

  #hold(stream: EventStream, held: HeldEvent) {
    const queue = this.#held.get(stream) ?? [];
    if (queue.length >= MAX_HELD) {
      stream.close('too many events waiting for a session check');
      return;
    }
    queue.push(held);
    this.#held.set(stream, queue);
  }

  /** After a stream's session was re-checked and the stream kept: its held events, by its new rights. */
  #release(stream: EventStream) {
    const queue = this.#held.get(stream);
    if (!queue || this.sessions.holds(stream)) return;
    this.#held.delete(stream);
    for (const { event, audience, phi, frame } of queue) {
      if (!acceptsAudience(stream.auth, audience)) continue;
      stream.send(frame);
      if (phi && stream.auth) this.#phiAudit.record(event, phi, [{ auth: stream.auth, ip: stream.ip }]);
    }
  }

  #sessionsChanged(payload: string) {
    let change: SessionChange;
    try {
      change = JSON.parse(payload) as SessionChange;
    } catch {
      this.log.warn('dropped a session change that is not JSON');
      return;
    }
    this.sessions.changed(change);
  }

  #resync() {
    const frame = frameOf({ id: randomUUID(), type: RESYNC_EVENT, at: new Date().toISOString(), data: {} });
    for (const stream of this.#streams) stream.send(frame);
    this.sessions.recheckAll();
  }
}

/**
 * Which events a caller may receive: public ones; signed out, the anonymous ones (masked); signed in, those for
 * every signed-in user, their own, their active organization's, and a platform operator's (by the stream's
 * current memberships, re-read with its session: event-stream-sessions.ts).
 */
export function acceptsAudience(session: AuthContext | null, audience: EventAudience): boolean {
  // 003 §4.2: a session whose consents are unsigned may not read anything else yet, so it hears what a visitor
  // hears (masked feed cards), nothing private.
  const auth = session && !session.consentRequired ? session : null;
  if (audience.kind === 'public') return true;
  if (audience.kind === 'anonymous') return !auth;
  if (!auth) return false;
  if (audience.kind === 'signed_in') {
    return !audience.except_org_ids || auth.org === null || !audience.except_org_ids.includes(auth.org.id);
  }
  if (audience.kind === 'user') return audience.user_id === auth.user.id;
  if (audience.kind === 'platform_operators') return isPlatformOperator(auth);
  // Fails closed: a kind this process does not know (a newer process published it) reaches nobody.
  return audience.kind === 'org' && auth.org !== null && auth.org.id === audience.org_id;
}

/** acceptsAudience() for a fixed caller. */
export function audienceFilter(session: AuthContext | null) {
  return (audience: EventAudience) => acceptsAudience(session, audience);
}

/** GET /api/events: a Server-Sent Events stream. Open; what it carries depends on who asks. */
export function registerEventStream(app: FastifyInstance, hub: EventHub) {
  const open = new Set<FastifyReply>();

  // Streams never end on their own: close them first so the server can drain and stop.
  app.addHook('preClose', async () => {
    for (const reply of open) reply.raw.end();
    open.clear();
  });

  app.get(
    '/api/events',
    {
      // Full referral cards go to the streams entitled to them, each one audited as it is sent (x-phi).
      config: { auth: 'public', ...phiRoute('referral') },
      schema: {
        tags: ['events'],
        summary:
          'Server-Sent Events: live updates for the caller (public, own and active organization events)',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      // A stream the server closed because its session ended is reopened by the browser with the same
      // credentials: a session that is no longer valid answers 401, not a visitor's stream, so the client signs
      // out at once (003 §8) instead of showing what it loaded before. Without credentials it is a visitor.
      if (!request.auth && (request.headers.authorization !== undefined || readSessionCookie(request))) {
        throw new AppError('session.missing', MESSAGES.notSignedIn);
      }
      reply.hijack();
      const res = reply.raw;
      // A hijacked answer skips onSend: the headers set so far (security headers, a cleared session cookie) are
      // copied in; the stream holds PHI, so it is never stored (no-store), nor transformed by a proxy.
      res.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      // `retry:` keeps the browser's reconnects 3 s apart at least, also after the server closes a stream.
      res.write('retry: 3000\n: connected\n\n');
      open.add(reply);
      let closed = false;
      let unsubscribe = () => {};
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      const cleanup = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(reply);
      };
      unsubscribe = hub.subscribe({
        // A copy: the hub replaces it when the session's rights change, never the request's own.
        auth: request.auth ? { ...request.auth } : null,
        ip: request.ip,
        send: (frame) => res.write(frame),
        close: (reason) => {
          if (closed) return;
          cleanup();
          request.log.info({ reason }, 'event stream closed by the server');
          res.end();
        },
      });
      request.raw.on('close', cleanup);
    },
  );
}
