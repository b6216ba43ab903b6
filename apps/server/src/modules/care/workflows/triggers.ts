import type { DomainEvent, DomainEventName } from '@trust/domain';
import type { ServiceContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../platform/domain-events.ts';
import { settleWaiting } from './engine.ts';
import * as repo from './instances-repo.ts';
import { startInstance } from './instances-service.ts';
import * as templatesRepo from './templates-repo.ts';
import { nextRunOf } from './templates-service.ts';

// Triggers (002 §9; issue #17 item 2). Domain events reach every server process; each one only queues a job
// keyed by the event, and whichever process runs it starts the matching templates. The instance's unique
// (template, enrollment, trigger key) makes a second delivery a no-op. Time-based templates are started by the
// scheduler tick reading their own next_run_at (one tick for all of them, whatever their number).

export const TRIGGER_JOB = 'workflows.trigger';
export const FORM_SUBMITTED_JOB = 'workflows.form_submitted';

/** The events that start workflows, and what the trigger job needs of each. */
export type TriggerJobData = {
  eventId: string;
  trigger: 'enrollment_created' | 'enrollment_status_changed' | 'activity_completed';
  organizationId: number;
  enrollmentId: number;
  from?: string;
  to?: string;
  activityType?: string;
};

export function triggerSubscriptions(deps: AppDeps): DomainEventSubscriptions {
  const queue = (event: DomainEvent<DomainEventName>, data: TriggerJobData) =>
    deps.jobs?.send(TRIGGER_JOB, data, { singletonKey: event.id });
  return {
    'enrollment.created': async (event) => {
      await queue(event, {
        eventId: event.id,
        trigger: 'enrollment_created',
        organizationId: event.data.organization_id,
        enrollmentId: event.data.enrollment_id,
      });
    },
    'enrollment.status_changed': async (event) => {
      await queue(event, {
        eventId: event.id,
        trigger: 'enrollment_status_changed',
        organizationId: event.data.organization_id,
        enrollmentId: event.data.enrollment_id,
        from: event.data.from,
        to: event.data.to,
      });
    },
    'activity.completed': async (event) => {
      await queue(event, {
        eventId: event.id,
        trigger: 'activity_completed',
        organizationId: event.data.organization_id,
        enrollmentId: event.data.enrollment_id,
        activityType: event.data.activity_type,
      });
    },
    'form.submitted': async (event) => {
      await deps.jobs?.send(
        FORM_SUBMITTED_JOB,
        { formInstanceId: event.data.form_instance_id },
        { singletonKey: event.id },
      );
    },
  };
}

/** Whether a template's trigger configuration matches the event (002 §9: status changes optionally from/to). */
function matches(config: Record<string, unknown>, data: TriggerJobData): boolean {
  if (data.trigger === 'enrollment_status_changed') {
    if (config.from_status && config.from_status !== data.from) return false;
    if (config.to_status && config.to_status !== data.to) return false;
  }
  if (data.trigger === 'activity_completed' && config.activity_type) {
    return config.activity_type === data.activityType;
  }
  return true;
}

/** The trigger job: starts every active, matching template of the organization for the enrollment. */
export async function runTrigger(ctx: ServiceContext, data: TriggerJobData): Promise<number> {
  const facts = await repo.enrollmentFacts(ctx.db, data.enrollmentId);
  if (!facts || facts.organizationId !== data.organizationId) return 0;
  const templates = await templatesRepo.activeTemplatesWithTrigger(ctx.db, data.organizationId, data.trigger);
  let started = 0;
  for (const template of templates) {
    if (template.programId !== null && template.programId !== facts.programId) continue;
    if (!matches((template.triggerConfig ?? {}) as Record<string, unknown>, data)) continue;
    const instance = await ctx.db.transaction(async (tx) => {
      // One running instance of a template per enrollment: a second trigger while it runs starts nothing.
      if (await repo.hasOpenInstance(tx, template.id, facts.id)) return null;
      return startInstance(ctx, tx, {
        template,
        enrollmentId: facts.id,
        startedBy: data.trigger,
        userId: null,
        triggerKey: `event:${data.eventId}`,
      });
    });
    if (instance) started++;
  }
  return started;
}

/** form.submitted: the form step waiting for that form goes on (or, paused, when resumed). */
export async function runFormSubmitted(ctx: ServiceContext, data: { formInstanceId: number }) {
  await ctx.db.transaction(async (tx) => {
    const executionId = await repo.executionWaitingForForm(tx, data.formInstanceId);
    if (executionId === undefined) return;
    const locked = await repo.lockExecutionAndInstance(tx, executionId);
    if (locked?.execution.status !== 'waiting') return;
    const output = { ...((locked.execution.output ?? {}) as object), submitted_at: new Date().toISOString() };
    await repo.updateExecution(tx, executionId, { output });
    await settleWaiting(ctx, tx, locked.instance, { ...locked.execution, output });
  });
}

/** Enrollments one scheduled run starts on at most (the next tick goes on with the rest). */
const SCHEDULED_BATCH = 500;

/**
 * The scheduler tick: each due time-based template starts on the open enrollments of its program (or organization)
 * that have no open instance of it, and its next run is set. Due templates are locked with SKIP LOCKED, so several
 * processes' ticks share them and none runs one twice.
 */
export async function runScheduledTemplates(ctx: ServiceContext, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await templatesRepo.lockDueTemplates(tx, now, 20);
    let started = 0;
    for (const template of due) {
      const runKey = `schedule:${template.nextRunAt!.toISOString()}`;
      const enrollmentIds = await repo.enrollmentsForScheduledRun(tx, template, SCHEDULED_BATCH);
      for (const enrollmentId of enrollmentIds) {
        const instance = await startInstance(ctx, tx, {
          template,
          enrollmentId,
          startedBy: 'time_based',
          userId: null,
          triggerKey: runKey,
        });
        if (instance) started++;
      }
      const next =
        enrollmentIds.length === SCHEDULED_BATCH
          ? template.nextRunAt // more to start: the next tick goes on with this run
          : nextRunOf(
              template.triggerType,
              (template.triggerConfig ?? {}) as Record<string, unknown>,
              true,
              now,
            );
      await templatesRepo.updateTemplate(tx, template.id, { nextRunAt: next });
    }
    return started;
  });
}
