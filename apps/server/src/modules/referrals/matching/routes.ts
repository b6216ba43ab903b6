import {
  autoMatchOverviewSchema,
  autoMatchResponseSchema,
  changeMatchedProviderSchema,
  directoryProviderSchema,
  feedbackCreateRequestSchema,
  feedbackListQuerySchema,
  feedbackListSchema,
  feedbackSchema,
  idParamSchema,
  manualMatchRequestSchema,
  manualMatchResponseSchema,
  matchedProviderEntrySchema,
  matchedProviderParamsSchema,
  matchedProvidersChangeResponseSchema,
  matchFeedbackRequestSchema,
  matchFeedbackResponseSchema,
  matchReferralRequestSchema,
  matchReferralResponseSchema,
  ORG_ROLES,
  type OrgRole,
  providerSearchQuerySchema,
  unpublishedReferralsSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { autoMatchReferral, changeMatchedProvider, removeMatchedProvider } from './auto-match.ts';
import { manualMatch } from './manual-match.ts';
import { createFeedback, getFeedback, listFeedback, submitMatchFeedback } from './match-feedback.ts';
import { searchProviders } from './provider-search.ts';
import { rankMatches } from './ranking.ts';
import { autoMatchOverview, listUnpublished, readMatchedProviders } from './screens.ts';

// Matching acts for the active organization (X-CBO-ID checked against the caller's memberships). Viewers read;
// every other organization role matches, as with referrals (002 §6).
const read = { auth: { org: true as const } };
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function matchingRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/matching/unpublished',
      {
        config: { ...read, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary:
            'Manual matching: Pending referrals that do not use the matching engine, and the providers of the 5 most recent matches (001 §2.3, §4)',
          response: { 200: unpublishedReferralsSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listUnpublished(orgContext(request, deps)),
    );

    app.get(
      '/api/matching/auto-match',
      {
        config: { ...read, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary:
            'Auto-Match Referrals: Pending and auto-matched referrals with the Algorithm Status (001 §2.9)',
          response: { 200: autoMatchOverviewSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => autoMatchOverview(orgContext(request, deps)),
    );

    app.post(
      '/api/referrals/:id/auto-match',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary:
            'Match a Pending referral to the 4 nearest providers within 50 miles that serve a need and are not full (001 §4)',
          params: idParamSchema,
          response: { 200: autoMatchResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => autoMatchReferral(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/referrals/:id/matched-providers',
      {
        config: read,
        schema: {
          tags: ['matching'],
          summary: "A referral's matched provider entries by rank (000 §2.7 Auto-Matched Providers card)",
          params: idParamSchema,
          response: {
            200: z.object({ matched_providers: z.array(matchedProviderEntrySchema) }),
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request) => ({
        matched_providers: await readMatchedProviders(orgContext(request, deps), { id: request.params.id }),
      }),
    );

    app.put(
      '/api/referrals/:id/matched-providers/:providerId',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary: 'Change one auto-matched provider for another, pending (001 §4 Change provider)',
          params: matchedProviderParamsSchema,
          body: changeMatchedProviderSchema,
          response: {
            200: matchedProvidersChangeResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409, 422),
          },
        },
      },
      async (request) =>
        changeMatchedProvider(orgContext(request, deps), {
          id: request.params.id,
          providerId: request.params.providerId,
          newProviderId: request.body.provider_id,
        }),
    );

    app.delete(
      '/api/referrals/:id/matched-providers/:providerId',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary:
            'Remove one auto-matched provider; removing the last reverts the referral to Pending (001 §4 Remove provider)',
          params: matchedProviderParamsSchema,
          response: { 200: matchedProvidersChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        removeMatchedProvider(orgContext(request, deps), {
          id: request.params.id,
          providerId: request.params.providerId,
        }),
    );

    app.put(
      '/api/referrals/:id/match',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags: ['matching'],
          summary: 'Match a Pending referral to one provider by hand (001 §7 Matching)',
          params: idParamSchema,
          body: manualMatchRequestSchema,
          response: { 200: manualMatchResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => manualMatch(orgContext(request, deps), { ...request.body, id: request.params.id }),
    );

    app.post(
      '/match_referral',
      {
        config: read,
        schema: {
          tags: ['matching'],
          summary:
            'Rank providers for a referral: score 0-1 from distance, services, language, capacity, data quality and past acceptance, with reasons',
          body: matchReferralRequestSchema,
          response: { 200: matchReferralResponseSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => rankMatches(orgContext(request, deps), request.body),
    );

    // 001 §7 marks /feedback "no auth"; it changes the ranking of every organization's matches, so it is signed in.
    app.post(
      '/feedback',
      {
        config: write,
        schema: {
          tags: ['matching'],
          summary:
            'Feedback on a ranked candidate (accepted, rejected, completed, failed); feeds the acceptance rate',
          body: matchFeedbackRequestSchema,
          response: { 200: matchFeedbackResponseSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => submitMatchFeedback(orgContext(request, deps), request.body),
    );

    // 003 §7.5 product API over the same match feedback: the active organization's own, written by non-viewers.
    app.post(
      '/api/feedback',
      {
        config: write,
        schema: {
          tags: ['matching'],
          summary:
            "Record feedback on a provider (accepted, rejected, completed, failed), optionally about one of the organization's referrals (003 §7.5)",
          body: feedbackCreateRequestSchema,
          response: { 201: feedbackSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const created = await createFeedback(orgContext(request, deps), request.body);
        return reply.code(201).send(created);
      },
    );

    app.get(
      '/api/feedback',
      {
        config: read,
        schema: {
          tags: ['matching'],
          summary:
            "The active organization's feedback, newest first, by provider, referral or status (003 §7.5)",
          querystring: feedbackListQuerySchema,
          response: { 200: feedbackListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listFeedback(orgContext(request, deps), request.query),
    );

    app.get(
      '/api/feedback/:id',
      {
        config: read,
        schema: {
          tags: ['matching'],
          summary: "One feedback record of the active organization; another organization's is 404 (003 §7.5)",
          params: idParamSchema,
          response: { 200: feedbackSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getFeedback(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/providers/search',
      {
        config: read,
        schema: {
          tags: ['matching'],
          summary:
            'Select Provider dialog: providers by name, city or ZIP, with distance from a point (001 §2.7)',
          querystring: providerSearchQuerySchema,
          response: {
            200: z.object({ providers: z.array(directoryProviderSchema), count: z.number().int() }),
            ...errorResponses(400, 401, 403),
          },
        },
      },
      async (request) => searchProviders(orgContext(request, deps), request.query),
    );
  };
}
