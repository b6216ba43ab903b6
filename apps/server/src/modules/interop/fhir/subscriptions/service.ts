import type { Bundle, Parameters, Subscription } from '@medplum/fhirtypes';
import {
  FHIR_DELIVERIES_SHOWN,
  type FhirSubscriptionDeliveryList,
  type FhirSubscriptionList,
  type FhirSubscriptionSummary,
  FHIR_SUBSCRIPTION_MESSAGES as M,
  referralTaskStatusTopic,
  SIGNING_SECRET_EXTENSION,
} from '@trust/domain';
import type { DbOrTx } from '../../../../db/client.ts';
import { audit } from '../../../../platform/audit.ts';
import { inTransaction, type OrgContext, type ServiceContext } from '../../../../platform/context.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import { AppError } from '../../../../platform/errors.ts';
import { encryptionKey, encryptSecret } from '../../../../platform/secret-box.ts';
import { fhirError } from '../operation-outcome.ts';
import { checkEndpoint } from './endpoint-guard.ts';
import { subscriptionStatus } from './notification.ts';
import * as repo from './repo.ts';
import { newSigningSecret } from './signature.ts';
import { parseSubscription, toSubscriptionResource } from './subscription-resource.ts';

// FHIR Subscriptions of an organization (issue #21): made, read and turned off through /fhir by its systems,
// listed and reactivated from the Interop settings screen by its admins. A new or reactivated subscription is
// `requested` until the handshake (a job) is answered with a 2xx; deliveries.ts moves it on from there.

export const DELIVER_JOB = 'fhir.subscription-deliver';

export function fhirBase(deps: AppDeps): string {
  return `${deps.config.publicUrl}/fhir`;
}

export function topicOf(deps: AppDeps): string {
  return referralTaskStatusTopic(deps.config.publicUrl);
}

/** The retry policy of a notification job: pg-boss retries with doubling delays; deliveries.ts counts along. */
export function deliveryJobOptions(deps: AppDeps) {
  const { retries, retryDelaySeconds } = deps.config.fhirSubscriptions;
  return { retryLimit: retries, retryDelay: retryDelaySeconds, retryBackoff: true };
}

/** Records a delivery and queues its job, both with the caller's transaction. */
export async function queueDelivery(
  ctx: ServiceContext,
  tx: DbOrTx,
  values: {
    subscriptionId: number;
    kind: string;
    eventNumber: number;
    referralId?: number;
    taskStatus?: string;
  },
) {
  const delivery = await repo.insertDelivery(tx, values);
  await ctx.deps.jobs?.sendInTransaction(
    tx,
    DELIVER_JOB,
    { deliveryId: delivery.id },
    deliveryJobOptions(ctx.deps),
  );
  return delivery;
}

async function visibleSubscription(ctx: OrgContext, id: number, db: DbOrTx = ctx.db) {
  const row = await repo.findSubscription(db, ctx.actor.org.id, id);
  if (!row) throw fhirError('fhir.not_found', M.notFound, { expression: 'Subscription.id' });
  return row;
}

/**
 * Making or turning off a subscription sets up (or ends) a standing flow of referral facts to an outside system:
 * a person needs to be an admin of the organization (as on the Interop screen); an API client, which its admins
 * created, needs its fhir/*.write scope (checked by the route).
 */
function assertMayManage(ctx: OrgContext) {
  if (ctx.actor.client) return;
  if (ctx.actor.org.role !== 'org_admin' && ctx.actor.org.role !== 'super_admin') {
    throw fhirError('role.not_allowed', M.adminsOnly);
  }
}

/** POST /fhir/Subscription: checks, stores (headers and secret sealed), queues the handshake. */
export async function createSubscription(
  ctx: OrgContext,
  input: { body: unknown },
): Promise<{ resource: Subscription; secret: string }> {
  assertMayManage(ctx);
  const now = new Date();
  const topic = topicOf(ctx.deps);
  const request = parseSubscription(input.body, topic, now);
  const checked = await checkEndpoint(request.endpoint, ctx.deps.config.fhirSubscriptions.allowHosts);
  if (!checked.ok) {
    const message =
      checked.why === 'private'
        ? M.endpointPrivate
        : checked.why === 'unresolved'
          ? M.endpointUnresolved
          : M.endpointScheme;
    throw fhirError('fhir.subscription_endpoint_refused', message, {
      expression: 'Subscription.channel.endpoint',
      type: 'value',
    });
  }
  const key = encryptionKey(ctx.deps.config);
  const secret = newSigningSecret();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertSubscription(tx, {
      organizationId: ctx.actor.org.id,
      createdBy: ctx.actor.user.id,
      status: 'requested',
      reason: request.reason,
      topic,
      filterCriteria: request.filterCriteria,
      endpoint: checked.url.toString(),
      content: request.content,
      headersSealed: request.headers.length > 0 ? encryptSecret(key, JSON.stringify(request.headers)) : null,
      signingSecretSealed: encryptSecret(key, secret),
      endAt: request.endAt,
    });
    await queueDelivery(ctx, tx, { subscriptionId: created.id, kind: 'handshake', eventNumber: 0 });
    await audit(tx, inTransaction(ctx, tx), {
      action: 'fhir.subscription_created',
      entityType: 'fhir_subscription',
      entityId: created.id,
      // The host only: a path or query may carry a subscriber's token.
      details: { endpoint_host: checked.url.host, content: created.content, filter: created.filterCriteria },
    });
    return created;
  });
  const resource = toSubscriptionResource(row, [{ url: SIGNING_SECRET_EXTENSION, valueString: secret }]);
  return { resource, secret };
}

export async function readSubscription(ctx: OrgContext, input: { id: number }): Promise<Subscription> {
  return toSubscriptionResource(await visibleSubscription(ctx, input.id));
}

/** GET /fhir/Subscription: the organization's subscriptions as a searchset Bundle. */
export async function searchSubscriptions(ctx: OrgContext): Promise<Bundle> {
  const rows = await repo.listSubscriptions(ctx.db, ctx.actor.org.id);
  const base = fhirBase(ctx.deps);
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: rows.length,
    link: [{ relation: 'self', url: `${base}/Subscription` }],
    entry: rows.map((row) => ({
      fullUrl: `${base}/Subscription/${row.id}`,
      resource: toSubscriptionResource(row),
      search: { mode: 'match' },
    })),
  };
}

/**
 * GET /fhir/Subscription/{id}/$status (backport OperationDefinition backport-subscription-status): a searchset
 * Bundle holding the subscription's status Parameters.
 */
export async function subscriptionStatusBundle(ctx: OrgContext, input: { id: number }): Promise<Bundle> {
  const row = await visibleSubscription(ctx, input.id);
  const status: Parameters = subscriptionStatus(row, fhirBase(ctx.deps), 'query-status');
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: 1,
    entry: [{ resource: status, search: { mode: 'match' } }],
  };
}

/** Turns a subscription off (DELETE on /fhir and on the app route): nothing more is sent. */
export async function turnOffSubscription(ctx: OrgContext, input: { id: number }): Promise<Subscription> {
  assertMayManage(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const found = await repo.findSubscription(tx, ctx.actor.org.id, input.id);
    if (!found) throw fhirError('fhir.not_found', M.notFound, { expression: 'Subscription.id' });
    await repo.lockSubscription(tx, found.id);
    const updated = await repo.updateSubscription(tx, found.id, { status: 'off' });
    await audit(tx, inTransaction(ctx, tx), {
      action: 'fhir.subscription_turned_off',
      entityType: 'fhir_subscription',
      entityId: found.id,
    });
    return updated!;
  });
  return toSubscriptionResource(row);
}

function toSummary(row: repo.SubscriptionRow): FhirSubscriptionSummary {
  return {
    id: row.id,
    status: row.status as FhirSubscriptionSummary['status'],
    reason: row.reason,
    endpoint: row.endpoint,
    topic: row.topic,
    filter_criteria: row.filterCriteria,
    content: row.content as FhirSubscriptionSummary['content'],
    event_count: row.eventCount,
    last_error: row.lastError,
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
    end_at: row.endAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

async function appSubscription(ctx: OrgContext, id: number, db: DbOrTx = ctx.db) {
  const row = await repo.findSubscription(db, ctx.actor.org.id, id);
  if (!row) throw new AppError('fhir.not_found', M.notFound);
  return row;
}

/** GET /api/fhir-subscriptions: the Interop screen's list. */
export async function listOrganizationSubscriptions(ctx: OrgContext): Promise<FhirSubscriptionList> {
  const rows = await repo.listSubscriptions(ctx.db, ctx.actor.org.id);
  return { subscriptions: rows.map(toSummary) };
}

/** GET /api/fhir-subscriptions/{id}/deliveries: the last deliveries, newest first. */
export async function listDeliveries(
  ctx: OrgContext,
  input: { id: number },
): Promise<FhirSubscriptionDeliveryList> {
  const row = await appSubscription(ctx, input.id);
  const deliveries = await repo.lastDeliveries(ctx.db, row.id, FHIR_DELIVERIES_SHOWN);
  return {
    deliveries: deliveries.map((d) => ({
      id: d.id,
      kind: d.kind as FhirSubscriptionDeliveryList['deliveries'][number]['kind'],
      event_number: d.eventNumber,
      task_status: d.taskStatus,
      status: d.status as FhirSubscriptionDeliveryList['deliveries'][number]['status'],
      attempts: d.attempts,
      last_status_code: d.lastStatusCode,
      last_error: d.lastError,
      created_at: d.createdAt.toISOString(),
      delivered_at: d.deliveredAt?.toISOString() ?? null,
    })),
  };
}

/** POST /api/fhir-subscriptions/{id}/reactivate: error → requested, with a new handshake. */
export async function reactivateSubscription(
  ctx: OrgContext,
  input: { id: number },
): Promise<FhirSubscriptionSummary> {
  const row = await ctx.db.transaction(async (tx) => {
    const found = await appSubscription(ctx, input.id, tx);
    const locked = (await repo.lockSubscription(tx, found.id))!;
    if (locked.status !== 'error') throw new AppError('fhir.subscription_not_in_error', M.notInError);
    // last_error stays until the handshake succeeds: the screen still shows why it stopped.
    const updated = await repo.updateSubscription(tx, locked.id, { status: 'requested' });
    await queueDelivery(ctx, tx, {
      subscriptionId: locked.id,
      kind: 'handshake',
      eventNumber: locked.eventCount,
    });
    await audit(tx, inTransaction(ctx, tx), {
      action: 'fhir.subscription_reactivated',
      entityType: 'fhir_subscription',
      entityId: locked.id,
    });
    return updated!;
  });
  return toSummary(row);
}

/** DELETE /api/fhir-subscriptions/{id}: off, as the screen shows it. */
export async function turnOffFromScreen(
  ctx: OrgContext,
  input: { id: number },
): Promise<FhirSubscriptionSummary> {
  await appSubscription(ctx, input.id);
  await turnOffSubscription(ctx, input);
  return toSummary((await repo.findSubscription(ctx.db, ctx.actor.org.id, input.id))!);
}
