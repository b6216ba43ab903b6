import { memberLookupRequestSchema, memberLookupSchema, ORG_ROLES, type OrgRole } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { lookupMember } from './lookup-service.ts';

/** The lookup serves the referral form, so the roles that may create referrals (viewers do not; 002 §6). */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');

export function memberLookupRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/referrals/member-lookup',
      {
        config: { auth: { org: true as const, orgRoles: WRITERS }, ...phiRoute('member') },
        schema: {
          tags: ['referrals'],
          summary:
            "Find the active organization's member by Medicaid ID (exact, case-insensitive, spaces ignored; at least 9 characters) in its member records and earlier referrals, to prefill the referral form (000 §2.1); audited. A POST so the ID stays out of URLs and logs",
          body: memberLookupRequestSchema,
          response: { 200: memberLookupSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => lookupMember(orgContext(request, deps), request.body),
    );
  };
}
