import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { authRoutes } from './modules/access/auth/routes.ts';
import { consentRoutes } from './modules/access/consent/routes.ts';
import { invitationsRoutes } from './modules/access/invitations/routes.ts';
import { passwordsRoutes } from './modules/access/passwords/routes.ts';
import { twoFactorRoutes } from './modules/access/two-factor/routes.ts';
import { auditLogRoutes } from './modules/administration/audit-log/routes.ts';
import { clientConfigRoutes } from './modules/administration/client-config/routes.ts';
import { healthRoutes } from './modules/administration/health/routes.ts';
import { orgsRoutes } from './modules/administration/orgs/routes.ts';
import { usersRoutes } from './modules/administration/users/routes.ts';
import { communicationsRoutes } from './modules/communications/communications/routes.ts';
import { emailRoutes } from './modules/communications/email/routes.ts';
import { outboxRoutes } from './modules/communications/outbox/routes.ts';
import { smsRoutes } from './modules/communications/sms/routes.ts';
import { voiceRoutes } from './modules/communications/voice/routes.ts';
import { webFormRoutes } from './modules/communications/web-forms/routes.ts';
import { directoryRoutes, providersApiRoutes } from './modules/providers/directory/routes.ts';
import { providerPerformanceRoutes } from './modules/providers/provider-performance/routes.ts';
import { savedProvidersRoutes } from './modules/providers/saved-providers/routes.ts';
import { caseNotesRoutes } from './modules/referrals/case-notes/routes.ts';
import { dashboardRoutes } from './modules/referrals/dashboard/routes.ts';
import { documentsRoutes } from './modules/referrals/documents/routes.ts';
import { matchingRoutes } from './modules/referrals/matching/routes.ts';
import { otfRtfRoutes } from './modules/referrals/otf-rtf/routes.ts';
import { referralMembersRoutes } from './modules/referrals/referral-members/routes.ts';
import { referralSendingRoutes } from './modules/referrals/referral-sending/routes.ts';
import { referralCommunicationsRoutes } from './modules/referrals/referrals/communications-routes.ts';
import { liveFeedRoutes } from './modules/referrals/referrals/feed-routes.ts';
import { memberLookupRoutes } from './modules/referrals/referrals/lookup-routes.ts';
import { referralResponseRoutes } from './modules/referrals/referrals/response-routes.ts';
import { referralsRoutes } from './modules/referrals/referrals/routes.ts';
import { registerAuth } from './platform/auth.ts';
import type { AppDeps } from './platform/deps.ts';
import { frameworkErrors, registerErrorHandling } from './platform/errors.ts';
import { EventHub, registerEventStream } from './platform/events.ts';
import { registerJobs } from './platform/job-definitions.ts';
import { Jobs } from './platform/jobs.ts';
import { loggerOptions } from './platform/logging.ts';
import { registerOpenApi } from './platform/openapi.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
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
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const events = new EventHub(database, app.log);
  // The directory alone (SERVER_MODULES=directory) has no jobs: they belong to the product modules.
  const jobs = options.jobs && config.serverModules === 'all' ? new Jobs(database, app.log) : null;
  const deps: AppDeps = { config, database, events, jobs, version: VERSION, startedAt: Date.now() };

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
  registerErrorHandling(app);
  // Before validation on every route: NUL and lone surrogates in any string of a request are a 400 (issue #12).
  registerStrictInput(app);
  registerAuth(app, database, { publicUrl: config.publicUrl });
  await registerOpenApi(app, VERSION);

  await app.register(healthRoutes(deps));
  await app.register(clientConfigRoutes(deps));
  await app.register(directoryRoutes(deps));
  // 001 §7: the provider directory is a "separate service"; SERVER_MODULES=directory starts only it.
  if (config.serverModules === 'all') await registerProductModules(app, deps);
  registerEventStream(app, events);
  if (options.web ?? true) await registerWebApp(app, config.webDistDir);

  if (jobs) registerJobs(jobs, deps);
  app.addHook('onReady', async () => {
    await events.start();
    await jobs?.start();
  });
  // Drain order: requests (Fastify), then jobs, then events; the database is closed by the owner of it.
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await events.stop();
  });
  app.decorate('deps', deps);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Every product module besides the directory (DESIGN.md: a deployment may start a subset). */
async function registerProductModules(app: FastifyInstance, deps: AppDeps) {
  await app.register(authRoutes(deps));
  await app.register(providersApiRoutes(deps));
  await app.register(twoFactorRoutes(deps));
  await app.register(orgsRoutes(deps));
  await app.register(outboxRoutes(deps));
  await app.register(usersRoutes(deps));
  await app.register(invitationsRoutes(deps));
  await app.register(passwordsRoutes(deps));
  await app.register(auditLogRoutes(deps));
  await app.register(consentRoutes(deps));
  await app.register(dashboardRoutes(deps));
  await app.register(referralsRoutes(deps));
  await app.register(memberLookupRoutes(deps));
  await app.register(referralResponseRoutes(deps));
  await app.register(liveFeedRoutes(deps));
  await app.register(referralCommunicationsRoutes(deps));
  await app.register(referralMembersRoutes(deps));
  await app.register(caseNotesRoutes(deps));
  await app.register(documentsRoutes(deps));
  await app.register(otfRtfRoutes(deps));
  await app.register(matchingRoutes(deps));
  await app.register(providerPerformanceRoutes(deps));
  await app.register(savedProvidersRoutes(deps));
  await app.register(referralSendingRoutes(deps));
  await app.register(communicationsRoutes(deps));
  await app.register(smsRoutes(deps));
  await app.register(emailRoutes(deps));
  await app.register(voiceRoutes(deps));
  await app.register(webFormRoutes(deps));
}
