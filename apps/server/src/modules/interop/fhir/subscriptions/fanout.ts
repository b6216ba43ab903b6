import { type DomainEvent, REFERRAL_STATUSES, type ReferralStatus } from '@trust/domain';
import { taskStatusOfReferral } from '@trust/domain/fhir-task-status';
import type { ServiceContext } from '../../../../platform/context.ts';
import type { AppDeps } from '../../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../../platform/domain-events.ts';
import * as repo from './repo.ts';
import { queueDelivery } from './service.ts';
import { filterMatches } from './subscription-resource.ts';
import { referralFacts } from './task-focus.ts';

// The topic's trigger: a referral was created (its Task is `requested`) or its status moved to one that is a
// different Task status (pending → matched is `requested` both times: no Task change, no notification). The
// domain event reaches every server process, so each only queues the fan-out job keyed by the event's id; the job,
// once, numbers the event on every matching active subscription of the organizations that see the referral and
// queues one delivery each, in one transaction.

export const FANOUT_JOB = 'fhir.subscription-fanout';

export type FanoutJobData = { eventId: string; referralId: number; taskStatus: string; at: string };

function taskStatusOf(status: string | null): string | null {
  return status && (REFERRAL_STATUSES as readonly string[]).includes(status)
    ? taskStatusOfReferral(status as ReferralStatus)
    : null;
}

export function subscriptionTriggers(deps: AppDeps): DomainEventSubscriptions {
  const queue = (event: DomainEvent, referralId: number, taskStatus: string) =>
    deps.jobs?.send<FanoutJobData>(
      FANOUT_JOB,
      { eventId: event.id, referralId, taskStatus, at: event.at },
      { singletonKey: event.id },
    );
  return {
    'referral.created': async (event) => {
      await queue(event, event.data.referral_id, 'requested');
    },
    'referral.status_changed': async (event) => {
      const to = taskStatusOf(event.data.to);
      if (!to || to === taskStatusOf(event.data.from)) return;
      await queue(event, event.data.referral_id, to);
    },
  };
}

/** The fan-out job: returns how many deliveries it queued. */
export async function fanOut(ctx: ServiceContext, data: FanoutJobData): Promise<number> {
  const facts = await referralFacts(ctx, data.referralId);
  if (!facts) return 0;
  const now = new Date();
  const candidates = (await repo.activeSubscriptionsOf(ctx.db, facts.organizations, now)).filter((s) =>
    filterMatches(s.filterCriteria, data.taskStatus),
  );
  if (candidates.length === 0) return 0;
  return ctx.db.transaction(async (tx) => {
    const numbered = await repo.countEvent(
      tx,
      facts.organizations,
      candidates.map((c) => c.id),
      now,
    );
    for (const { id, eventCount } of numbered) {
      await queueDelivery(ctx, tx, {
        subscriptionId: id,
        kind: 'event-notification',
        eventNumber: eventCount,
        referralId: data.referralId,
        taskStatus: data.taskStatus,
      });
    }
    return numbered.length;
  });
}
