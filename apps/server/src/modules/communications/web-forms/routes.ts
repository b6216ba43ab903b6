import {
  idParamSchema,
  idString,
  ORG_ROLES,
  type OrgRole,
  webFormResultSchema,
  webFormSubmitRequestSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { inlineRunsOf, submitProviderWebForm } from './service.ts';

// Automated provider web-form submission (001 §5 web form, §7). Both calls act for the active organization and
// send a member's details to a third party's page: every organization role but viewer (002 §6).
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
const tags = ['web-forms'];

const providerIdParamSchema = z.object({ providerId: idString() });
const responses = { 200: webFormResultSchema, ...errorResponses(400, 401, 403, 404, 422) };
const summary =
  "Fills the provider's web form (else its website's form) with the referral in headless Chromium, submits it when every required input was filled, and answers the submission record with both screenshots";

export function webFormRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // Runs started in this process (no job queue) finish before the app closes its database.
    app.addHook('onClose', async () => {
      await Promise.allSettled([...inlineRunsOf(deps)]);
    });

    app.post(
      '/api/providers/:providerId/communications/webform',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags,
          summary,
          params: providerIdParamSchema,
          body: webFormSubmitRequestSchema,
          response: responses,
        },
      },
      async (request) =>
        submitProviderWebForm(orgContext(request, deps), {
          ...request.body,
          providerId: request.params.providerId,
        }),
    );

    // 001 §7 Matching: called after a match whose method is web_form; the same run and answer.
    app.post(
      '/api/providers/:id/submit-web-form',
      {
        config: { ...write, ...phiRoute('referral') },
        schema: {
          tags,
          summary,
          params: idParamSchema,
          body: webFormSubmitRequestSchema,
          response: responses,
        },
      },
      async (request) =>
        submitProviderWebForm(orgContext(request, deps), { ...request.body, providerId: request.params.id }),
    );
  };
}
