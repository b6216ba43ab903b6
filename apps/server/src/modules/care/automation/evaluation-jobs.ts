import {
  AUTOMATION_EVENTS_KEPT_DAYS,
  AUTOMATION_MAX_DEPTH,
  AUTOMATION_TRIGGER_EVENTS,
  type AutomationTriggerType,
  cronNextRuns,
  type DomainEvent,
} from '@trust/domain';
import { type ServiceContext, systemContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import type { DomainEventSubscriptions } from '../../../platform/domain-events.ts';
import type { Jobs } from '../../../platform/jobs.ts';
import { ACTION_JOB, type ActionJobData, runActionJob } from './actions.ts';
import { matchRule } from './evaluate.ts';
import * as repo from './repo.ts';

// Evaluating rules (issue #17 item 4). Each trigger's domain event reaches every process; each queues one job keyed
// by the event, and the run's unique (rule, event) makes a second evaluation a no-op. The job keeps the event for
// "Test rule", evaluates the organization's active rules of that trigger in priority order, logs a run for each,
// and queues the first action of the first matched rule (the rest follow as a chain: actions.ts).

export const EVALUATE_JOB = 'automation.evaluate';
export const RULES_TICK_JOB = 'automation.tick';

type EvaluateData = { event: DomainEvent };

const TRIGGER_OF_EVENT = Object.fromEntries(
  Object.entries(AUTOMATION_TRIGGER_EVENTS).map(([trigger, event]) => [event, trigger]),
) as Record<string, AutomationTriggerType>;

export function automationSubscriptions(deps: AppDeps): DomainEventSubscriptions {
  const queue = async (event: DomainEvent) => {
    await deps.jobs?.send(EVALUATE_JOB, { event } satisfies EvaluateData, { singletonKey: event.id });
  };
  return {
    'enrollment.status_changed': queue,
    'activity.created': queue,
    'document.uploaded': queue,
    'goal.completed': queue,
  };
}

function loopGuardReason(depth: number) {
  return `Not acted on: this event came from ${depth} automation actions in a row (the limit is ${AUTOMATION_MAX_DEPTH}).`;
}

export async function evaluateEvent(ctx: ServiceContext, event: DomainEvent): Promise<void> {
  const trigger = TRIGGER_OF_EVENT[event.name];
  if (!trigger) return;
  const data = event.data as Record<string, unknown>;
  const organizationId = Number(data.organization_id);
  const enrollmentId = typeof data.enrollment_id === 'number' ? data.enrollment_id : null;
  const depth = event.automation_depth ?? 0;
  await ctx.db.transaction(async (tx) => {
    await repo.insertEvent(tx, {
      id: event.id,
      organizationId,
      name: event.name,
      triggerType: trigger,
      enrollmentId,
      data,
      depth,
      at: new Date(event.at),
    });
    const rules = await repo.activeRules(tx, organizationId, trigger);
    if (rules.length === 0) return;
    const enrollment = enrollmentId === null ? undefined : await repo.enrollmentFacts(tx, enrollmentId);
    let first: repo.RunRow | null = null;
    for (const rule of rules) {
      const outcome =
        depth >= AUTOMATION_MAX_DEPTH
          ? { matched: false, reason: loopGuardReason(depth) }
          : matchRule(rule, data, enrollment);
      const run = await repo.insertRun(tx, {
        ruleId: rule.id,
        eventId: event.id,
        eventName: event.name,
        enrollmentId,
        matched: outcome.matched,
        reason: outcome.reason,
        depth,
        actions: outcome.matched ? pendingActions(rule) : [],
      });
      if (!run) continue;
      await repo.updateRule(tx, rule.id, { lastRunAt: new Date() });
      if (!first && run.matched && (run.actions as unknown[]).length > 0) first = run;
    }
    if (first) await ctx.deps.jobs?.sendInTransaction(tx, ACTION_JOB, { runId: first.id, index: 0 });
  });
}

function pendingActions(rule: repo.RuleRow): repo.RunAction[] {
  return (rule.actions as { type: string; config: Record<string, unknown> }[]).map((a) => ({
    type: a.type,
    config: a.config,
    status: 'pending',
    result: null,
  }));
}

/** Enrollments one scheduled run evaluates at most. */
const SCHEDULED_BATCH = 500;

/** Scheduled rules that are due: each open enrollment of their program is an event of its own. */
export async function runScheduledRules(ctx: ServiceContext, now = new Date()): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const due = await repo.lockDueRules(tx, now, 20);
    let matched = 0;
    for (const rule of due) {
      const at = rule.nextRunAt!.toISOString();
      for (const enrollmentId of await repo.openEnrollmentIds(tx, rule, SCHEDULED_BATCH)) {
        const enrollment = await repo.enrollmentFacts(tx, enrollmentId);
        const data = { organization_id: rule.organizationId, enrollment_id: enrollmentId, scheduled_at: at };
        const outcome = matchRule(rule, data, enrollment);
        const run = await repo.insertRun(tx, {
          ruleId: rule.id,
          eventId: `schedule:${rule.id}:${at}:${enrollmentId}`,
          eventName: 'schedule',
          enrollmentId,
          matched: outcome.matched,
          reason: outcome.reason,
          actions: outcome.matched ? pendingActions(rule) : [],
        });
        if (run?.matched && (run.actions as unknown[]).length > 0) {
          matched++;
          await ctx.deps.jobs?.sendInTransaction(tx, ACTION_JOB, { runId: run.id, index: 0 });
        }
      }
      const cron = String((rule.triggerConditions as Record<string, string>).cron ?? '');
      const next = cronNextRuns(cron, 1, now);
      await repo.updateRule(tx, rule.id, { nextRunAt: next.ok ? next.runs[0]! : null, lastRunAt: now });
    }
    return matched;
  });
}

export function registerAutomationJobs(jobs: Jobs, deps: AppDeps) {
  jobs.define<EvaluateData>({
    name: EVALUATE_JOB,
    handler: (data) => evaluateEvent(systemContext(deps, EVALUATE_JOB), data.event),
    pollingIntervalSeconds: 0.5,
  });
  jobs.define<ActionJobData>({
    name: ACTION_JOB,
    handler: (data) => runActionJob(systemContext(deps, ACTION_JOB), data),
    pollingIntervalSeconds: 0.5,
  });
  jobs.define({
    name: RULES_TICK_JOB,
    cron: '* * * * *',
    handler: async () => {
      const ctx = systemContext(deps, RULES_TICK_JOB);
      await runScheduledRules(ctx);
      await repo.pruneEvents(ctx.db, new Date(Date.now() - AUTOMATION_EVENTS_KEPT_DAYS * 86_400_000));
    },
  });
}
