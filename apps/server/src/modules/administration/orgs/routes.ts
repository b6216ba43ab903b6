import {
  activeCboRequestSchema,
  activeCboResponseSchema,
  addOrgUserRequestSchema,
  idParamSchema,
  membershipListSchema,
  okSchema,
  organizationCreateSchema,
  organizationListQuerySchema,
  organizationListSchema,
  organizationSchema,
  organizationStatsSchema,
  organizationUpdateSchema,
  orgUserListQuerySchema,
  orgUserListSchema,
  orgUserParamsSchema,
  updateOrgUserRequestSchema,
  userOrgLinkSchema,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { userContext } from '../../../platform/request-context.ts';
import {
  addOrganizationUser,
  changeOrganizationUserRole,
  createOrganization,
  deleteOrganization,
  getOrganization,
  getOrganizationStats,
  listMyMemberships,
  listOrganizations,
  listOrganizationUsers,
  removeOrganizationUser,
  setActiveOrganization,
  updateOrganization,
} from './service.ts';

// The organization of these routes is the one in the path; the service checks the caller's role in it
// (002 §6), so they require a session only and ignore X-CBO-ID.
const session = { auth: 'session' as const };

export function orgsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const ctx = (request: FastifyRequest) => userContext(request, deps);

    app.get(
      '/api/cbos/users/me/organizations',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: "The caller's organization memberships (002 §7)",
          response: { 200: membershipListSchema, ...errorResponses(401) },
        },
      },
      async (request) => listMyMemberships(ctx(request)),
    );

    app.post(
      '/api/cbos/users/me/active-cbo',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Choose the active organization (002 §7)',
          body: activeCboRequestSchema,
          response: { 200: activeCboResponseSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => setActiveOrganization(ctx(request), { cboId: request.body.cbo_id }),
    );

    app.get(
      '/api/cbos',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Organizations the caller may see, searched by name, filtered by status, paged (002 §7)',
          querystring: organizationListQuerySchema,
          response: { 200: organizationListSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => listOrganizations(ctx(request), request.query),
    );

    app.post(
      '/api/cbos',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Create an organization (platform operators)',
          body: organizationCreateSchema,
          response: { 201: organizationSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const created = await createOrganization(ctx(request), request.body);
        return reply.status(201).send(created);
      },
    );

    app.get(
      '/api/cbos/:id',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'One organization (its members, or those who see all)',
          params: idParamSchema,
          response: { 200: organizationSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getOrganization(ctx(request), { id: request.params.id }),
    );

    app.put(
      '/api/cbos/:id',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary:
            'Change an organization, or toggle its status with { status } (org_admin of it or super_admin)',
          params: idParamSchema,
          body: organizationUpdateSchema,
          response: { 200: organizationSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateOrganization(ctx(request), { id: request.params.id, changes: request.body }),
    );

    app.delete(
      '/api/cbos/:id',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Delete an organization without other members or records (super_admin)',
          params: idParamSchema,
          response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await deleteOrganization(ctx(request), { id: request.params.id });
        return { ok: true as const };
      },
    );

    app.get(
      '/api/cbos/:id/stats',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Members by role, pending invitations and referrals of an organization',
          params: idParamSchema,
          response: { 200: organizationStatsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => getOrganizationStats(ctx(request), { id: request.params.id }),
    );

    app.get(
      '/api/cbos/:id/users',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Members of an organization with role, last login and consent compliance, paged',
          params: idParamSchema,
          querystring: orgUserListQuerySchema,
          response: { 200: orgUserListSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => listOrganizationUsers(ctx(request), { id: request.params.id, ...request.query }),
    );

    app.post(
      '/api/cbos/:id/users',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Add an existing user to an organization (super_admin or org_admin of it)',
          params: idParamSchema,
          body: addOrgUserRequestSchema,
          response: { 201: userOrgLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const link = await addOrganizationUser(ctx(request), { id: request.params.id, ...request.body });
        return reply.status(201).send(link);
      },
    );

    app.put(
      '/api/cbos/:id/users/:userId',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: "Change a member's role (super_admin or org_admin of it)",
          params: orgUserParamsSchema,
          body: updateOrgUserRequestSchema,
          response: { 200: userOrgLinkSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        changeOrganizationUserRole(ctx(request), {
          id: request.params.id,
          userId: request.params.userId,
          role: request.body.role,
        }),
    );

    app.delete(
      '/api/cbos/:id/users/:userId',
      {
        config: session,
        schema: {
          tags: ['organizations'],
          summary: 'Remove a member; never the primary user or oneself (002 §6)',
          params: orgUserParamsSchema,
          response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        await removeOrganizationUser(ctx(request), {
          id: request.params.id,
          userId: request.params.userId,
        });
        return { ok: true as const };
      },
    );
  };
}
