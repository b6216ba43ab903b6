import {
  ORG_ROLES,
  type OrgRole,
  otfRtfCreateSchema,
  otfRtfListQuerySchema,
  otfRtfListSchema,
  otfRtfSubmissionSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { createOtfRtf, listOtfRtf } from './service.ts';

// 000 §7: "The OTF/RTF submission call is not shown." These calls act for the active organization.
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role may submit. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };

export function otfRtfRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/otf-rtf',
      {
        config: write,
        schema: {
          tags: ['otf-rtf'],
          summary: 'Submit an OTF/RTF form for the active organization (000 §2.9, §5.6, §9; audited)',
          body: otfRtfCreateSchema,
          response: { 201: otfRtfSubmissionSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createOtfRtf(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/otf-rtf',
      {
        config: read,
        schema: {
          tags: ['otf-rtf'],
          summary: "The active organization's OTF/RTF submissions, newest first, paged",
          querystring: otfRtfListQuerySchema,
          response: { 200: otfRtfListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listOtfRtf(orgContext(request, deps), request.query),
    );
  };
}
