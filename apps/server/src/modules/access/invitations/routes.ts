import {
  idParamSchema,
  invitationListQuerySchema,
  invitationListSchema,
  invitationParamsSchema,
  invitationSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  registerWithInviteRequestSchema,
  userCreateRequestSchema,
  userCreateResponseSchema,
  verifyInvitationQuerySchema,
  verifyInvitationResponseSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { openContext, userContext } from '../../../platform/request-context.ts';
import { deviceTokenOf } from '../auth/device-token.ts';
import {
  cancelInvitation,
  inviteUser,
  listInvitations,
  provisionUser,
  register,
  registerWithInvite,
  verifyInvitation,
} from './service.ts';

const cancelResponseSchema = z.object({ message: z.string(), invitation: invitationSchema });

export function invitationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/cbos/:id/users/invite',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['invitations'],
          summary: 'Invite a person to the organization by email (002 §7; super_admin or org_admin)',
          params: idParamSchema,
          body: inviteRequestSchema,
          response: { 201: inviteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const result = await inviteUser(userContext(request, deps), {
          ...request.body,
          orgId: request.params.id,
        });
        return reply.code(201).send(result);
      },
    );

    // 003 §7.5 POST /api/users: a platform operator adds a person to an organization under the invitation's
    // rules (the person chooses their own password from an emailed link). GET /api/users is administration's.
    app.post(
      '/api/users',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['users'],
          summary:
            'Create a user in an organization with a role; they are emailed a link to choose a password (003 §7.5; platform operators)',
          body: userCreateRequestSchema,
          response: { 201: userCreateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) => {
        const result = await provisionUser(userContext(request, deps), request.body);
        return reply.code(201).send(result);
      },
    );

    app.get(
      '/api/cbos/:id/users/invitations',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['invitations'],
          summary: "The organization's invitations, newest first (002 §7; super_admin or org_admin)",
          params: idParamSchema,
          querystring: invitationListQuerySchema,
          response: { 200: invitationListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        listInvitations(userContext(request, deps), {
          orgId: request.params.id,
          status: request.query.status,
        }),
    );

    app.delete(
      '/api/cbos/:id/users/invitations/:invitationId',
      {
        config: { auth: 'session' },
        schema: {
          tags: ['invitations'],
          summary: 'Cancel a pending invitation (002 §4, §7)',
          params: invitationParamsSchema,
          response: { 200: cancelResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        cancelInvitation(userContext(request, deps), {
          orgId: request.params.id,
          invitationId: request.params.invitationId,
        }),
    );

    app.get(
      '/api/auth/invitations/verify',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['invitations'],
          summary: 'Check an invitation token before registration (open)',
          querystring: verifyInvitationQuerySchema,
          response: { 200: verifyInvitationResponseSchema, ...errorResponses(400, 404, 429) },
        },
      },
      async (request) => verifyInvitation(openContext(request, deps), { token: request.query.token }),
    );

    app.post(
      '/api/auth/register-with-invite',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['invitations'],
          summary: 'Create an account from an invitation (003 §5, §7.1; open)',
          body: registerWithInviteRequestSchema,
          response: { 201: registerResponseSchema, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const registered = await registerWithInvite(openContext(request, deps), {
          ...request.body,
          deviceToken: deviceTokenOf(request.headers),
        });
        return reply.code(201).send(registered);
      },
    );

    app.post(
      '/auth/register',
      {
        config: { auth: 'public' },
        schema: {
          tags: ['invitations'],
          summary: 'Registration (003 §7.1): by invitation only, same payload as register-with-invite',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errorResponses(400, 404, 409, 429) },
        },
      },
      async (request, reply) => {
        const registered = await register(openContext(request, deps), {
          ...request.body,
          deviceToken: deviceTokenOf(request.headers),
        });
        return reply.code(201).send(registered);
      },
    );
  };
}
