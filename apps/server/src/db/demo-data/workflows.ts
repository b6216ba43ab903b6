import { parseStepConfig, type WorkflowStepType } from '@trust/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import {
  automationRules,
  enrollments,
  formTemplates,
  programs,
  workflowInstances,
  workflowStepExecutions,
  workflowSteps,
  workflowTasks,
  workflowTemplates,
} from '../schema/index.ts';
import type { Random } from './random.ts';

// Demo workflows and rules (issue #17 item 5): the enhanced-care-management onboarding workflow (call within 48 h
// → wait 2 days → reached? → assessment form → a manager approves → notification), a 90-day reassessment on a
// time-based trigger, three automation rules, and onboarding instances of the ECM enrollments in every status with
// their step history and the open tasks and approvals they wait on. Deterministic for one Random.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

type Step = { type: WorkflowStepType; name: string; config: Record<string, unknown> };

function onboardingSteps(assessmentTemplateId: number): Step[] {
  return [
    {
      type: 'task',
      name: 'Call the member within 48 hours',
      config: {
        assignee: 'case_manager',
        due_in_hours: 48,
        description: 'Introduce yourself, confirm contact details and the best time to visit.',
        outcomes: ['reached', 'not_reached'],
      },
    },
    { type: 'wait', name: 'Wait 2 days', config: { mode: 'duration', duration: 2, unit: 'days' } },
    {
      type: 'condition',
      name: 'Reached?',
      config: { expression: { '==': [{ var: 'steps.1.outcome' }, 'reached'] }, on_false: 'end' },
    },
    {
      type: 'form',
      name: 'Complete the social needs assessment',
      config: { form_template_id: assessmentTemplateId, due_in_days: 7 },
    },
    {
      type: 'approval',
      name: 'Supervisor approves the care plan',
      config: {
        approver_role: 'manager',
        instructions: 'Check the assessment and the goals before approving.',
      },
    },
    {
      type: 'notification',
      name: 'Tell the case manager',
      config: {
        recipient: 'case_manager',
        title: 'Onboarding complete',
        message: '{{workflow_name}} is complete for {{member_first_name}} ({{program_name}}).',
        send_email: false,
        send_sms: false,
      },
    },
  ];
}

function reassessmentSteps(assessmentTemplateId: number): Step[] {
  return [
    {
      type: 'form',
      name: 'Reassess social needs',
      config: { form_template_id: assessmentTemplateId, due_in_days: 14 },
    },
    {
      type: 'notification',
      name: 'Tell the case manager',
      config: {
        recipient: 'case_manager',
        title: 'Reassessment submitted',
        message: 'The 90-day reassessment of {{member_first_name}} is in.',
      },
    },
  ];
}

/** What an onboarding instance looks like: its status and how far it got. */
type Shape =
  | { status: 'completed' }
  | { status: 'running'; at: 1 | 5 }
  | { status: 'paused'; at: 1 }
  | { status: 'failed' }
  | { status: 'cancelled' }
  | { status: 'completed_not_reached' };

const SHAPES: Shape[] = [
  { status: 'completed' },
  { status: 'running', at: 1 },
  { status: 'running', at: 5 },
  { status: 'completed' },
  { status: 'paused', at: 1 },
  { status: 'failed' },
  { status: 'completed_not_reached' },
  { status: 'cancelled' },
  { status: 'running', at: 1 },
  { status: 'completed' },
];

export type WorkflowDemoInput = {
  now: Date;
  organizationId: number;
  /** The manager who wrote the templates and rules (rules act as them). */
  authorId: number;
};

export async function insertWorkflowDemoData(tx: Tx, rng: Random, input: WorkflowDemoInput) {
  const { now, organizationId } = input;
  const [ecm] = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(and(eq(programs.organizationId, organizationId), eq(programs.name, 'Enhanced Care Management')));
  const [assessment] = await tx
    .select({ id: formTemplates.id })
    .from(formTemplates)
    .where(
      and(eq(formTemplates.organizationId, organizationId), eq(formTemplates.name, 'Social Needs Screening')),
    );
  if (!ecm || !assessment) return { templates: 0, instances: 0, rules: 0 };

  const insertTemplate = async (values: typeof workflowTemplates.$inferInsert, steps: Step[]) => {
    const [template] = await tx.insert(workflowTemplates).values(values).returning();
    const rows = await tx
      .insert(workflowSteps)
      .values(
        steps.map((step, i) => {
          // The stored configuration is the one the designer would save (the schema's defaults filled in).
          const parsed = parseStepConfig(step.type, step.config);
          if (!parsed.ok) throw new Error(`demo step ${step.name}: ${JSON.stringify(parsed.fields)}`);
          return {
            templateId: template!.id,
            version: 1,
            stepOrder: i + 1,
            stepType: step.type,
            stepName: step.name,
            stepConfig: parsed.config,
          };
        }),
      )
      .returning();
    return { template: template!, steps: rows };
  };

  const onboarding = await insertTemplate(
    {
      organizationId,
      name: 'ECM onboarding',
      description: 'The first two weeks of an Enhanced Care Management enrollment.',
      triggerType: 'enrollment_created',
      triggerConfig: {},
      programId: ecm.id,
      createdBy: input.authorId,
      createdTs: new Date(now.getTime() - 60 * DAY_MS),
    },
    onboardingSteps(assessment.id),
  );
  await insertTemplate(
    {
      organizationId,
      name: '90-day reassessment',
      description: 'Every quarter, each open ECM enrollment is reassessed.',
      triggerType: 'time_based',
      // 09:00 UTC on the first day of every third month: about every 90 days.
      triggerConfig: { cron: '0 9 1 */3 *' },
      programId: ecm.id,
      nextRunAt: nextQuarterStart(now),
      createdBy: input.authorId,
      createdTs: new Date(now.getTime() - 55 * DAY_MS),
    },
    reassessmentSteps(assessment.id),
  );

  // Onboarding instances of the newest ECM enrollments, in every status.
  const ecmEnrollments = await tx
    .select({
      id: enrollments.id,
      caseManager: enrollments.caseManagerUserId,
      date: enrollments.enrollmentDate,
    })
    .from(enrollments)
    .where(
      and(eq(enrollments.programId, ecm.id), inArray(enrollments.status, ['active', 'pending', 'on_hold'])),
    )
    .orderBy(asc(enrollments.id))
    .limit(SHAPES.length * 2);
  let instances = 0;
  for (const [i, enrollment] of ecmEnrollments.entries()) {
    const shape = SHAPES[i % SHAPES.length]!;
    const startedAt = new Date(now.getTime() - rng.int(3, 40) * DAY_MS - rng.int(0, 23) * HOUR_MS);
    await insertOnboardingInstance(tx, {
      organizationId,
      template: onboarding.template,
      steps: onboarding.steps,
      enrollmentId: enrollment.id,
      caseManagerId: enrollment.caseManager,
      reviewerId: input.authorId,
      startedAt,
      shape,
      now,
    });
    instances++;
  }

  // Three rules (issue #17 item 5), written by the manager.
  const rules: (typeof automationRules.$inferInsert)[] = [
    {
      organizationId,
      ruleName: 'Goal met: schedule a follow-up',
      triggerType: 'goal_completed',
      triggerConditions: {},
      actions: [
        {
          type: 'create_activity',
          config: { activity_type: 'follow_up', status: 'scheduled', days_from_now: 7 },
        },
      ],
      priority: 1,
      actingUserId: input.authorId,
    },
    {
      organizationId,
      ruleName: 'On hold: tell the managers',
      triggerType: 'enrollment_status_changed',
      triggerConditions: { to_status: 'on_hold' },
      actions: [
        {
          type: 'send_notification',
          config: {
            recipient: 'role',
            role: 'manager',
            title: 'Enrollment put on hold',
            message: 'An ECM enrollment was put on hold: check whether it needs outreach.',
          },
        },
      ],
      priority: 2,
      programId: ecm.id,
      actingUserId: input.authorId,
    },
    {
      organizationId,
      ruleName: 'Urgent members: weekly case review',
      triggerType: 'scheduled',
      triggerConditions: { cron: '0 8 * * 1', priority_level: 'urgent' },
      actions: [
        {
          type: 'create_activity',
          config: { activity_type: 'case_management', status: 'scheduled', days_from_now: 0 },
        },
      ],
      priority: 3,
      nextRunAt: nextMonday8(now),
      actingUserId: input.authorId,
    },
  ];
  await tx.insert(automationRules).values(rules);
  return { templates: 2, instances, rules: rules.length };
}

function nextQuarterStart(now: Date): Date {
  const month = now.getUTCMonth();
  const next = new Date(Date.UTC(now.getUTCFullYear(), month - (month % 3) + 3, 1, 9));
  return next;
}

function nextMonday8(now: Date): Date {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 8));
  do d.setUTCDate(d.getUTCDate() + 1);
  while (d.getUTCDay() !== 1);
  return d;
}

type InstanceInput = {
  organizationId: number;
  template: typeof workflowTemplates.$inferSelect;
  steps: (typeof workflowSteps.$inferSelect)[];
  enrollmentId: number;
  caseManagerId: number | null;
  reviewerId: number;
  startedAt: Date;
  shape: Shape;
  now: Date;
};

async function insertOnboardingInstance(tx: Tx, input: InstanceInput) {
  const { shape, steps, startedAt } = input;
  const reached = shape.status !== 'completed_not_reached';
  // How many steps ran, and how the last one stands.
  const ran =
    shape.status === 'completed'
      ? 6
      : shape.status === 'completed_not_reached'
        ? 3
        : shape.status === 'failed'
          ? 5
          : 'at' in shape
            ? shape.at
            : 1;
  const status = shape.status === 'completed_not_reached' ? 'completed' : shape.status;
  const ended = status === 'completed' || status === 'failed' || status === 'cancelled';
  let clock = startedAt.getTime();
  const times: { start: Date; end: Date }[] = [];
  for (let order = 1; order <= ran; order++) {
    const span =
      order === 1
        ? 26 * HOUR_MS
        : order === 2
          ? 2 * DAY_MS
          : order === 4
            ? 3 * DAY_MS
            : order === 5
              ? DAY_MS
              : 60_000;
    times.push({ start: new Date(clock), end: new Date(clock + span) });
    clock += span;
  }
  const endedAt = ended ? new Date(Math.min(clock, input.now.getTime())) : null;
  const [instance] = await tx
    .insert(workflowInstances)
    .values({
      organizationId: input.organizationId,
      templateId: input.template.id,
      templateVersion: 1,
      enrollmentId: input.enrollmentId,
      status,
      currentStepOrder: ran,
      stepsTaken: ran,
      errorMessage:
        status === 'failed'
          ? 'Supervisor approves the care plan: Rejected: Income verification is missing.'
          : null,
      startedBy: 'enrollment_created',
      triggerKey: `demo:${input.enrollmentId}`,
      startedAt,
      completedAt: endedAt,
      createdTs: startedAt,
      lastUpdatedTs: endedAt ?? startedAt,
    })
    .returning();
  for (let order = 1; order <= ran; order++) {
    const step = steps[order - 1]!;
    const last = order === ran;
    const open = last && !ended;
    const execStatus = open
      ? status === 'paused' || status === 'running'
        ? 'waiting'
        : 'pending'
      : last && status === 'failed'
        ? 'failed'
        : last && status === 'cancelled'
          ? 'cancelled'
          : 'completed';
    const output = outputOf(order, reached, execStatus, input);
    const [execution] = await tx
      .insert(workflowStepExecutions)
      .values({
        instanceId: instance!.id,
        stepId: step.id,
        stepOrder: order,
        stepName: step.stepName,
        stepType: step.stepType,
        status: execStatus,
        attempts: 1,
        input: step.stepConfig,
        output,
        error: execStatus === 'failed' ? 'Rejected: Income verification is missing.' : null,
        startedAt: times[order - 1]!.start,
        completedAt: execStatus === 'waiting' || execStatus === 'pending' ? null : times[order - 1]!.end,
        createdTs: times[order - 1]!.start,
      })
      .returning();
    if (step.stepType === 'task' || step.stepType === 'approval') {
      const taskStatus =
        execStatus === 'waiting'
          ? 'open'
          : execStatus === 'cancelled'
            ? 'cancelled'
            : step.stepType === 'task'
              ? 'done'
              : execStatus === 'failed'
                ? 'rejected'
                : 'approved';
      const closed = taskStatus !== 'open';
      await tx.insert(workflowTasks).values({
        organizationId: input.organizationId,
        instanceId: instance!.id,
        executionId: execution!.id,
        kind: step.stepType,
        title: step.stepName,
        description:
          (step.stepConfig as { description?: string; instructions?: string }).description ??
          (step.stepConfig as { instructions?: string }).instructions ??
          null,
        assigneeUserId: step.stepType === 'task' ? input.caseManagerId : null,
        assigneeRole: step.stepType === 'approval' || input.caseManagerId === null ? 'manager' : null,
        outcomes: step.stepType === 'task' ? ['reached', 'not_reached'] : [],
        status: taskStatus,
        outcome:
          step.stepType === 'task' && closed && taskStatus !== 'cancelled'
            ? reached
              ? 'reached'
              : 'not_reached'
            : null,
        comment: taskStatus === 'rejected' ? 'Income verification is missing.' : null,
        dueAt: step.stepType === 'task' ? new Date(times[0]!.start.getTime() + 48 * HOUR_MS) : null,
        completedBy:
          closed && taskStatus !== 'cancelled'
            ? step.stepType === 'task'
              ? input.caseManagerId
              : input.reviewerId
            : null,
        completedAt: closed ? times[order - 1]!.end : null,
        createdTs: times[order - 1]!.start,
      });
    }
  }
}

function outputOf(
  order: number,
  reached: boolean,
  status: string,
  input: InstanceInput,
): Record<string, unknown> | null {
  if (status === 'waiting' || status === 'pending' || status === 'cancelled') return null;
  switch (order) {
    case 1:
      return {
        decision: 'done',
        outcome: reached ? 'reached' : 'not_reached',
        comment: null,
        completed_by: input.caseManagerId,
      };
    case 2:
      return { until: null };
    case 3:
      return { result: reached };
    case 4:
      return { submitted_at: new Date(input.startedAt.getTime() + 6 * DAY_MS).toISOString() };
    case 5:
      return status === 'failed'
        ? { decision: 'rejected', comment: 'Income verification is missing.', completed_by: input.reviewerId }
        : { decision: 'approved', comment: 'Looks complete.', completed_by: input.reviewerId };
    default:
      return { recipients: 1, in_app: 1, emails: 0, texts: 0 };
  }
}
