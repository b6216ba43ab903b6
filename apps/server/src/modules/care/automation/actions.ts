import {
  type AutomationActionConfig,
  type AutomationActionType,
  addDaysIso,
  enrollmentUpdateSchema,
  todayIsoDate,
} from '@trust/domain';
import { queueEmail } from '../../../adapters/outbound.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { inTransaction, type ServiceContext } from '../../../platform/context.ts';
import { withAutomationDepth } from '../../../platform/domain-events.ts';
import { AppError } from '../../../platform/errors.ts';
import { activeMembers } from '../../administration/orgs/service.ts';
import { notifyUsers } from '../../communications/notifications/service.ts';
import { createActivity } from '../enrollments/activities-service.ts';
import { updateEnrollment } from '../enrollments/service.ts';
import { startWorkflowForAutomation } from '../workflows/instances-service.ts';
import { ruleActor } from './actor.ts';
import * as repo from './repo.ts';

// Running a matched rule's actions (issue #17 item 4): one job per action, in order — the actions of a run one
// after the other, then the next matched rule of the same event by priority. Each action's change and its result
// are written in one transaction, after checking it is still pending, so a retried job never does it twice. Work
// done here carries the run's depth + 1 (the loop guard): the events it causes are known as an action's.

export const ACTION_JOB = 'automation.action';
export type ActionJobData = { runId: number; index: number };

/** Queues the action after (run, index): the next of the run, else the first of the next matched run. */
export async function queueNextAction(ctx: ServiceContext, tx: DbOrTx, run: repo.RunRow, index: number) {
  const actions = run.actions as repo.RunAction[];
  if (index + 1 < actions.length) {
    await ctx.deps.jobs?.sendInTransaction(tx, ACTION_JOB, { runId: run.id, index: index + 1 });
    return;
  }
  const next = await repo.nextMatchedRun(tx, run);
  if (next) await ctx.deps.jobs?.sendInTransaction(tx, ACTION_JOB, { runId: next.id, index: 0 });
}

export async function runActionJob(ctx: ServiceContext, data: ActionJobData) {
  await ctx.db.transaction(async (tx) => {
    const run = await repo.lockRun(tx, data.runId);
    if (!run) return;
    const actions = run.actions as repo.RunAction[];
    const action = actions[data.index];
    if (action?.status !== 'pending') return;
    const rule = await repo.findRuleById(tx, run.ruleId);
    let outcome: Outcome;
    try {
      outcome = rule
        ? await withAutomationDepth(run.depth + 1, () =>
            perform(
              inTransaction(ctx, tx),
              tx,
              rule,
              run,
              action.type as AutomationActionType,
              action.config,
            ),
          )
        : { status: 'skipped', result: 'The rule was deleted.' };
    } catch (err) {
      // A refusal of the service (the enrollment moved on, a role is missing): recorded, the chain goes on.
      if (!(err instanceof AppError)) throw err;
      outcome = { status: 'failed', result: err.message };
    }
    actions[data.index] = { ...action, ...outcome };
    await repo.setRunActions(tx, run.id, actions);
    await queueNextAction(ctx, tx, { ...run, actions }, data.index);
  });
}

type Outcome = { status: repo.RunAction['status']; result: string };

async function perform(
  ctx: ServiceContext,
  tx: DbOrTx,
  rule: repo.RuleRow,
  run: repo.RunRow,
  type: AutomationActionType,
  config: Record<string, unknown>,
): Promise<Outcome> {
  const org = rule.organizationId;
  const enrollment = run.enrollmentId === null ? undefined : await repo.enrollmentFacts(tx, run.enrollmentId);
  if (!enrollment) return { status: 'skipped', result: 'The enrollment no longer exists.' };

  if (type === 'send_notification') {
    const c = config as AutomationActionConfig<'send_notification'>;
    const people =
      c.recipient === 'case_manager'
        ? enrollment.caseManagerUserId === null
          ? []
          : await activeMembers(tx, { organizationId: org, userId: enrollment.caseManagerUserId })
        : c.recipient === 'user'
          ? await activeMembers(tx, { organizationId: org, userId: c.user_id! })
          : await activeMembers(tx, { organizationId: org, roles: [c.role!] });
    if (people.length === 0) return { status: 'failed', result: 'Nobody to notify: no active recipient.' };
    const n = await notifyUsers(ctx, tx, {
      organizationId: org,
      userIds: people.map((p) => p.id),
      title: c.title,
      body: c.message,
      link: `/enrollments-view/${enrollment.id}`,
      sourceType: 'automation_rule',
      dedupeKey: `automation-run:${run.id}:${type}`,
    });
    return { status: 'done', result: `Notified ${n} ${n === 1 ? 'person' : 'people'}.` };
  }

  if (type === 'send_email') {
    const c = config as AutomationActionConfig<'send_email'>;
    const to =
      c.to === 'address'
        ? c.address
        : c.to === 'member'
          ? enrollment.memberEmail
          : enrollment.caseManagerEmail;
    if (!to) return { status: 'failed', result: `No email address for the ${c.to.replace('_', ' ')}.` };
    await queueEmail(ctx.deps, tx, {
      to,
      subject: c.subject,
      text: c.body,
      category: 'automation_rule',
      organizationId: org,
      phi: true,
    });
    return { status: 'done', result: 'Email queued.' };
  }

  if (type === 'start_workflow') {
    const c = config as AutomationActionConfig<'start_workflow'>;
    const started = await startWorkflowForAutomation(ctx, tx, {
      organizationId: org,
      templateId: c.workflow_template_id,
      enrollmentId: enrollment.id,
      triggerKey: `automation-run:${run.id}`,
    });
    return 'id' in started
      ? { status: 'done', result: `Started workflow instance ${started.id}.` }
      : { status: 'failed', result: started.refused };
  }

  // The two that change enrollment records act as the rule's author, through the enrollments service.
  const actor = await ruleActor(ctx, org, rule.actingUserId);
  if (typeof actor === 'string') return { status: 'failed', result: actor };
  if (type === 'create_activity') {
    const c = config as AutomationActionConfig<'create_activity'>;
    const activity = await createActivity(actor, {
      enrollment_id: enrollment.id,
      activity_type: c.activity_type,
      activity_date: addDaysIso(todayIsoDate(), c.days_from_now),
      status: c.status,
      notes: c.notes ?? `Created by the automation rule "${rule.ruleName}".`,
      units: 1,
    });
    return { status: 'done', result: `Created activity ${activity.id}.` };
  }
  const c = config as AutomationActionConfig<'update_enrollment'>;
  const change = enrollmentUpdateSchema.parse({
    ...(c.status ? { status: c.status } : {}),
    ...(c.priority_level ? { priority_level: c.priority_level } : {}),
  });
  await updateEnrollment(actor, { id: enrollment.id, ...change });
  return { status: 'done', result: 'Enrollment updated.' };
}
