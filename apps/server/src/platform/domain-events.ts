import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import {
  DOMAIN_EVENTS,
  type DomainEvent,
  type DomainEventInput,
  type DomainEventName,
  type DomainEventPayload,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from '../db/client.ts';
import { scrubbedError } from './logging.ts';

const CHANNEL = 'tm_domain_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; events carry ids and small facts. */
const MAX_PAYLOAD = 7900;

/**
 * The automation depth of the work running now (issue #17 loop guard): an automation rule's action runs inside
 * withAutomationDepth(n + 1), and every event published during it carries that depth, however deep in the
 * services it is published. Rules refuse to act on events past their limit.
 */
const automationCause = new AsyncLocalStorage<{ depth: number }>();

export function withAutomationDepth<T>(depth: number, work: () => Promise<T>): Promise<T> {
  return automationCause.run({ depth }, work);
}

export type DomainEventHandler<N extends DomainEventName> = (event: DomainEvent<N>) => Promise<void> | void;
export type DomainEventSubscriptions = { [N in DomainEventName]?: DomainEventHandler<N> };

/**
 * Domain events between modules (issue #13 item 3). publish() issues a NOTIFY inside the caller's transaction:
 * PostgreSQL delivers it only when the transaction commits, to every server process (this one included), so a
 * subscriber never hears of a change that was rolled back and every process hears of every change.
 *
 * A handler runs in EVERY process: right for fanning out to this process's open streams or dropping a cache. A
 * side effect that must happen once (a message, a workflow step) enqueues a job keyed by the event id instead.
 * Handlers run one event at a time in arrival order; a failing handler is logged and does not stop the others.
 */
export class DomainEvents {
  readonly #handlers = new Map<DomainEventName, DomainEventHandler<DomainEventName>[]>();
  #unlisten: (() => Promise<void>) | undefined;
  #queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Adds a module's subscriptions (app.ts, from the manifests). */
  subscribe(subscriptions: DomainEventSubscriptions) {
    for (const [name, handler] of Object.entries(subscriptions) as [
      DomainEventName,
      DomainEventHandler<never>,
    ][]) {
      const list = this.#handlers.get(name) ?? [];
      list.push(handler as DomainEventHandler<DomainEventName>);
      this.#handlers.set(name, list);
    }
  }

  /** Publishes an event with the transaction that makes the change (or at once, given the database handle). */
  async publish<N extends DomainEventName>(db: DbOrTx, name: N, data: DomainEventInput<N>) {
    const parsed = DOMAIN_EVENTS[name].parse(data) as DomainEventPayload<N>;
    const depth = automationCause.getStore()?.depth ?? 0;
    const event: DomainEvent<N> = {
      id: randomUUID(),
      name,
      at: new Date().toISOString(),
      data: parsed,
      ...(depth > 0 ? { automation_depth: depth } : {}),
    };
    const payload = JSON.stringify(event);
    if (Buffer.byteLength(payload) > MAX_PAYLOAD)
      throw new Error(`Domain event ${name} is too large to publish`);
    await db.execute(sql`SELECT pg_notify(${CHANNEL}, ${payload})`);
  }

  async start() {
    this.#unlisten = await this.database.listen(CHANNEL, (payload) => {
      this.#queue = this.#queue.then(() => this.#dispatch(payload));
    });
  }

  async stop() {
    await this.#unlisten?.();
    this.#unlisten = undefined;
    await this.#queue;
  }

  /** Resolves when every event received so far has been handled (tests wait on it). */
  idle(): Promise<void> {
    return this.#queue;
  }

  async #dispatch(payload: string) {
    let event: DomainEvent;
    try {
      event = JSON.parse(payload) as DomainEvent;
    } catch {
      this.log.warn('dropped a domain event that is not JSON');
      return;
    }
    for (const handler of this.#handlers.get(event.name) ?? []) {
      try {
        await handler(event);
      } catch (error) {
        this.log.error(
          { err: scrubbedError(error), event: event.name, eventId: event.id },
          'domain event handler failed',
        );
      }
    }
  }
}
