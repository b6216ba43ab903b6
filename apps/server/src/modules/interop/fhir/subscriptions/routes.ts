import { BACKPORT_URLS, idString, SIGNING_SECRET_HEADER } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertScope } from '../../../../platform/api-scopes.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import { orgContext } from '../../../../platform/request-context.ts';
import {
  createSubscription,
  readSubscription,
  searchSubscriptions,
  subscriptionStatusBundle,
  topicOf,
  turnOffSubscription,
} from './service.ts';

// /fhir/Subscription (Subscriptions R5 Backport IG 1.1.0 on R4, rest-hook): an organization's systems subscribe
// to its referrals' Task status changes. The body is read as FHIR (service.ts answers each refusal with the
// element), so the route declares only the id; errors become OperationOutcomes in the /fhir context.

const fhirRoute = { auth: { org: true as const }, apiClients: true as const };
const idParams = z.object({ id: idString('The Subscription id must be a positive integer.') });
const tags = ['fhir'];

export function fhirSubscriptionRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.fhirCapability.add({
      type: 'Subscription',
      profile: BACKPORT_URLS.subscriptionProfile,
      interactions: ['create', 'read', 'search-type', 'delete'],
      operations: [
        {
          name: 'status',
          definition:
            'http://hl7.org/fhir/uv/subscriptions-backport/OperationDefinition/backport-subscription-status',
        },
      ],
      extra: { extension: [{ url: BACKPORT_URLS.topicCanonical, valueCanonical: topicOf(deps) }] },
    });

    app.post(
      '/Subscription',
      {
        config: fhirRoute,
        schema: {
          tags,
          summary:
            'Subscribe to the Task status changes of your referrals (R4 Subscriptions Backport, rest-hook); the signing secret is answered once',
        },
      },
      async (request, reply) => {
        assertScope(request, 'fhir/*.write');
        const { resource, secret } = await createSubscription(orgContext(request, deps), {
          body: request.body,
        });
        return reply
          .code(201)
          .header('location', `${deps.config.publicUrl}/fhir/Subscription/${resource.id}`)
          .header(SIGNING_SECRET_HEADER, secret)
          .send(resource);
      },
    );

    app.get(
      '/Subscription',
      {
        config: fhirRoute,
        schema: { tags, summary: "The organization's FHIR Subscriptions (searchset Bundle)" },
      },
      async (request) => {
        assertScope(request, 'fhir/*.read');
        return searchSubscriptions(orgContext(request, deps));
      },
    );

    app.get(
      '/Subscription/:id',
      {
        config: fhirRoute,
        schema: { tags, summary: 'A FHIR Subscription of the organization', params: idParams },
      },
      async (request) => {
        assertScope(request, 'fhir/*.read');
        const { id } = request.params;
        return readSubscription(orgContext(request, deps), { id });
      },
    );

    app.get(
      '/Subscription/:id/$status',
      {
        config: fhirRoute,
        schema: {
          tags,
          summary: 'The status of a FHIR Subscription (backport $status: a Bundle of its status Parameters)',
          params: idParams,
        },
      },
      async (request) => {
        assertScope(request, 'fhir/*.read');
        const { id } = request.params;
        return subscriptionStatusBundle(orgContext(request, deps), { id });
      },
    );

    app.delete(
      '/Subscription/:id',
      { config: fhirRoute, schema: { tags, summary: 'Turn a FHIR Subscription off', params: idParams } },
      async (request) => {
        assertScope(request, 'fhir/*.write');
        const { id } = request.params;
        return turnOffSubscription(orgContext(request, deps), { id });
      },
    );
  };
}
