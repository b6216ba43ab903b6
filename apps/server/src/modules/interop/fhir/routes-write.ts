import type { Bundle, Resource, Task, TaskOutput } from '@medplum/fhirtypes';
import { FHIR_PROFILES, ORG_ROLES, type OrgRole, type Referral } from '@trust/domain';
import { taskETagOf, taskVersionOf } from '@trust/domain/fhir-task-status';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertScope } from '../../../platform/api-scopes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { phiRoute } from '../../../platform/phi.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { findReferralForChange } from '../../referrals/referrals/service.ts';
import { createReferralFromBundle, createReferralFromTask } from './inbound/create-referral.ts';
import { assertBaseR4 } from './inbound/issues.ts';
import { fhirError } from './operation-outcome.ts';
import { toServiceRequest } from './resources/service-request.ts';
import { toTask } from './resources/task.ts';
import { changedReadOnlyElement, changeTask, type TaskChange } from './task-update.ts';

// The write side of the FHIR API (issue #21): a referral created from an SDOHCC Task (POST /fhir/Task with its
// resources contained, or POST /fhir with a transaction Bundle), and its Task's status moved by the receiving
// side or the requester (PATCH with JSON Patch, PUT of the whole Task), each through the referral services.

const resourceSchema = z.looseObject({ resourceType: z.string() });
const outcome = z.looseObject({ resourceType: z.literal('OperationOutcome') });
const outcomes = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, outcome]));
const asAnswer = (resource: object) => resource as { resourceType: string; [key: string]: unknown };
const idParams = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,9}$/, 'A resource id here is a number.'),
});
const patchBody = z
  .array(z.looseObject({ op: z.string(), path: z.string() }))
  .min(1, 'A patch has at least one operation.');
const ifMatchHeaders = z.looseObject({ 'if-match': z.string().max(100).optional() });

/**
 * Writes are by the organization's people who may change referrals in the app (viewers may not, 002 §6) or its
 * clients with the write scope (a client's service account is staff); the answer is the member's PHI.
 */
const WRITERS: readonly OrgRole[] = ORG_ROLES.filter((r) => r !== 'viewer');
const config = {
  auth: { org: true as const, orgRoles: WRITERS },
  apiClients: true as const,
  ...phiRoute('referral'),
};
const tags = ['fhir'];

/** The Task of a referral as the read side renders it, with its version (If-Match compares with it). */
function taskAnswer(referral: Referral): Task {
  const task = toTask(referral);
  return { ...task, meta: { ...task.meta, versionId: taskVersionOf(referral.updated_at) } };
}

/** JSON Patch (RFC 6902) of a Task, limited to what a status change carries. */
function changeOfPatch(ops: { op: string; path: string; value?: unknown }[]): TaskChange {
  const change: TaskChange = {};
  for (const [i, { op, path, value }] of ops.entries()) {
    const at = `Task${path.replace(/\/(\d+|-)(?=\/|$)/g, '').replace(/\//g, '.')}`;
    if (op === 'test') continue;
    if (op !== 'replace' && op !== 'add') {
      throw fhirError(
        'fhir.resource_invalid',
        `Patch operation ${i} (${op}) is not supported: use add or replace.`,
        {
          expression: at,
          type: 'not-supported',
        },
      );
    }
    if (path === '/status' && typeof value === 'string') change.status = value;
    else if (path === '/statusReason' && typeof value === 'object' && value) {
      change.statusReason = (value as { text?: string }).text;
    } else if (path === '/statusReason/text' && typeof value === 'string') change.statusReason = value;
    else if (path === '/output' && Array.isArray(value)) change.output = value as TaskOutput[];
    else if (/^\/output\/(\d+|-)$/.test(path) && typeof value === 'object' && value) {
      change.output = [...(change.output ?? []), value as TaskOutput];
    } else if (path.startsWith('/businessStatus')) {
      // The app's finer status follows Task.status; the client's own is not kept.
    } else {
      throw fhirError(
        'fhir.business_rule',
        'Only Task.status, statusReason, businessStatus and output can be changed; the referral is changed in the app.',
        { expression: at, type: 'business-rule' },
      );
    }
  }
  return change;
}

export function fhirWriteRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.fhirCapability.add({
      type: 'Task',
      profile: FHIR_PROFILES.Task,
      interactions: ['create', 'update', 'patch'],
      extra: { versioning: 'versioned', conditionalUpdate: false, updateCreate: false },
    });

    app.post(
      '/Task',
      {
        config,
        schema: {
          tags,
          summary:
            'Create a referral from an SDOHCC Task with its ServiceRequest, Patient and Consent contained (the form’s rules hold)',
          body: resourceSchema,
          response: { 201: resourceSchema, ...outcomes(400, 401, 403, 409, 422) },
        },
      },
      async (request, reply) => {
        assertScope(request, 'fhir/*.write');
        if (request.body.resourceType !== 'Task') {
          throw fhirError('fhir.resource_invalid', 'POST /fhir/Task takes a Task.', {
            expression: 'resourceType',
            type: 'invalid',
          });
        }
        const { referral } = await createReferralFromTask(
          orgContext(request, deps),
          request.body as unknown as Task,
        );
        return reply
          .code(201)
          .header(
            'location',
            `${deps.config.publicUrl}/fhir/Task/${referral.id}/_history/${taskVersionOf(referral.updated_at)}`,
          )
          .header('etag', taskETagOf(referral.updated_at))
          .send(asAnswer(taskAnswer(referral)));
      },
    );

    app.post(
      '/',
      {
        config,
        schema: {
          tags,
          summary:
            'A transaction Bundle creating a referral: its Patient, ServiceRequest, Task (and Consent…)',
          body: resourceSchema,
          response: { 200: resourceSchema, ...outcomes(400, 401, 403, 409, 422) },
        },
      },
      async (request) => {
        assertScope(request, 'fhir/*.write');
        if (request.body.resourceType !== 'Bundle') {
          throw fhirError('fhir.resource_invalid', 'POST /fhir takes a transaction Bundle.', {
            expression: 'resourceType',
            type: 'invalid',
          });
        }
        const bundle = request.body as unknown as Bundle;
        const ctx = orgContext(request, deps);
        const { referral, parts } = await createReferralFromBundle(ctx, bundle);
        const id = referral.id;
        // Each entry answers with what it became: the Task and ServiceRequest are the referral (answered as the
        // read side renders them; the create's audit row names it), the Patient its member (its location only:
        // reading the member is GET /fhir/Patient/{id}, audited as that read). Anything else the referral took
        // in (Consent, Coverage, the requester) is not kept as a resource of its own: no location.
        const created = new Map<Resource, { location: string; resource?: Resource }>();
        created.set(parts.task.resource, { location: `Task/${id}`, resource: taskAnswer(referral) });
        created.set(parts.serviceRequest.resource, {
          location: `ServiceRequest/${id}`,
          resource: toServiceRequest(referral),
        });
        if (referral.member_id) {
          created.set(parts.patient.resource, { location: `Patient/${referral.member_id}` });
        }
        const answer: Bundle = {
          resourceType: 'Bundle',
          type: 'transaction-response',
          entry: (bundle.entry ?? []).map((entry) => {
            const made = entry.resource ? created.get(entry.resource) : undefined;
            if (!made)
              return { response: { status: '200 OK', outcome: absorbed(entry.resource?.resourceType) } };
            return {
              fullUrl: `${deps.config.publicUrl}/fhir/${made.location}`,
              ...(made.resource ? { resource: made.resource } : {}),
              response: { status: '201 Created', location: made.location },
            };
          }),
        };
        return asAnswer(answer);
      },
    );

    app.patch(
      '/Task/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Move a referral Task along its lifecycle by JSON Patch of status, statusReason, output (409 for a skipped step)',
          params: idParams,
          headers: ifMatchHeaders,
          body: patchBody,
          response: { 200: resourceSchema, ...outcomes(400, 401, 403, 404, 409, 412, 422) },
        },
      },
      async (request, reply) => {
        assertScope(request, 'fhir/*.write');
        const referral = await changeTask(orgContext(request, deps), {
          id: Number(request.params.id),
          change: changeOfPatch(request.body as { op: string; path: string; value?: unknown }[]),
          ifMatch: request.headers['if-match'],
        });
        return reply.header('etag', taskETagOf(referral.updated_at)).send(asAnswer(taskAnswer(referral)));
      },
    );

    app.put(
      '/Task/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Update a referral Task: only status, statusReason and output may differ from the Task as it reads (409 for a skipped step)',
          params: idParams,
          headers: ifMatchHeaders,
          body: resourceSchema,
          response: { 200: resourceSchema, ...outcomes(400, 401, 403, 404, 409, 412, 422) },
        },
      },
      async (request, reply) => {
        assertScope(request, 'fhir/*.write');
        const id = Number(request.params.id);
        const sent = request.body as unknown as Task;
        if (sent.resourceType !== 'Task' || sent.id !== String(id)) {
          throw fhirError('fhir.resource_invalid', `PUT /fhir/Task/${id} takes that Task, with id "${id}".`, {
            expression: sent.resourceType !== 'Task' ? 'resourceType' : 'Task.id',
            type: 'invalid',
          });
        }
        assertBaseR4(sent);
        const ctx = orgContext(request, deps);
        const referral = await findReferralForChange(ctx, { id });
        const current = toTask(referral);
        const changed = changedReadOnlyElement(current, sent);
        if (changed) {
          throw fhirError(
            'fhir.business_rule',
            `Task.${changed} cannot be changed here; only status, statusReason and output can.`,
            { expression: `Task.${changed}`, type: 'business-rule' },
          );
        }
        const after = await changeTask(ctx, {
          id,
          current: referral,
          change: {
            status: sent.status,
            statusReason: sent.statusReason?.text,
            output: sent.output,
          },
          ifMatch: request.headers['if-match'],
        });
        return reply.header('etag', taskETagOf(after.updated_at)).send(asAnswer(taskAnswer(after)));
      },
    );
  };
}

/** The entry outcome of a resource the referral took in rather than stored (a Consent, a Coverage…). */
function absorbed(type: string | undefined) {
  return {
    resourceType: 'OperationOutcome' as const,
    issue: [
      {
        severity: 'information' as const,
        code: 'informational' as const,
        diagnostics: `The ${type ?? 'resource'} was recorded on the referral, not stored as a resource of its own.`,
      },
    ],
  };
}
