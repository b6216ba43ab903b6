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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { programs } from './programs.ts';
import { users } from './users.ts';

/**
 * 002 §3 Automation rule (issue #17 item 4). Its actions run as the person who wrote it last (`acting_user_id`):
 * a rule can do no more than its author may.
 */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ruleName: text('rule_name').notNull(),
    triggerType: text('trigger_type').notNull(),
    triggerConditions: jsonb('trigger_conditions').notNull().default({}),
    actions: jsonb('actions').notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    priority: integer('priority').notNull().default(1),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    actingUserId: integer('acting_user_id').references(() => users.id, { onDelete: 'set null' }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('automation_rules_org_idx').on(t.organizationId, t.priority, t.id),
    index('automation_rules_trigger_idx').on(t.organizationId, t.triggerType).where(sql`${t.isActive}`),
    index('automation_rules_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.isActive} and ${t.triggerType} = 'scheduled'`),
    check('automation_rules_priority_ck', sql`${t.priority} between 1 and 10`),
  ],
);

/**
 * Every evaluation of a rule (issue #17: every run logged): the event, whether it matched, and each action's
 * result. One per (rule, event): an event heard twice is evaluated once.
 */
export const automationRuleRuns = pgTable(
  'automation_rule_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => automationRules.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventName: text('event_name').notNull(),
    enrollmentId: integer('enrollment_id'),
    matched: boolean('matched').notNull(),
    reason: text('reason'),
    depth: integer('depth').notNull().default(0),
    /** [{type, config, status: pending|done|failed|skipped, result}] */
    actions: jsonb('actions').notNull().default([]),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('automation_rule_runs_event_uq').on(t.ruleId, t.eventId),
    index('automation_rule_runs_rule_idx').on(t.ruleId, t.id),
  ],
);

/**
 * Recent events of the rule triggers, per organization, for "Test rule" (kept AUTOMATION_EVENTS_KEPT_DAYS). Ids
 * and small facts only, as the domain events themselves.
 */
export const automationEvents = pgTable(
  'automation_events',
  {
    id: text('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    triggerType: text('trigger_type').notNull(),
    enrollmentId: integer('enrollment_id'),
    data: jsonb('data').notNull(),
    depth: integer('depth').notNull().default(0),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('automation_events_org_idx').on(t.organizationId, t.triggerType, t.at)],
);
