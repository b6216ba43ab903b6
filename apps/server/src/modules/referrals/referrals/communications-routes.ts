import {
  idParamSchema,
  referralMessageListSchema,
  referralMessagesQuerySchema,
  referralScreenshotListSchema,
  referralScreenshotsQuerySchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { listReferralMessages, listReferralScreenshots } from './communications-service.ts';

// Reads for the case workspace's Communications tab (000 §2.7, §7). They act for the active organization
// (X-CBO-ID), which must see the referral: its owner or the matched provider's organization; any other answer
// is 404, as for the referral itself.
const read = { auth: { org: true as const } };

export function referralCommunicationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referrals/:id/messages',
      {
        config: { ...read, ...phiRoute('outbound_message') },
        schema: {
          tags: ['referrals'],
          summary:
            'Every email and SMS the product sent about a referral, newest first, one page; no body of a PHI message, only its subject (000 §2.7 Communications; audited)',
          params: idParamSchema,
          querystring: referralMessagesQuerySchema,
          response: { 200: referralMessageListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listReferralMessages(orgContext(request, deps), { id: request.params.id, ...request.query }),
    );

    app.get(
      '/api/referrals/:id/screenshots',
      {
        config: { ...read, ...phiRoute('web_form_submission') },
        schema: {
          tags: ['referrals'],
          summary:
            "The referral's provider web-form submissions with their before/after screenshots, newest first, one page (000 §7, 001 §3; audited)",
          params: idParamSchema,
          querystring: referralScreenshotsQuerySchema,
          response: { 200: referralScreenshotListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listReferralScreenshots(orgContext(request, deps), { id: request.params.id, ...request.query }),
    );
  };
}
