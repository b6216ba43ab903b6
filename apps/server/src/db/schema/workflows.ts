import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { enrollments } from './enrollments.ts';
import { organizations } from './orgs.ts';
import { programs } from './programs.ts';
import { statusCountsTable } from './status-counts.ts';
import { users } from './users.ts';

/**
 * 002 §3 Workflow template (issue #17). `current_version` is the version new instances start on; its steps are
 * edited in place until an instance starts on it, then an edit copies them to the next version (instances finish
 * on the version they started with). A time-based template carries its own schedule: `next_run_at`, read by one
 * scheduler tick (jobs.ts).
 */
export const workflowTemplates = pgTable(
  'workflow_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    triggerType: text('trigger_type').notNull(),
    triggerConfig: jsonb('trigger_config').notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    currentVersion: integer('current_version').notNull().default(1),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workflow_templates_org_name_idx').on(t.organizationId, t.name, t.id),
    // Triggers: the active templates of an organization listening to one trigger type.
    index('workflow_templates_trigger_idx').on(t.organizationId, t.triggerType).where(sql`${t.isActive}`),
    // The scheduler tick: time-based templates that are due.
    index('workflow_templates_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isActive} and ${t.triggerType} = 'time_based'`),
    index('workflow_templates_program_idx').on(t.programId),
  ],
);

/** 002 §3 Workflow step, of one version of a template. */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    stepOrder: integer('step_order').notNull(),
    stepType: text('step_type').notNull(),
    stepName: text('step_name').notNull(),
    stepConfig: jsonb('step_config').notNull().default({}),
    required: boolean('required').notNull().default(true),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('workflow_steps_version_order_uq').on(t.templateId, t.version, t.stepOrder),
    check('workflow_steps_order_ck', sql`${t.stepOrder} >= 1`),
  ],
);

/**
 * 002 §3 Workflow instance: one run of a template version for an enrollment. Its status changes only through the
 * instance state machine (lifecycle.ts). `trigger_key` names what started it (an event id, a scheduled run): the
 * same trigger heard by several server processes starts it once.
 */
export const workflowInstances = pgTable(
  'workflow_instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => workflowTemplates.id, { onDelete: 'cascade' }),
    templateVersion: integer('template_version').notNull(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('running'),
    currentStepOrder: integer('current_step_order').notNull().default(0),
    /** Step executions so far (a loop guard: WORKFLOW_MAX_STEPS_PER_INSTANCE). */
    stepsTaken: integer('steps_taken').notNull().default(0),
    errorMessage: text('error_message'),
    startedBy: text('started_by').notNull(),
    startedByUserId: integer('started_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    triggerKey: text('trigger_key').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('workflow_instances_trigger_uq').on(t.templateId, t.enrollmentId, t.triggerKey),
    // One open instance of a template per enrollment, held by the database whatever starts them at once.
    uniqueIndex('workflow_instances_open_uq')
      .on(t.templateId, t.enrollmentId)
      .where(sql`${t.status} in ('running', 'paused')`),
    index('workflow_instances_org_idx').on(t.organizationId, t.status, t.id),
    index('workflow_instances_template_idx').on(t.templateId, t.status),
    index('workflow_instances_enrollment_idx').on(t.enrollmentId, t.status),
    check(
      'workflow_instances_status_ck',
      sql`${t.status} in ('running', 'completed', 'failed', 'paused', 'cancelled')`,
    ),
  ],
);

/** The list's totals by organization and status, kept by triggers (status-counts.ts). */
export const workflowInstanceCounts = statusCountsTable('workflow_instance_counts');

/**
 * One execution of one step of an instance (issue #17 item 2). `visit` counts how often the instance reached this
 * step (a loop comes back to it); (instance, step order, visit) is the idempotency key of its side effects, and
 * `attempts` counts the tries of that one execution.
 */
export const workflowStepExecutions = pgTable(
  'workflow_step_executions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    stepId: integer('step_id').references(() => workflowSteps.id, { onDelete: 'set null' }),
    stepOrder: integer('step_order').notNull(),
    stepName: text('step_name').notNull(),
    stepType: text('step_type').notNull(),
    visit: integer('visit').notNull().default(1),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    input: jsonb('input'),
    output: jsonb('output'),
    error: text('error'),
    resumeAt: timestamp('resume_at', { withTimezone: true }),
    /** The pg-boss job that runs it next (cancelled with the instance). */
    jobId: text('job_id'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('workflow_step_executions_key_uq').on(t.instanceId, t.stepOrder, t.visit),
    // A form step waiting for its form: found by the form's id when form.submitted arrives.
    index('workflow_step_executions_form_idx')
      .on(sql`((${t.output} ->> 'form_instance_id')::int)`)
      .where(sql`${t.stepType} = 'form' and ${t.status} = 'waiting'`),
    check(
      'workflow_step_executions_status_ck',
      sql`${t.status} in ('pending', 'running', 'waiting', 'completed', 'failed', 'skipped', 'cancelled')`,
    ),
  ],
);

/**
 * A task or an approval a step handed to a person or a role (issue #17 item 2). One per execution: a retried
 * step finds it instead of creating a second one.
 */
export const workflowTasks = pgTable(
  'workflow_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => workflowInstances.id, { onDelete: 'cascade' }),
    executionId: integer('execution_id')
      .notNull()
      .references(() => workflowStepExecutions.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    description: text('description'),
    assigneeUserId: integer('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeRole: text('assignee_role'),
    outcomes: jsonb('outcomes').notNull().default([]),
    status: text('status').notNull().default('open'),
    outcome: text('outcome'),
    comment: text('comment'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('workflow_tasks_execution_uq').on(t.executionId),
    index('workflow_tasks_user_idx').on(t.organizationId, t.assigneeUserId, t.status, t.id),
    index('workflow_tasks_role_idx').on(t.organizationId, t.assigneeRole, t.status, t.id),
    index('workflow_tasks_instance_idx').on(t.instanceId),
    check('workflow_tasks_kind_ck', sql`${t.kind} in ('task', 'approval')`),
    check(
      'workflow_tasks_status_ck',
      sql`${t.status} in ('open', 'done', 'approved', 'rejected', 'cancelled')`,
    ),
    check(
      'workflow_tasks_assignee_ck',
      sql`${t.assigneeUserId} is not null or ${t.assigneeRole} is not null`,
    ),
  ],
);
