import {
  communicationListQuerySchema,
  communicationPageSchema,
  conversationAssignSchema,
  conversationListQuerySchema,
  conversationListSchema,
  conversationSchema,
  idParamSchema,
  idString,
  ORG_ROLES,
  type OrgRole,
  providerReferralListSchema,
  providerReferralsQuerySchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../../platform/content-disposition.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { openAttachment } from './attachments.ts';
import { listCommunications, listConversations } from './lists.ts';
import { listProviderReferrals } from './provider-referrals.ts';
import { assignConversation, readConversation } from './threads.ts';

// 001 §7 "Web form and communications listing": the records of every channel, the inbox's threads, and what a
// thread's screens need besides. Every route acts for the active organization; viewers (002 §6) read only.
const read = { auth: { org: true as const } };
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
const tags = ['communications'];

const providerIdParamSchema = z.object({ providerId: idString() });
const attachmentParamsSchema = z.object({
  id: idString(),
  attachmentId: idString(),
});

export function communicationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/communications',
      {
        config: { ...read, ...phiRoute('communication') },
        schema: {
          tags,
          summary:
            "The organization's communications of every channel, newest first, one page, filtered by provider, referral and method (001 §7; audited)",
          querystring: communicationListQuerySchema,
          response: { 200: communicationPageSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listCommunications(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/conversations',
      {
        config: { ...read, ...phiRoute('conversation') },
        schema: {
          tags,
          summary:
            'The inbox: threads newest activity first with unread counts and the last message (001 §2.11); unmatched=true lists what nobody could place (platform operators)',
          querystring: conversationListQuerySchema,
          response: { 200: conversationListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listConversations(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/conversations/:id/read',
      {
        config: read,
        schema: {
          tags,
          summary: "Marks a thread's inbound messages read",
          params: idParamSchema,
          response: { 200: z.object({ read: z.number().int() }), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => readConversation(orgContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/conversations/:id/assign',
      {
        config: { ...write, ...phiRoute('conversation') },
        schema: {
          tags,
          summary:
            "Files an unmatched thread under one of the referrals of the organization acted for (platform operators); its messages join that referral's thread",
          params: idParamSchema,
          body: conversationAssignSchema,
          response: { 200: conversationSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        assignConversation(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );

    app.get(
      '/api/providers/:providerId/referrals',
      {
        config: { ...read, ...phiRoute('referral') },
        schema: {
          tags,
          summary:
            "The organization's referrals to discuss with a provider: those matched, sent or discussed with it first, then open ones (or those matching search)",
          params: providerIdParamSchema,
          querystring: providerReferralsQuerySchema,
          response: { 200: providerReferralListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listProviderReferrals(orgContext(request, deps), {
          providerId: request.params.providerId,
          search: request.query.search,
        }),
    );

    app.get(
      '/api/communications/:id/attachments/:attachmentId',
      {
        config: { ...read, ...phiRoute('communication') },
        schema: {
          tags,
          summary: "An email attachment's bytes (the thread's organization; audited)",
          params: attachmentParamsSchema,
          response: errorResponses(400, 401, 403, 404),
        },
      },
      async (request, reply) => {
        const { id, attachmentId } = request.params;
        const { attachment, stream } = await openAttachment(orgContext(request, deps), {
          communicationId: id,
          attachmentId,
        });
        return reply
          .header('content-type', attachment.contentType)
          .header('content-length', String(attachment.size))
          .header('content-disposition', contentDisposition('attachment', attachment.filename))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'no-store')
          .send(stream as never);
      },
    );
  };
}
