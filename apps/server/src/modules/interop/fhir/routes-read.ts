import { FHIR_PROFILES } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertScope } from '../../../platform/api-scopes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { type PhiEntityType, phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { fhirError } from './operation-outcome.ts';
import { SEARCH_PARAMS, type SearchType, searchQuerySchema } from './search/params.ts';
import { readResource, searchResources } from './search/read-service.ts';

// The read side of the FHIR API (issue #21): GET /fhir/metadata, and read and search of ServiceRequest, Task,
// Patient, Organization and Consent for the caller's active organization (GET /fhir/<Type>/<id>,
// GET /fhir/<Type>?…, POST /fhir/<Type>/_search with a form body so search terms stay out of URLs).

const resourceSchema = z.looseObject({ resourceType: z.string() });
export const operationOutcomeSchema = z
  .looseObject({ resourceType: z.literal('OperationOutcome'), issue: z.array(z.looseObject({})) })
  .meta({ id: 'OperationOutcome' });
const outcomes = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((s) => [s, operationOutcomeSchema]));
/** A FHIR resource as the route's answer (the schema checks only its resourceType). */
const asAnswer = (resource: object) => resource as { resourceType: string; [key: string]: unknown };
const idParams = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, 'A resource id here is a number.'),
});
const formBody = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** What each type serves: its profile, its search parameters' documentation, and whose PHI it carries. */
const TYPES: Record<
  SearchType,
  { profile: string; phi: PhiEntityType | null; search: Record<string, string> }
> = {
  Task: {
    profile: FHIR_PROFILES.Task,
    phi: 'referral',
    search: {
      status: 'token',
      owner: 'reference',
      focus: 'reference',
      patient: 'reference',
      _lastUpdated: 'date',
    },
  },
  ServiceRequest: {
    profile: FHIR_PROFILES.ServiceRequest,
    phi: 'referral',
    search: { status: 'token', category: 'token', patient: 'reference', _lastUpdated: 'date' },
  },
  Patient: { profile: FHIR_PROFILES.Patient, phi: 'member', search: {} },
  Organization: { profile: FHIR_PROFILES.Organization, phi: null, search: { name: 'string' } },
  Consent: {
    profile: FHIR_PROFILES.Consent,
    phi: 'referral',
    search: { patient: 'reference', _lastUpdated: 'date' },
  },
};

const SEARCH_PARAM_DEFINITIONS: Record<string, string> = {
  _id: 'http://hl7.org/fhir/SearchParameter/Resource-id',
  _lastUpdated: 'http://hl7.org/fhir/SearchParameter/Resource-lastUpdated',
};

export function fhirReadRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const base = `${deps.config.publicUrl}/fhir`;
    for (const [type, info] of Object.entries(TYPES) as [SearchType, (typeof TYPES)[SearchType]][]) {
      app.fhirCapability.add({
        type,
        profile: info.profile,
        supportedProfile: [info.profile],
        interactions: ['read', 'search-type'],
        searchParams: [
          { name: '_id', type: 'token', definition: SEARCH_PARAM_DEFINITIONS._id },
          ...Object.entries(info.search).map(([name, t]) => ({
            name,
            type: t as 'token',
            ...(SEARCH_PARAM_DEFINITIONS[name] ? { definition: SEARCH_PARAM_DEFINITIONS[name] } : {}),
          })),
        ],
      });
      const config = {
        auth: { org: true } as const,
        apiClients: true as const,
        ...(info.phi ? phiRoute(info.phi) : {}),
      };
      const tags = ['fhir'];

      app.get(
        `/${type}/:id`,
        {
          config,
          schema: {
            tags,
            summary: `Read a ${type} (FHIR R4)`,
            params: idParams,
            response: { 200: resourceSchema, ...outcomes(400, 401, 403, 404) },
          },
        },
        async (request) => {
          assertScope(request, 'fhir/*.read');
          return asAnswer(
            await readResource(orgContext(request, deps), { type, id: Number(request.params.id) }),
          );
        },
      );

      app.get(
        `/${type}`,
        {
          config,
          schema: {
            tags,
            summary: `Search ${type} resources (FHIR R4 searchset Bundle; unknown parameters are refused)`,
            querystring: searchQuerySchema(type),
            response: { 200: resourceSchema, ...outcomes(400, 401, 403) },
          },
        },
        async (request) => {
          assertScope(request, 'fhir/*.read');
          return asAnswer(
            await searchResources(orgContext(request, deps), { type, params: request.query, base }),
          );
        },
      );

      app.post(
        `/${type}/_search`,
        {
          config,
          schema: {
            tags,
            summary: `Search ${type} resources with the parameters in a form body (FHIR R4 POST _search)`,
            querystring: z.strictObject({}),
            body: formBody.optional(),
            response: { 200: resourceSchema, ...outcomes(400, 401, 403, 415) },
          },
        },
        async (request) => {
          assertScope(request, 'fhir/*.read');
          const params = request.body ?? {};
          // The body is held to the same strict list as the URL's parameters.
          const parsed = searchQuerySchema(type).safeParse(params);
          if (!parsed.success) {
            const unknown = Object.keys(params).filter((k) => !(k in SEARCH_PARAMS[type]));
            throw fhirError(
              'fhir.search_param_unknown',
              unknown.length
                ? `Unknown search parameter "${unknown[0]}" (this server handles search parameters strictly).`
                : 'A search parameter has a value this server cannot read.',
              { expression: unknown[0] ?? type, type: unknown.length ? 'not-supported' : 'value' },
            );
          }
          return asAnswer(
            await searchResources(orgContext(request, deps), { type, params: parsed.data, base }),
          );
        },
      );
    }

    app.get(
      '/metadata',
      {
        config: { auth: 'public', apiClients: true },
        schema: {
          tags: ['fhir'],
          summary: 'The CapabilityStatement of the FHIR API (R4, SDOH Clinical Care 2.3.0)',
          response: { 200: resourceSchema },
        },
      },
      async () =>
        asAnswer(
          app.fhirCapability.build({
            publicUrl: deps.config.publicUrl,
            version: deps.version,
            date: new Date(deps.startedAt).toISOString(),
          }),
        ),
    );
  };
}
