import {
  ORG_ROLES,
  type OrgRole,
  referralMemberDeleteResponseSchema,
  referralMemberListQuerySchema,
  referralMemberListSchema,
  referralMemberParamsSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { deleteMemberPendingReferrals, listReferralMembers } from './service.ts';

// Member Profiles (000 §2.8) act for the active organization (X-CBO-ID, checked against the memberships).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role may delete Pending referrals, as in the queue. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function referralMembersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referral-members',
      {
        config: { ...read, ...phiRoute('member') },
        schema: {
          tags: ['referral-members'],
          summary:
            "The active organization's members derived from its referrals (000 §2.8), newest activity first, one page, with the tiles' counts (audited)",
          querystring: referralMemberListQuerySchema,
          response: { 200: referralMemberListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listReferralMembers(orgContext(request, deps), request.query),
    );

    app.delete(
      '/api/referral-members/:memberId',
      {
        config: write,
        schema: {
          tags: ['referral-members'],
          summary:
            "Delete the member's Pending referrals of the active organization (000 §2.8); the others are kept",
          params: referralMemberParamsSchema,
          response: {
            200: referralMemberDeleteResponseSchema,
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) =>
        deleteMemberPendingReferrals(orgContext(request, deps), {
          memberId: request.params.memberId,
        }),
    );
  };
}
