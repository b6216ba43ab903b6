import {
  communicationListSchema,
  communicationMethodListQuerySchema,
  communicationMethodListSchema,
  communicationMethodSchema,
  communicationMethodUpdateSchema,
  discoverResponseSchema,
  idParamSchema,
  idString,
  ORG_ROLES,
  type OrgRole,
  referralCommunicationCreateSchema,
  referralCommunicationListQuerySchema,
  sendResultSchema,
  sendToProvidersResponseSchema,
  sendToProvidersSchema,
  signedIdString,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { listReferralCommunications, sendCommunication, sendToProviders } from './communications-service.ts';
import { discoverProviderMethods, listProviderMethods, updateProviderMethod } from './methods-service.ts';

// 001 §7 "Communication methods" and the N-providers send of 001 §2.8. Every route acts for the active
// organization; viewers (002 §6) read, every other organization role sends and changes.
const read = { auth: { org: true as const } };
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
const tags = ['referral-sending'];

/** A method id may be negative on the wire (a directory fallback), which PUT then refuses with 422. */
// Negative ids name a provider's unstored directory fallback methods (DESIGN.md "Ids"): PUT answers 422 for them.
const methodIdParamSchema = z.object({ id: signedIdString() });
const providerIdParamSchema = z.object({ providerId: idString() });

export function referralSendingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/provider-communication-methods',
      {
        config: read,
        schema: {
          tags,
          summary:
            "A provider's communication methods, highest priority first (directory fallbacks when none)",
          querystring: communicationMethodListQuerySchema,
          response: { 200: communicationMethodListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listProviderMethods(orgContext(request, deps), { providerId: request.query.provider_id }),
    );

    app.get(
      '/api/provider-communication-methods/discover/:providerId',
      {
        config: write,
        schema: {
          tags,
          summary:
            "Stores the provider's contacts from its directory record and its website's tel:/mailto: links",
          params: providerIdParamSchema,
          response: { 200: discoverResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        discoverProviderMethods(orgContext(request, deps), { providerId: request.params.providerId }),
    );

    app.put(
      '/api/provider-communication-methods/:id',
      {
        config: write,
        schema: {
          tags,
          summary:
            '{success} records an attempt, {verified: true} verifies, {is_preferred: true} prefers (one per provider)',
          params: methodIdParamSchema,
          body: communicationMethodUpdateSchema,
          response: { 200: communicationMethodSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        updateProviderMethod(orgContext(request, deps), { ...request.body, id: request.params.id }),
    );

    app.post(
      '/api/referral-communications',
      {
        config: write,
        schema: {
          tags,
          summary: 'Sends the referral to one provider through the SMS or email adapter (001 §3 payload)',
          body: referralCommunicationCreateSchema,
          response: { 200: sendResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => sendCommunication(orgContext(request, deps), request.body),
    );

    app.get(
      '/api/referral-communications',
      {
        config: { ...read, ...phiRoute('communication') },
        schema: {
          tags,
          summary:
            'What was sent about a referral (to one provider), newest first, with delivery state and error',
          querystring: referralCommunicationListQuerySchema,
          response: { 200: communicationListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listReferralCommunications(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/referrals/:id/send-to-providers',
      {
        config: write,
        schema: {
          tags,
          summary:
            'Sends the referral to each chosen matched provider; each entry becomes sent (001 §2.8, §4)',
          params: idParamSchema,
          body: sendToProvidersSchema,
          response: { 200: sendToProvidersResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        sendToProviders(orgContext(request, deps), { ...request.body, id: request.params.id }),
    );
  };
}
