import { FHIR_SUBSCRIPTION_MESSAGES as M, SIGNATURE_HEADER } from '@trust/domain';
import { audit } from '../../../../platform/audit.ts';
import { inTransaction, type ServiceContext } from '../../../../platform/context.ts';
import { decryptSecret, encryptionKey } from '../../../../platform/secret-box.ts';
import { checkEndpoint } from './endpoint-guard.ts';
import { notificationBundle } from './notification.ts';
import { postNotification } from './post-notification.ts';
import * as repo from './repo.ts';
import { fhirBase } from './service.ts';
import { signatureHeader } from './signature.ts';
import { taskForOrganization, taskPath } from './task-focus.ts';

// The delivery job: one notification (handshake or event) POSTed to the subscriber. Each run is one attempt,
// counted on the delivery row before the request. A failed attempt throws, so pg-boss retries it with doubling
// delays (service.ts deliveryJobOptions); the last allowed attempt does not throw: it fails the delivery and
// marks the subscription `error` with why (the Interop screen shows it). A 2xx makes a `requested` subscription
// `active` (the handshake), and also brings an `error` one back: an answered retry shows the endpoint works
// again. Only the ids travel in the job; the body is built here, from what the subscriber may see now.

export type DeliverJobData = { deliveryId: number };

class RetryLater extends Error {}

export async function runDelivery(ctx: ServiceContext, data: DeliverJobData): Promise<void> {
  const delivery = await repo.findDelivery(ctx.db, data.deliveryId);
  if (delivery?.status !== 'pending') return;
  const row = await repo.findSubscriptionById(ctx.db, delivery.subscriptionId);
  if (!row) return;
  if (row.status === 'off') {
    await repo.updateDelivery(ctx.db, delivery.id, { status: 'failed', lastError: M.subscriptionOff });
    return;
  }
  const attempts = await repo.countAttempt(ctx.db, delivery.id);
  const { allowHosts, retries, timeoutMs } = ctx.deps.config.fhirSubscriptions;
  const now = new Date();

  let failure: { error: string; statusCode: number | null } | null = null;
  let sentResource = false;
  const checked = await checkEndpoint(row.endpoint, allowHosts);
  if (!checked.ok) {
    failure = { error: checked.why === 'private' ? M.refusedAddress : M.unresolved, statusCode: null };
  } else {
    const key = encryptionKey(ctx.deps.config);
    const base = fhirBase(ctx.deps);
    const event =
      delivery.kind === 'event-notification' && delivery.referralId !== null
        ? { eventNumber: delivery.eventNumber, at: delivery.createdAt, focus: taskPath(delivery.referralId) }
        : undefined;
    const current =
      event && row.content === 'full-resource'
        ? await taskForOrganization(ctx, {
            referralId: delivery.referralId!,
            organizationId: row.organizationId,
          })
        : null;
    // Only today's Task can be read, not the one of the event. When the Task has moved on since (a quick
    // accept-then-start, or a retry hours later), sending it would announce "accepted" with a Task that says
    // "completed": the notification then carries the reference only, as id-only would, and the newer change has
    // its own notification with its Task.
    const resource = current && current.status === delivery.taskStatus ? current : null;
    const bundle = notificationBundle({
      row,
      fhirBase: base,
      kind: delivery.kind as 'handshake' | 'event-notification' | 'heartbeat',
      status: delivery.kind === 'handshake' ? 'requested' : 'active',
      eventsSinceStart: delivery.eventNumber,
      ...(event ? { event } : {}),
      ...(resource ? { resource } : {}),
      now,
    });
    sentResource = resource !== null;
    const body = JSON.stringify(bundle);
    const headers: Record<string, string> = {};
    if (row.headersSealed) {
      for (const line of JSON.parse(decryptSecret(key, row.headersSealed)) as string[]) {
        const at = line.indexOf(':');
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
    }
    headers['content-type'] = 'application/fhir+json; charset=utf-8';
    headers[SIGNATURE_HEADER.toLowerCase()] = signatureHeader(
      decryptSecret(key, row.signingSecretSealed),
      body,
      now,
    );
    const outcome = await postNotification(checked.url, checked.address, { headers, body, timeoutMs });
    if ('error' in outcome) {
      failure = {
        error: outcome.error === 'timeout' ? M.timeout(timeoutMs / 1000) : M.requestFailed(outcome.error),
        statusCode: null,
      };
    } else if (outcome.status < 200 || outcome.status >= 300) {
      failure = { error: M.httpStatus(outcome.status), statusCode: outcome.status };
    } else {
      await ctx.db.transaction(async (tx) => {
        await repo.updateDelivery(tx, delivery.id, {
          status: 'delivered',
          lastStatusCode: outcome.status,
          lastError: null,
          deliveredAt: new Date(),
        });
        const locked = await repo.lockSubscription(tx, row.id);
        if (!locked) return;
        const recovers =
          locked.status === 'error' || (locked.status === 'requested' && delivery.kind === 'handshake');
        await repo.updateSubscription(tx, row.id, {
          lastDeliveredAt: new Date(),
          ...(recovers ? { status: 'active', lastError: null } : {}),
        });
        if (sentResource) {
          // A full Task left the platform: a disclosure of a referral, recorded like a read.
          await audit(tx, inTransaction(ctx, tx), {
            action: 'fhir.subscription_notified',
            entityType: 'referral',
            entityId: delivery.referralId!,
            organizationId: row.organizationId,
            details: { subscription_id: row.id, event_number: delivery.eventNumber },
          });
        }
      });
      return;
    }
  }

  const last = attempts > retries;
  await ctx.db.transaction(async (tx) => {
    await repo.updateDelivery(tx, delivery.id, {
      lastStatusCode: failure.statusCode,
      lastError: failure.error,
      ...(last ? { status: 'failed' } : {}),
    });
    if (!last) return;
    const locked = await repo.lockSubscription(tx, row.id);
    if (locked && (locked.status === 'active' || locked.status === 'requested')) {
      await repo.updateSubscription(tx, row.id, { status: 'error', lastError: failure.error });
    } else if (locked?.status === 'error') {
      await repo.updateSubscription(tx, row.id, { lastError: failure.error });
    }
  });
  if (!last) throw new RetryLater(`notification attempt ${attempts} failed: ${failure.error}`);
  ctx.log.warn({ subscriptionId: row.id, deliveryId: delivery.id, attempts }, 'FHIR notification gave up');
}
