import {
  FEED_PAGE_SIZE_MAX,
  feedListSchema,
  feedQuerySchema,
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
  okSchema,
  referralSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { openContext, orgContext, userContext } from '../../../platform/request-context.ts';
import { claimReferral, listLiveFeed, passReferral } from './feed-service.ts';

/** Viewers (002 §6) read the feed; every other organization role may claim for its organization. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');

export function liveFeedRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/live-feed',
      {
        // 003 §2.1: the livefeed tab is open; a valid bearer is still read and decides masked or full. The full
        // cards a page shows are audited (x-phi).
        config: { auth: 'public', ...phiRoute('referral') },
        schema: {
          tags: ['live feed'],
          summary: `The live referral feed, one page (default 50, at most ${FEED_PAGE_SIZE_MAX}): masked by the server for visitors; for a signed-in user the referrals awaiting the organization's answer first, then every Pending one not passed (000 §2.6, §4.3). Each card at the caller's level (\`detail\`): full for the referring and the matched provider's organization (audited), a claim card without identifying fields for other organizations`,
          querystring: feedQuerySchema,
          response: { 200: feedListSchema, ...errorResponses(400) },
        },
      },
      async (request) => listLiveFeed(openContext(request, deps), request.query),
    );

    app.post(
      '/api/referrals/:id/claim',
      {
        config: { auth: { org: true as const, orgRoles: WRITERS }, ...phiRoute('referral') },
        schema: {
          tags: ['live feed'],
          summary:
            "Claim a Pending referral for the active organization's directory provider: it becomes Matched, 7 days to confirm (000 §4.1); 409 when another organization took it first",
          params: idParamSchema,
          response: { 200: referralSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => claimReferral(orgContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/referrals/:id/pass',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['live feed'],
          summary: "Hide a card from the caller's live feed (000 §4.3)",
          params: idParamSchema,
          response: { 200: okSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => passReferral(userContext(request, deps), { id: request.params.id }),
    );
  };
}
