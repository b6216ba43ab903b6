import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { MODULES } from './modules/index.ts';
import { registerAuth } from './platform/auth.ts';
import { registerCompression } from './platform/compression.ts';
import type { AppDeps } from './platform/deps.ts';
import { DomainEvents } from './platform/domain-events.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { EventHub, registerEventStream } from './platform/events.ts';
import { Jobs } from './platform/jobs.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { createResponseSerializer } from './platform/response-serializer.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { SESSION_CACHE_MS, SessionCache } from './platform/session-cache.ts';
import { registerWebApp } from './platform/static.ts';
import { registerStrictInput } from './platform/strict-input.ts';
import { VERSION } from './version.ts';

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Start the job queue (workers and schedules). Tests leave it off unless they test jobs. */
  jobs?: boolean;
  /** Serve the built web app. */
  web?: boolean;
  /** Where log lines go instead of stdout (tests read them back). */
  logStream?: DestinationStream;
  /**
   * Every answer is also encoded by zod and compared with the compiled serialiser's (platform/response-serializer.ts):
   * on in the tests, off in production.
   */
  checkResponses?: boolean;
  /** How long a session read answers this process's requests (ms; 0: always read); SESSION_CACHE_MS if unset. */
  sessionCacheMs?: number;
};

/**
 * Builds the whole server around an open, migrated database: platform plugins, then every module. Tests use
 * it with app.inject; main.ts adds listen and shutdown.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: loggerOptions(config.logLevel, options.logStream),
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => crypto.randomUUID(),
    ajv: { customOptions: { coerceTypes: false } },
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializer({ checkAgainstZod: options.checkResponses ?? false }));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const events = new EventHub(database, app.log);
  const sessionCache = new SessionCache(database, { ttlMs: options.sessionCacheMs ?? SESSION_CACHE_MS });
  const domainEvents = new DomainEvents(database, app.log);
  // 001 §7: the provider directory is a "separate service"; SERVER_MODULES=directory starts only its modules
  // (the directory and the import manager, whose runs are jobs).
  const modules = MODULES.filter((m) => config.serverModules === 'all' || m.service === 'directory');
  const jobs = options.jobs && modules.some((m) => m.jobs) ? new Jobs(database, app.log) : null;
  const deps: AppDeps = {
    config,
    database,
    events,
    domainEvents,
    jobs,
    log: app.log,
    version: VERSION,
    startedAt: Date.now(),
  };

  // Twilio's webhooks post form-encoded bodies (001 §7 SMS and voice callbacks): parsed into an object of strings.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(body as string)) fields[key] = value;
      done(null, fields);
    },
  );
  // First: its hooks run before any other, so every answer (a refusal by the auth hook included) has the headers.
  await registerSecurityHeaders(app, config);
  await registerCompression(app);
  registerErrorHandling(app);
  // Before validation on every route: NUL and lone surrogates in any string of a request are a 400 (issue #12).
  registerStrictInput(app);
  registerAuth(app, database, { publicUrl: config.publicUrl, sessionCache });
  await registerOpenApi(app, VERSION);

  for (const module of modules) {
    for (const plugin of module.routes?.(deps) ?? []) await app.register(plugin);
    if (jobs) module.jobs?.(jobs, deps);
    const subscriptions = module.subscriptions?.(deps);
    if (subscriptions) domainEvents.subscribe(subscriptions);
  }
  registerEventStream(app, events);
  if (options.web ?? true) await registerWebApp(app, config.webDistDir);

  app.addHook('onReady', async () => {
    await sessionCache.start();
    await events.start();
    await domainEvents.start();
    await jobs?.start();
  });
  // Drain order: requests (Fastify), then jobs, then events and the session cache; the database is closed by
  // the owner of it.
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await domainEvents.stop();
    await events.stop();
    await sessionCache.stop();
  });
  app.decorate('deps', deps);
  app.decorate('sessionCache', sessionCache);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** This process's session cache (tests that rewrite session rows in SQL clear it). */
    sessionCache: SessionCache;
  }
}
