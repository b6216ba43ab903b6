import {
  automationEventListQuerySchema,
  automationEventListSchema,
  automationRuleBodySchema,
  automationRuleListQuerySchema,
  automationRuleListSchema,
  automationRuleSchema,
  automationRunListQuerySchema,
  automationRunListSchema,
  automationTestBodySchema,
  automationTestResultSchema,
  idParamSchema,
  ORG_MANAGER_ROLES,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  createRule,
  deleteRule,
  getRule,
  listRules,
  listRuns,
  recentEvents,
  testRule,
  updateRule,
} from './service.ts';

// 002 §7 automation-rules: a session and the active organization; every member reads, managers and administrators
// write and test (002 §6 "manager: manage … workflows").

const read = { auth: { org: true as const } };
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };
const tags = ['automation'];
const base = '/api/workflows/automation-rules';

export function automationRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      base,
      {
        config: read,
        schema: {
          tags,
          summary:
            "One page of the organization's automation rules in priority order (program and active filters)",
          querystring: automationRuleListQuerySchema,
          response: { 200: automationRuleListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listRules(orgContext(request, deps), request.query),
    );
    app.post(
      base,
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Create an automation rule (002 §5: name and trigger required; conditions and actions checked; priority 1–10)',
          body: automationRuleBodySchema,
          response: { 201: automationRuleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createRule(orgContext(request, deps), request.body)),
    );
    app.get(
      `${base}/recent-events`,
      {
        config: manage,
        schema: {
          tags,
          summary: "The organization's recent trigger events, to test a rule against",
          querystring: automationEventListQuerySchema,
          response: { 200: automationEventListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => recentEvents(orgContext(request, deps), request.query),
    );
    app.get(
      `${base}/:id`,
      {
        config: read,
        schema: {
          tags,
          summary: 'One automation rule',
          params: idParamSchema,
          response: { 200: automationRuleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getRule(orgContext(request, deps), request.params),
    );
    app.put(
      `${base}/:id`,
      {
        config: manage,
        schema: {
          tags,
          summary: 'Change an automation rule (it then acts as the person who changed it)',
          params: idParamSchema,
          body: automationRuleBodySchema,
          response: { 200: automationRuleSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => updateRule(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );
    app.delete(
      `${base}/:id`,
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete an automation rule with its run log',
          params: idParamSchema,
          response: { 200: z.object({ message: z.string() }), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteRule(orgContext(request, deps), request.params),
    );
    app.get(
      `${base}/:id/runs`,
      {
        config: read,
        schema: {
          tags,
          summary: "A rule's run log, newest first: each event, matched or not and why, each action's result",
          params: idParamSchema,
          querystring: automationRunListQuerySchema,
          response: { 200: automationRunListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listRuns(orgContext(request, deps), { ...request.params, ...request.query }),
    );
    app.post(
      `${base}/:id/test`,
      {
        config: manage,
        schema: {
          tags,
          summary: 'Would the rule fire for this recent event, and what would it do? Nothing is done.',
          params: idParamSchema,
          body: automationTestBodySchema,
          response: { 200: automationTestResultSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) => testRule(orgContext(request, deps), { id: request.params.id, ...request.body }),
    );
  };
}
