import {
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
  referralAcceptResponseSchema,
  referralAcceptSchema,
  referralRejectResponseSchema,
  referralRejectSchema,
  referralResponseStatusSchema,
  referralStatusQuerySchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { acceptReferral, getReferralResponseStatus, rejectReferral } from './response-service.ts';

// 000 §7 "Status of acceptance / Accept / Reject". Every route acts for the active organization.
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role of the provider's organization may answer. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function referralResponseRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/referrals/:id/accept',
      {
        config: write,
        schema: {
          tags: ['referrals'],
          summary:
            "The matched provider accepts; the member's details are emailed to it through the outbox (000 §2.5, §4.2)",
          params: idParamSchema,
          body: referralAcceptSchema,
          response: { 200: referralAcceptResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        acceptReferral(orgContext(request, deps), {
          id: request.params.id,
          providerId: request.body.provider_id,
        }),
    );

    app.post(
      '/api/referrals/:id/reject',
      {
        config: write,
        schema: {
          tags: ['referrals'],
          summary:
            'The matched provider declines with a reason; the referral must be matched again (000 §4.2)',
          params: idParamSchema,
          body: referralRejectSchema,
          response: { 200: referralRejectResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        rejectReferral(orgContext(request, deps), {
          id: request.params.id,
          providerId: request.body.provider_id,
          reason: request.body.reason,
        }),
    );

    app.get(
      '/api/referrals/:id/status',
      {
        config: read,
        schema: {
          tags: ['referrals'],
          summary:
            "The state of the matched provider's answer and of the member-details email (000 §3.5; owner or provider)",
          params: idParamSchema,
          querystring: referralStatusQuerySchema,
          response: { 200: referralResponseStatusSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        getReferralResponseStatus(orgContext(request, deps), {
          id: request.params.id,
          providerId: request.query.provider_id,
        }),
    );
  };
}
