import {
  AUTOMATION_MESSAGES,
  type AutomationActionType,
  type AutomationEvent,
  type AutomationRule,
  type AutomationRuleBody,
  type AutomationRuleList,
  type AutomationRuleListQuery,
  type AutomationRunList,
  type AutomationTestResult,
  type AutomationTriggerType,
  automationRuleBodySchema,
  checkRule,
  cronNextRuns,
} from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findProgramForOrg } from '../programs/service.ts';
import { describeAction, matchRule } from './evaluate.ts';
import * as repo from './repo.ts';

// Automation rules (002 §2 "Automation Rules", §3, §5, §7; issue #17 item 4). Every member of the organization
// reads them and their runs; managers and administrators write them (routes). The server checks what the browser
// checks: the name, the trigger, each condition against its trigger, each action's configuration, the priority.

const notFound = () => new AppError('automation_rule.not_found', AUTOMATION_MESSAGES.notFound);

function toWire(row: repo.RuleView): AutomationRule {
  return {
    id: row.id,
    rule_name: row.ruleName,
    trigger_type: row.triggerType as AutomationTriggerType,
    trigger_conditions: (row.triggerConditions ?? {}) as Record<string, string>,
    actions: (row.actions ?? []) as AutomationRule['actions'],
    is_active: row.isActive,
    priority: row.priority,
    program_id: row.programId,
    program_name: row.programName,
    next_run_at: row.nextRunAt?.toISOString() ?? null,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    created_ts: row.createdTs.toISOString(),
  };
}

export async function listRules(
  ctx: OrgContext,
  query: AutomationRuleListQuery,
): Promise<AutomationRuleList> {
  const { rows, total } = await repo.listRules(ctx.db, ctx.actor.org.id, {
    ...(query.program_id === undefined ? {} : { programId: query.program_id }),
    ...(query.is_active === undefined ? {} : { isActive: query.is_active === 'true' }),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { rules: rows.map(toWire), total };
}

async function findVisible(ctx: OrgContext, id: number): Promise<repo.RuleView> {
  const row = await repo.findRule(ctx.db, ctx.actor.org.id, id);
  if (!row) throw notFound();
  return row;
}

export async function getRule(ctx: OrgContext, input: { id: number }): Promise<AutomationRule> {
  return toWire(await findVisible(ctx, input.id));
}

async function checkedRule(ctx: OrgContext, raw: AutomationRuleBody) {
  const body = automationRuleBodySchema.parse(raw);
  const checked = checkRule(body);
  if (!checked.ok) {
    throw new AppError('automation_rule.invalid', Object.values(checked.fields)[0]!, {
      fields: checked.fields,
    });
  }
  const programId =
    body.program_id === undefined || body.program_id === null
      ? null
      : (await findProgramForOrg(ctx, body.program_id)).id;
  const cron = body.trigger_conditions.cron;
  const next = body.trigger_type === 'scheduled' && body.is_active && cron ? cronNextRuns(cron, 1) : null;
  return {
    ruleName: body.rule_name,
    triggerType: body.trigger_type,
    triggerConditions: body.trigger_conditions,
    actions: checked.actions,
    isActive: body.is_active,
    priority: body.priority,
    programId,
    nextRunAt: next?.ok ? next.runs[0]! : null,
    // The rule acts as whoever wrote it last (actor.ts).
    actingUserId: ctx.actor.user.id,
  };
}

export async function createRule(ctx: OrgContext, body: AutomationRuleBody): Promise<AutomationRule> {
  const values = await checkedRule(ctx, body);
  const id = await ctx.db.transaction(async (tx) => {
    const row = await repo.insertRule(tx, { ...values, organizationId: ctx.actor.org.id });
    await audit(tx, ctx, {
      action: 'automation_rule.created',
      entityType: 'automation_rule',
      entityId: row.id,
      details: { trigger_type: row.triggerType, actions: values.actions.map((a) => a.type) },
    });
    return row.id;
  });
  return getRule(ctx, { id });
}

export async function updateRule(
  ctx: OrgContext,
  input: { id: number; body: AutomationRuleBody },
): Promise<AutomationRule> {
  const values = await checkedRule(ctx, input.body);
  await findVisible(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await repo.updateRule(tx, input.id, { ...values, lastUpdatedTs: new Date() });
    await audit(tx, ctx, {
      action: 'automation_rule.updated',
      entityType: 'automation_rule',
      entityId: input.id,
      details: { trigger_type: values.triggerType, is_active: values.isActive },
    });
  });
  return getRule(ctx, input);
}

export async function deleteRule(ctx: OrgContext, input: { id: number }) {
  await findVisible(ctx, input.id);
  await ctx.db.transaction(async (tx) => {
    await repo.deleteRule(tx, input.id);
    await audit(tx, ctx, {
      action: 'automation_rule.deleted',
      entityType: 'automation_rule',
      entityId: input.id,
    });
  });
  return { message: 'Automation rule deleted successfully' };
}

/** GET …/{id}/runs: every evaluation of the rule, newest first (issue #17: every run logged and visible). */
export async function listRuns(
  ctx: OrgContext,
  input: { id: number; page: number; page_size: number },
): Promise<AutomationRunList> {
  const rule = await findVisible(ctx, input.id);
  const { rows, total } = await repo.listRuns(
    ctx.db,
    rule.id,
    input.page_size,
    (input.page - 1) * input.page_size,
  );
  return {
    runs: rows.map((r) => ({
      id: r.id,
      event_name: r.eventName,
      event_id: r.eventId,
      enrollment_id: r.enrollmentId,
      matched: r.matched,
      reason: r.reason,
      depth: r.depth,
      actions: (r.actions as repo.RunAction[]).map((a) => ({
        type: a.type as AutomationActionType,
        status: a.status,
        result: a.result,
      })),
      created_ts: r.createdTs.toISOString(),
    })),
    total,
  };
}

function summaryOf(row: repo.EventRow): string {
  const d = row.data as Record<string, unknown>;
  const enrollment = row.enrollmentId === null ? '' : `enrollment #${row.enrollmentId}`;
  switch (row.triggerType) {
    case 'enrollment_status_changed':
      return `${enrollment}: ${d.from} → ${d.to}`;
    case 'activity_created':
      return `${enrollment}: ${d.activity_type} activity (${d.status})`;
    case 'document_uploaded':
      return `${enrollment}: ${d.document_type} document`;
    default:
      return `${enrollment}: goal completed`;
  }
}

/** GET …/recent-events: the organization's recent events of a trigger, to test a rule against. */
export async function recentEvents(
  ctx: OrgContext,
  query: { trigger_type?: AutomationTriggerType | undefined },
): Promise<{ events: AutomationEvent[] }> {
  const rows = await repo.recentEvents(ctx.db, ctx.actor.org.id, query.trigger_type);
  return {
    events: rows.map((r) => ({
      id: r.id,
      name: r.name,
      trigger_type: r.triggerType as AutomationTriggerType,
      enrollment_id: r.enrollmentId,
      summary: summaryOf(r),
      at: r.at.toISOString(),
    })),
  };
}

/** POST …/{id}/test: would the rule fire for this recent event, and what would it do? Nothing is done. */
export async function testRule(
  ctx: OrgContext,
  input: { id: number; event_id: string },
): Promise<AutomationTestResult> {
  const rule = await findVisible(ctx, input.id);
  if (rule.triggerType === 'scheduled') {
    throw new AppError('automation_rule.not_testable', AUTOMATION_MESSAGES.scheduledNotTestable);
  }
  const event = await repo.findEvent(ctx.db, ctx.actor.org.id, input.event_id);
  if (!event) throw new AppError('automation_event.not_found', AUTOMATION_MESSAGES.eventNotFound);
  if (event.triggerType !== rule.triggerType) {
    throw new AppError(
      'automation_rule.invalid',
      AUTOMATION_MESSAGES.eventTriggerMismatch(rule.triggerType),
      {
        fields: { event_id: AUTOMATION_MESSAGES.eventTriggerMismatch(rule.triggerType) },
      },
    );
  }
  const enrollment =
    event.enrollmentId === null ? undefined : await repo.enrollmentFacts(ctx.db, event.enrollmentId);
  const outcome = matchRule(rule, event.data as Record<string, unknown>, enrollment);
  await audit(ctx.db, ctx, {
    action: 'automation_rule.tested',
    entityType: 'automation_rule',
    entityId: rule.id,
    details: { event_id: event.id, matched: outcome.matched },
  });
  const actions = (rule.actions ?? []) as { type: AutomationActionType; config: Record<string, unknown> }[];
  return {
    matched: outcome.matched,
    reason: outcome.reason,
    actions: outcome.matched
      ? actions.map((a) => ({ type: a.type, would: describeAction(a.type, a.config) }))
      : [],
  };
}
