import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from './deps.ts';
import type { DomainEventSubscriptions } from './domain-events.ts';
import type { Jobs } from './jobs.ts';

/** The areas modules are grouped by (apps/server/src/modules/<area>/<module>/). */
export type ModuleArea =
  | 'access'
  | 'administration'
  | 'referrals'
  | 'providers'
  | 'communications'
  | 'care'
  /** The standards the platform speaks to other systems: FHIR, HSDS, API clients (issue #21). */
  | 'interop';

/**
 * A server module's manifest (`module.ts` beside its routes): everything the app needs to know of it. app.ts
 * registers the routes, jobs and subscriptions of the manifests in modules/index.ts; nothing else imports a
 * module to wire it. `npm run check` and modules/table-ownership.test.ts hold the module to what it declares.
 */
export type ServerModule = {
  /** The module's folder name (modules/<area>/<name>). */
  name: string;
  area: ModuleArea;
  /**
   * Which deployment runs it (DESIGN.md, 001 §7): 'directory' modules also run alone with SERVER_MODULES=directory
   * (the provider directory is a "separate service"); 'product' modules run only in the full server.
   */
  service: 'directory' | 'product';
  /** Tables only this module's code writes (and the tables it reads freely). Every table has one owner. */
  owns: readonly PgTable[];
  /**
   * Tables of other modules this module's queries read (joins for lists that would otherwise cost a call per
   * row). Reading is declared here, with why; writing another module's table is never allowed.
   */
  reads?: readonly { table: PgTable; why: string }[];
  /** Fastify plugins with the module's HTTP routes, registered in manifest order. */
  routes?: (deps: AppDeps) => FastifyPluginAsync[];
  /** Defines the module's jobs (handlers, crons) on the queue. */
  jobs?: (jobs: Jobs, deps: AppDeps) => void;
  /** Domain events the module reacts to (packages/domain/src/domain-events.ts). */
  subscriptions?: (deps: AppDeps) => DomainEventSubscriptions;
};

/** Identity helper so a manifest is checked against the type where it is written. */
export function defineModule(manifest: ServerModule): ServerModule {
  return manifest;
}
