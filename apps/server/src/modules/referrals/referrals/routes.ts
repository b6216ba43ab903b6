import {
  idParamSchema,
  ORG_ROLES,
  type OrgRole,
  referralContactSchema,
  referralCreateSchema,
  referralDeleteResponseSchema,
  referralEventListSchema,
  referralListQuerySchema,
  referralListSchema,
  referralPutSchema,
  referralSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  changeReferralStatus,
  createReferral,
  deleteReferral,
  getReferral,
  listReferralEvents,
  listReferrals,
  updateReferral,
  updateReferralContact,
} from './service.ts';

// Every route acts for the active organization (X-CBO-ID, checked against the caller's memberships).
const read = { auth: { org: true as const } };
/** Viewers (002 §6) read; every other organization role may create and change referrals. */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const write = { auth: { org: true as const, orgRoles: WRITERS } };
/** Every answer here but the delete's is a member's referral, or its history: audited (platform/phi.ts). */
const readPhi = { ...read, ...phiRoute('referral') };
const writePhi = { ...write, ...phiRoute('referral') };

export function referralsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/referrals',
      {
        config: readPhi,
        schema: {
          tags: ['referrals'],
          summary:
            'Referrals the active organization created or received as matched provider, newest first, one page, searched and filtered (000 §5.5, §7)',
          querystring: referralListQuerySchema,
          response: { 200: referralListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listReferrals(orgContext(request, deps), request.query),
    );

    app.post(
      '/api/referrals',
      {
        config: writePhi,
        schema: {
          tags: ['referrals'],
          summary:
            'Create a referral for the active organization; it starts Pending, and one that uses the matching engine is auto-matched at once (000 §3.2, §5.1, §7; issue #14)',
          body: referralCreateSchema,
          response: { 201: referralSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createReferral(orgContext(request, deps), request.body)),
    );

    app.get(
      '/api/referrals/:id',
      {
        config: readPhi,
        schema: {
          tags: ['referrals'],
          summary: "One referral's full details (owner or matched provider's organization; audited)",
          params: idParamSchema,
          response: { 200: referralSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getReferral(orgContext(request, deps), { id: request.params.id }),
    );

    app.put(
      '/api/referrals/:id',
      {
        config: writePhi,
        schema: {
          tags: ['referrals'],
          summary:
            'Edit a referral (000 §3.3; Medicaid ID locked) or change its status ({status, updated_at})',
          params: idParamSchema,
          body: referralPutSchema,
          response: { 200: referralSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => {
        const ctx = orgContext(request, deps);
        const { id } = request.params;
        const body = request.body;
        return body.kind === 'status'
          ? changeReferralStatus(ctx, { id, change: body.change })
          : updateReferral(ctx, { id, update: body.update });
      },
    );

    app.put(
      '/api/referrals/:id/contact',
      {
        config: writePhi,
        schema: {
          tags: ['referrals'],
          summary: "Save the member's emergency contact (000 §2.7 Contacts tab)",
          params: idParamSchema,
          body: referralContactSchema,
          response: { 200: referralSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateReferralContact(orgContext(request, deps), { id: request.params.id, contact: request.body }),
    );

    app.delete(
      '/api/referrals/:id',
      {
        config: write,
        schema: {
          tags: ['referrals'],
          summary: 'Delete a Pending referral (000 §2.3)',
          params: idParamSchema,
          response: { 200: referralDeleteResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deleteReferral(orgContext(request, deps), { id: request.params.id }),
    );

    app.get(
      '/api/referrals/:id/events',
      {
        config: { ...read, ...phiRoute('referral_event') },
        schema: {
          tags: ['referrals'],
          summary: "A referral's history, newest first (issue #4 item 2)",
          params: idParamSchema,
          response: { 200: referralEventListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listReferralEvents(orgContext(request, deps), { id: request.params.id }),
    );
  };
}
