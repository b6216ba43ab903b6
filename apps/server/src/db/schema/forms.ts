import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
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
 * 002 §3 Form template (issue #16): what stays the same across its versions (the organization, whether it is
 * offered, which version is current). The content — name, type, program, sections — lives in its versions.
 */
export const formTemplates = pgTable(
  'form_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The current version's name, type and program, copied here so lists filter and sort by an index. */
    name: text('name').notNull(),
    formType: text('form_type').notNull(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    currentVersion: integer('current_version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('form_templates_org_name_idx').on(t.organizationId, t.name, t.id),
    index('form_templates_org_type_idx').on(t.organizationId, t.formType),
    index('form_templates_program_idx').on(t.programId),
  ],
);

/**
 * One version of a template. A version forms were started on never changes (issue #16: instances stay pinned to
 * it); a change is then saved as the next version.
 */
export const formTemplateVersions = pgTable(
  'form_template_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => formTemplates.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    formType: text('form_type').notNull(),
    programId: integer('program_id').references(() => programs.id, { onDelete: 'set null' }),
    /** 002 §3 sections with their fields, as the shared schema (formSectionSchema) checked them. */
    sections: jsonb('sections').notNull(),
    settings: jsonb('settings').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  // A constraint, not only an index: form_instances' foreign key to (template_id, version) needs it.
  (t) => [unique('form_template_versions_template_version_uq').on(t.templateId, t.version)],
);

/**
 * 002 §3 Form instance: a template version filled for an enrollment. Its status changes only through the form
 * state machine (draft → submitted → reviewed → approved); `revision` counts its saves, so a save based on an
 * older one is refused instead of erasing another person's answers.
 */
export const formInstances = pgTable(
  'form_instances',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: integer('template_id')
      .notNull()
      .references(() => formTemplates.id, { onDelete: 'cascade' }),
    templateVersion: integer('template_version').notNull(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft'),
    fieldData: jsonb('field_data').notNull().default({}),
    completionPercentage: integer('completion_percentage').notNull().default(0),
    revision: integer('revision').notNull().default(0),
    assignedToUserId: integer('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    reviewComment: text('review_comment'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    lastUpdatedBy: integer('last_updated_by').references(() => users.id, { onDelete: 'set null' }),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The library of an enrollment; a template's usage; the analytics of a range; an assignee's list.
    // Pinned to the version it was started on: that version cannot be deleted under it.
    foreignKey({
      name: 'form_instances_template_version_fk',
      columns: [t.templateId, t.templateVersion],
      foreignColumns: [formTemplateVersions.templateId, formTemplateVersions.version],
    }).onDelete('cascade'),
    index('form_instances_enrollment_idx').on(t.enrollmentId, t.lastUpdatedTs, t.id),
    index('form_instances_template_idx').on(t.templateId, t.templateVersion),
    index('form_instances_org_started_idx').on(t.organizationId, t.startedAt),
    // The organization's forms, the most recently changed first (issue #22: at a million forms the page sorted
    // them all, ~1 s).
    index('form_instances_org_updated_idx').on(t.organizationId, t.lastUpdatedTs, t.id),
    index('form_instances_assignee_idx').on(t.assignedToUserId, t.status),
    // Compliance: the forms not yet submitted that have a due date.
    index('form_instances_org_due_idx')
      .on(t.organizationId, t.dueDate)
      .where(sql`${t.status} = 'draft' and ${t.dueDate} is not null`),
    check('form_instances_status_ck', sql`${t.status} in ('draft', 'submitted', 'reviewed', 'approved')`),
  ],
);

/** The list's totals by organization and status, kept by triggers (status-counts.ts). */
export const formInstanceCounts = statusCountsTable('form_instance_counts');

/** Issue #16: every save and submit of a form, with who and which fields changed (never the answers). */
export const formInstanceHistory = pgTable(
  'form_instance_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    instanceId: integer('instance_id')
      .notNull()
      .references(() => formInstances.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    changedFields: text('changed_fields').array().notNull().default(sql`'{}'::text[]`),
    comment: text('comment'),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_instance_history_instance_idx').on(t.instanceId, t.id)],
);

/**
 * 002 §9: the analytics overview, cached 5 minutes per organization, range and program; a change to a form of
 * the organization clears its entries, and a job purges expired ones every 10 minutes. Counts only, no PHI.
 */
export const formAnalyticsCache = pgTable(
  'form_analytics_cache',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    cacheKey: text('cache_key').notNull(),
    payload: jsonb('payload').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('form_analytics_cache_key_uq').on(t.organizationId, t.cacheKey),
    index('form_analytics_cache_expires_idx').on(t.expiresAt),
  ],
);
