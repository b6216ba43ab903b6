import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { DomainEvents } from './domain-events.ts';
import type { EventHub } from './events.ts';
import type { Jobs } from './jobs.ts';

/** What modules get from the platform: passed explicitly, so tests can build an app around any database. */
export type AppDeps = {
  config: Config;
  database: Database;
  /** Server-Sent Event streams to browsers (audiences, session-bound). */
  events: EventHub;
  /** Domain events between modules (packages/domain/src/domain-events.ts). */
  domainEvents: DomainEvents;
  jobs: Jobs | null;
  /** The app's logger (redacting, platform/logging.ts): for work outside a request (jobs, subscribers, timers). */
  log: FastifyBaseLogger;
  version: string;
  startedAt: number;
};
