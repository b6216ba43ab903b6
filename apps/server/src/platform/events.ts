import { randomUUID } from 'node:crypto';
import type { AppEvent, EventAudience, EventPhi } from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import type { AuthContext } from './auth.ts';

const CHANNEL = 'tm_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and small facts, not records. */
const MAX_PAYLOAD = 7900;
const HEARTBEAT_MS = 25_000;

type Envelope = AppEvent & { audience: EventAudience; phi?: EventPhi };
/** A stream: which audiences it takes, and how to write one Server-Sent Event frame to it. */
type Subscriber = { accepts: (audience: EventAudience) => boolean; send: (frame: string) => void };

/**
 * Real-time events across server processes: publish() issues a NOTIFY on the shared database, every process
 * LISTENs and fans the event out to its own Server-Sent Event streams whose audience matches. Published inside
 * a transaction, an event goes out only if the transaction commits.
 */
export class EventHub {
  readonly #subscribers = new Set<Subscriber>();
  #unlisten: (() => Promise<void>) | undefined;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start() {
    this.#unlisten = await this.database.listen(CHANNEL, (payload) => this.#deliver(payload));
  }

  async stop() {
    await this.#unlisten?.();
    this.#unlisten = undefined;
    this.#subscribers.clear();
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

  subscribe(subscriber: Subscriber): () => void {
    this.#subscribers.add(subscriber);
    return () => this.#subscribers.delete(subscriber);
  }

  get subscriberCount() {
    return this.#subscribers.size;
  }

  #deliver(payload: string) {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      this.log.warn('dropped an event that is not JSON');
      return;
    }
    const { audience, phi: _phi, ...event } = envelope;
    // Serialised once for every stream that takes it, not once per stream (a thousand open feeds share it).
    const frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const s of this.#subscribers) {
      if (s.accepts(audience)) s.send(frame);
    }
  }
}

/**
 * Which events a caller may receive: public ones; signed out, the anonymous ones (masked); signed in, those for
 * every signed-in user, their own, and their active organization's.
 */
export function audienceFilter(session: AuthContext | null) {
  // 003 §4.2: a session whose consents are unsigned may not read anything else yet, so it hears what a visitor
  // hears (masked feed cards), nothing private.
  const auth = session && !session.consentRequired ? session : null;
  return (audience: EventAudience) => {
    if (audience.kind === 'public') return true;
    if (audience.kind === 'anonymous') return !auth;
    if (!auth) return false;
    if (audience.kind === 'signed_in') {
      return !audience.except_org_ids || auth.org === null || !audience.except_org_ids.includes(auth.org.id);
    }
    if (audience.kind === 'user') return audience.user_id === auth.user.id;
    return auth.org?.id === audience.org_id;
  };
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
      config: { auth: 'public' },
      schema: {
        tags: ['events'],
        summary:
          'Server-Sent Events: live updates for the caller (public, own and active organization events)',
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
        'x-request-id': request.id,
      });
      res.write('retry: 3000\n: connected\n\n');
      open.add(reply);
      const unsubscribe = hub.subscribe({
        accepts: audienceFilter(request.auth),
        send: (frame) => res.write(frame),
      });
      const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
      request.raw.on('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(reply);
      });
    },
  );
}
