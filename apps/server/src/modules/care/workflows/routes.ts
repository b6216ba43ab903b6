import {
  cronNextRuns,
  idParamSchema,
  ORG_MANAGER_ROLES,
  ORG_WRITER_ROLES,
  workflowCronPreviewQuerySchema,
  workflowCronPreviewSchema,
  workflowExecutionListSchema,
  workflowInstanceCreateSchema,
  workflowInstanceListQuerySchema,
  workflowInstanceListSchema,
  workflowInstanceSchema,
  workflowInstanceUpdateSchema,
  workflowStepCreateSchema,
  workflowStepListSchema,
  workflowStepSchema,
  workflowStepUpdateSchema,
  workflowTaskDecisionSchema,
  workflowTaskListQuerySchema,
  workflowTaskListSchema,
  workflowTaskSchema,
  workflowTemplateBodySchema,
  workflowTemplateListQuerySchema,
  workflowTemplateListSchema,
  workflowTemplateSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import {
  createInstance,
  deleteInstance,
  getInstance,
  listExecutions,
  listInstances,
  updateInstanceStatus,
} from './instances-service.ts';
import { decideTask, listTasks } from './tasks-service.ts';
import {
  createStep,
  createTemplate,
  deleteStep,
  deleteTemplate,
  getTemplate,
  listTemplateSteps,
  listTemplates,
  updateStep,
  updateTemplate,
} from './templates-service.ts';

// 002 §7 "Workflows and rules": a session and the active organization on every call. Every member reads templates
// and (staff: their enrollments') instances; writers start a workflow by hand and close the tasks given to them;
// managers and administrators change templates and steps and pause, resume, cancel and delete instances
// (002 §6: "manager: manage programs, members, workflows").

const read = { auth: { org: true as const } };
const write = { auth: { org: true as const, orgRoles: ORG_WRITER_ROLES } };
const manage = { auth: { org: true as const, orgRoles: ORG_MANAGER_ROLES } };
const tags = ['workflows'];
const message = z.object({ message: z.string() });
// Instances and tasks name the member: every answer writes its audit row (issue #12 item 10).
const phiInstance = phiRoute('workflow_instance');
const phiTask = phiRoute('workflow_task');

export function workflowRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    // --- Templates ---
    app.get(
      '/api/workflows/templates',
      {
        config: read,
        schema: {
          tags,
          summary: "One page of the organization's workflow templates by name (program and active filters)",
          querystring: workflowTemplateListQuerySchema,
          response: { 200: workflowTemplateListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listTemplates(orgContext(request, deps), request.query),
    );
    app.post(
      '/api/workflows/templates',
      {
        config: manage,
        schema: {
          tags,
          summary:
            'Create a workflow template (002 §5: name and trigger type required; a valid trigger configuration)',
          body: workflowTemplateBodySchema,
          response: { 201: workflowTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createTemplate(orgContext(request, deps), request.body)),
    );
    app.get(
      '/api/workflows/templates/:id',
      {
        config: read,
        schema: {
          tags,
          summary: 'One workflow template',
          params: idParamSchema,
          response: { 200: workflowTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getTemplate(orgContext(request, deps), request.params),
    );
    app.put(
      '/api/workflows/templates/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: "Change a workflow template's name, trigger, program or active flag",
          params: idParamSchema,
          body: workflowTemplateBodySchema,
          response: { 200: workflowTemplateSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        updateTemplate(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );
    app.delete(
      '/api/workflows/templates/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete a workflow template with its steps and instances',
          params: idParamSchema,
          response: { 200: message, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteTemplate(orgContext(request, deps), request.params),
    );
    app.get(
      '/api/workflows/templates/:id/steps',
      {
        config: read,
        schema: {
          tags,
          summary: "The steps of the template's current version, in order",
          params: idParamSchema,
          response: { 200: workflowStepListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listTemplateSteps(orgContext(request, deps), request.params),
    );
    app.get(
      '/api/workflows/cron-preview',
      {
        config: read,
        schema: {
          tags,
          summary: "A time-based trigger's cron expression checked, with its next runs (UTC)",
          querystring: workflowCronPreviewQuerySchema,
          response: { 200: workflowCronPreviewSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const result = cronNextRuns(request.query.expression);
        return result.ok
          ? { valid: true, message: null, next_runs: result.runs.map((d) => d.toISOString()) }
          : { valid: false, message: result.message, next_runs: [] };
      },
    );

    // --- Steps ---
    app.post(
      '/api/workflows/steps',
      {
        config: manage,
        schema: {
          tags,
          summary:
            "Add a step (its type's configuration checked; a version instances run on is copied to the next one first)",
          body: workflowStepCreateSchema,
          response: { 201: workflowStepSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createStep(orgContext(request, deps), request.body)),
    );
    app.put(
      '/api/workflows/steps/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Change a step of the current version',
          params: idParamSchema,
          body: workflowStepUpdateSchema,
          response: { 200: workflowStepSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => updateStep(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );
    app.delete(
      '/api/workflows/steps/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete a step of the current version (refused while another step goes to it)',
          params: idParamSchema,
          response: { 200: message, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => deleteStep(orgContext(request, deps), request.params),
    );

    // --- Instances ---
    app.get(
      '/api/workflows/instances',
      {
        config: { ...read, ...phiInstance },
        schema: {
          tags,
          summary:
            'One page of workflow instances, newest first (template, enrollment and status filters), with the counts per status; audited',
          querystring: workflowInstanceListQuerySchema,
          response: { 200: workflowInstanceListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listInstances(orgContext(request, deps), request.query),
    );
    app.post(
      '/api/workflows/instances',
      {
        config: { ...write, ...phiInstance },
        schema: {
          tags,
          summary: 'Start a workflow for an enrollment by hand',
          body: workflowInstanceCreateSchema,
          response: { 201: workflowInstanceSchema, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await createInstance(orgContext(request, deps), request.body)),
    );
    app.get(
      '/api/workflows/instances/:id',
      {
        config: { ...read, ...phiInstance },
        schema: {
          tags,
          summary: 'One workflow instance; audited',
          params: idParamSchema,
          response: { 200: workflowInstanceSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => getInstance(orgContext(request, deps), request.params),
    );
    app.put(
      '/api/workflows/instances/:id',
      {
        config: { ...manage, ...phiInstance },
        schema: {
          tags,
          summary: 'Pause a running instance, resume a paused one, or cancel a running one (002 §4)',
          params: idParamSchema,
          body: workflowInstanceUpdateSchema,
          response: { 200: workflowInstanceSchema, ...errorResponses(400, 401, 403, 404, 422) },
        },
      },
      async (request) =>
        updateInstanceStatus(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );
    app.delete(
      '/api/workflows/instances/:id',
      {
        config: manage,
        schema: {
          tags,
          summary: 'Delete a workflow instance with its history',
          params: idParamSchema,
          response: { 200: message, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => deleteInstance(orgContext(request, deps), request.params),
    );
    app.get(
      '/api/workflows/instances/:id/executions',
      {
        config: { ...read, ...phiInstance },
        schema: {
          tags,
          summary:
            'Every step execution of an instance with input, output, error, attempts and times; audited',
          params: idParamSchema,
          response: { 200: workflowExecutionListSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => listExecutions(orgContext(request, deps), request.params),
    );

    // --- Tasks and approvals ---
    app.get(
      '/api/workflows/tasks',
      {
        config: { ...read, ...phiTask },
        schema: {
          tags,
          summary:
            "The caller's workflow tasks and approvals (theirs and their role's), open or closed; audited",
          querystring: workflowTaskListQuerySchema,
          response: { 200: workflowTaskListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listTasks(orgContext(request, deps), request.query),
    );
    app.put(
      '/api/workflows/tasks/:id',
      {
        config: { ...write, ...phiTask },
        schema: {
          tags,
          summary: 'Mark a task done (with its outcome), or approve or reject an approval with a comment',
          params: idParamSchema,
          body: workflowTaskDecisionSchema,
          response: { 200: workflowTaskSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => decideTask(orgContext(request, deps), { id: request.params.id, body: request.body }),
    );
  };
}
