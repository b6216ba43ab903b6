import {
  fhirSubscriptionDeliveryListSchema,
  fhirSubscriptionListSchema,
  fhirSubscriptionSummarySchema,
  idString,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../../platform/deps.ts';
import { errorResponses } from '../../../../platform/errors.ts';
import { orgContext } from '../../../../platform/request-context.ts';
import {
  listDeliveries,
  listOrganizationSubscriptions,
  reactivateSubscription,
  turnOffFromScreen,
} from './service.ts';

// The Interop settings screen's view of the organization's FHIR Subscriptions (issue #21 item 3): its admins
// (an org_admin, or a super_admin acting for it) see each subscription's state and last deliveries, bring one
// in error back, or turn one off. Subscriptions are made by the organization's systems through /fhir.

const admins = { auth: { org: true as const, orgRoles: ['org_admin', 'super_admin'] as const } };
const tags = ['fhir-subscriptions'];
const idParams = z.object({ id: idString('The subscription id must be a positive integer.') });

export function fhirSubscriptionAppRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/fhir-subscriptions',
      {
        config: admins,
        schema: {
          tags,
          summary: "The active organization's FHIR Subscriptions with their state (org admins)",
          response: { 200: fhirSubscriptionListSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => listOrganizationSubscriptions(orgContext(request, deps)),
    );

    app.get(
      '/api/fhir-subscriptions/:id/deliveries',
      {
        config: admins,
        schema: {
          tags,
          summary: "A FHIR Subscription's last 20 notifications and how each delivery went (org admins)",
          params: idParams,
          response: { 200: fhirSubscriptionDeliveryListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listDeliveries(orgContext(request, deps), { id: request.params.id }),
    );

    app.post(
      '/api/fhir-subscriptions/:id/reactivate',
      {
        config: admins,
        schema: {
          tags,
          summary:
            'Reactivate a FHIR Subscription in error: requested again, with a new handshake (409 otherwise)',
          params: idParams,
          response: { 200: fhirSubscriptionSummarySchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => reactivateSubscription(orgContext(request, deps), { id: request.params.id }),
    );

    app.delete(
      '/api/fhir-subscriptions/:id',
      {
        config: admins,
        schema: {
          tags,
          summary: 'Turn a FHIR Subscription off: nothing more is sent to it',
          params: idParams,
          response: { 200: fhirSubscriptionSummarySchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => turnOffFromScreen(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
