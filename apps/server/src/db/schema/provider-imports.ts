import type { ImportProgress, ImportUsage } from '@trust/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * An import schedule (002 §3 Schedule, issue #18 item 3): a registry import that runs on a cron. Presets
 * (daily, weekly, monthly) are stored as their cron too, so one tick reads `next_run_at` for all of them.
 */
export const importSchedules = pgTable(
  'import_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    dataSource: text('data_source').notNull(),
    /** daily | weekly | monthly | custom. */
    frequency: text('frequency').notNull(),
    cronExpression: text('cron_expression').notNull(),
    states: text('states').array().notNull(),
    limitPerRun: integer('limit_per_run').notNull(),
    taxonomy: text('taxonomy'),
    enabled: boolean('enabled').notNull().default(true),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    successfulRuns: integer('successful_runs').notNull().default(0),
    totalRuns: integer('total_runs').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('import_schedules_due_idx').on(t.nextRunAt).where(sql`${t.enabled}`)],
);

/**
 * A registry import run (002 §3 Import job): started by hand, by its schedule, or by a schedule it depends on.
 * `progress` is what the live screen shows; `usage` what the run really used, and `cost_usd` its price at the
 * unit prices configured when it ended (issue #18 item 4).
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** queued → running → completed | failed | cancelled (002 §4). */
    status: text('status').notNull().default('queued'),
    dataSource: text('data_source').notNull(),
    states: text('states').array().notNull(),
    limitPerState: integer('limit_per_state').notNull(),
    taxonomy: text('taxonomy'),
    /** api (the NPPES Registry API), file (the source's downloadable file) or deactivations (NPPES's report). */
    method: text('method').notNull().default('api'),
    /** manual | schedule | dependency. */
    trigger: text('trigger').notNull().default('manual'),
    scheduleId: integer('schedule_id').references(() => importSchedules.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    progress: jsonb('progress').$type<ImportProgress>().notNull(),
    usage: jsonb('usage').$type<ImportUsage>().notNull(),
    notes: text('notes').array().notNull().default([]),
    costUsd: numeric('cost_usd', { precision: 14, scale: 6 }),
    costBreakdown: jsonb('cost_breakdown').$type<Record<string, number>>(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('import_jobs_created_idx').on(t.createdAt),
    index('import_jobs_active_idx').on(t.status).where(sql`${t.status} in ('queued', 'running')`),
    index('import_jobs_schedule_idx').on(t.scheduleId, t.createdAt),
    index('import_jobs_completed_idx').on(t.completedAt),
  ],
);

/** 002 §3 Dependency: a schedule runs after another's run ends, if its type is satisfied. */
export const importScheduleDependencies = pgTable(
  'import_schedule_dependencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => importSchedules.id, { onDelete: 'cascade' }),
    dependsOnScheduleId: integer('depends_on_schedule_id')
      .notNull()
      .references(() => importSchedules.id, { onDelete: 'cascade' }),
    /** success | completion | conditional. */
    dependencyType: text('dependency_type').notNull().default('success'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('import_schedule_dependencies_uq').on(t.scheduleId, t.dependsOnScheduleId),
    index('import_schedule_dependencies_upstream_idx').on(t.dependsOnScheduleId),
  ],
);
