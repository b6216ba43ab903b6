import fastifyMultipart from '@fastify/multipart';
import {
  emailConversationQuerySchema,
  emailConversationSchema,
  emailSendResponseSchema,
  emailSendSchema,
  emailTemplateListSchema,
  inboundEmailResultSchema,
  inboundEmailSchema,
  ORG_ROLES,
  type OrgRole,
  simulatedInboundEmailSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createInboundSmtpListener } from '../../../adapters/email/inbound-smtp.ts';
import { systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext, userContext } from '../../../platform/request-context.ts';
import { WEBHOOK_PATHS } from '../../../platform/webhook-urls.ts';
import { getEmailConversation, listEmailTemplates } from './conversation-service.ts';
import {
  assertInboundToken,
  receiveEmail,
  receiveWebhookEmail,
  simulateInboundEmail,
} from './inbound-service.ts';
import { sendEmail } from './send-service.ts';
import { recordClick, recordOpen, TRACKING_GIF } from './tracking.ts';
import { readSendRequest } from './upload-routes.ts';

// Email conversations with providers (001 §2.13, §7 "SMS and email"): templates, send, conversations, the
// tracking image and links, the inbound webhook, the reply typed in the outbox, and the SMTP listener.
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role writes. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
const tags = ['email'];

/** A whole message, attachments in base64 included: room for the attachment limits and the text. */
const SMTP_MAX_BYTES = 32 * 1024 * 1024;

const openParamsSchema = z.object({
  file: z.string().regex(/^[0-9a-f]{32}\.gif$/, 'Unknown tracking image.'),
});
const clickParamsSchema = z.object({ token: z.string().regex(/^[0-9a-f]{32}$/, 'This link is not valid.') });
const clickQuerySchema = z.object({ u: z.string().min(1).max(8000), s: z.string().min(1).max(200) });

export function emailRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Registered here only: multipart bodies are parsed by this plugin's routes (and the documents module's).
    // The send counts the bytes and refuses an oversized file itself (413 with its own message).
    await app.register(fastifyMultipart, { throwFileSizeLimit: false });

    app.get(
      '/api/email/templates',
      {
        config: read,
        schema: {
          tags,
          summary: 'Email templates with their placeholders (001 §3 Email template)',
          response: { 200: emailTemplateListSchema, ...errorResponses(401, 403) },
        },
      },
      async () => listEmailTemplates(),
    );

    app.post(
      '/api/email/send',
      {
        config: { ...write, ...phiRoute('referral') },
        // The body is JSON or multipart/form-data (files under `attachments`); it is read and validated by
        // readSendRequest, for both, so Fastify's validator lets it through. The schema documents it.
        validatorCompiler: () => (data) => ({ value: data }),
        schema: {
          tags,
          summary:
            'Sends an email to a provider about a referral (JSON, or multipart/form-data with files under "attachments"); HTML is sanitised, placeholders filled from the referral; 413 over the attachment limits',
          consumes: ['application/json', 'multipart/form-data'],
          body: emailSendSchema,
          response: { 200: emailSendResponseSchema, ...errorResponses(400, 401, 403, 404, 413, 422) },
        },
      },
      async (request) => {
        const ctx = orgContext(request, deps);
        const { body, files } = await readSendRequest(ctx, request);
        return sendEmail(ctx, { body, files });
      },
    );

    app.get(
      '/api/email/conversations',
      {
        config: { ...read, ...phiRoute('communication') },
        schema: {
          tags,
          summary:
            'The emails with a provider about a referral (or of one thread), oldest first; reading marks them read (audited)',
          querystring: emailConversationQuerySchema,
          response: { 200: emailConversationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return getEmailConversation(orgContext(request, deps), request.query);
      },
    );

    app.get(
      '/api/email/open/:file',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary: "An email's tracking image ({token}.gif): the first open sets opened_at (001 §2.13)",
          params: openParamsSchema,
          response: errorResponses(400, 404),
        },
      },
      async (request, reply) => {
        await recordOpen(systemContext(deps, 'email.tracking'), {
          token: request.params.file.slice(0, -'.gif'.length),
        });
        // Shown inside the recipient's mail client, another origin (security-headers.ts says same-origin).
        return reply
          .header('content-type', 'image/gif')
          .header('cache-control', 'no-store, max-age=0')
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(TRACKING_GIF as never);
      },
    );

    app.get(
      '/api/email/click/:token',
      {
        config: { auth: 'public' },
        schema: {
          tags,
          summary:
            'A tracked link of an email: with a valid signature, records the first click (001 §2.13) and redirects to u',
          params: clickParamsSchema,
          querystring: clickQuerySchema,
          response: errorResponses(400),
        },
      },
      async (request, reply) => {
        const url = await recordClick(systemContext(deps, 'email.tracking'), {
          token: request.params.token,
          url: request.query.u,
          signature: request.query.s,
        });
        return reply
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .redirect(url, 302);
      },
    );

    app.post(
      WEBHOOK_PATHS.emailInbound,
      {
        config: { auth: 'public' },
        // The token is checked before the body is read: a caller without it learns nothing of the schema.
        onRequest: async (request) =>
          assertInboundToken(systemContext(deps, 'email.inbound-webhook'), {
            authorization: request.headers.authorization,
          }),
        schema: {
          tags,
          summary:
            'An inbound email as a mail service posts it (Authorization: Bearer INBOUND_EMAIL_TOKEN), threaded onto its conversation or kept unmatched',
          body: inboundEmailSchema,
          response: { 200: inboundEmailResultSchema, ...errorResponses(400, 403, 413) },
        },
      },
      async (request) => receiveWebhookEmail(systemContext(deps, 'email.inbound-webhook'), request.body),
    );

    app.post(
      '/api/outbox/inbound/email',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['outbox', ...tags],
          summary:
            'Local email driver only (outbox readers): a reply as the provider to an email of the outbox, threaded as a real one',
          body: simulatedInboundEmailSchema,
          response: { 200: inboundEmailResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => simulateInboundEmail(userContext(request, deps), request.body),
    );

    // The server's own SMTP listener (SMTP_INBOUND_PORT): started once the app is ready, closed with it.
    const inbound = deps.config.smtpInbound;
    if (inbound) {
      const listener = createInboundSmtpListener({
        host: inbound.host,
        port: inbound.port,
        replyTo: deps.config.emailReplyTo,
        maxBytes: SMTP_MAX_BYTES,
        onMessage: (email) =>
          receiveEmail(systemContext(deps, 'email.smtp-listener'), { email, via: 'smtp' }),
        onError: (error) => app.log.warn({ err: error }, 'inbound SMTP message not stored'),
      });
      app.addHook('onReady', async () => {
        const { port } = await listener.listen();
        app.log.info({ port, host: inbound.host }, 'inbound SMTP listener ready');
      });
      app.addHook('onClose', () => listener.close());
    }
  };
}
