import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { members } from './members.ts';
import { organizations } from './orgs.ts';
import { billingActivities, programs } from './programs.ts';
import { statusCountsTable } from './status-counts.ts';
import { users } from './users.ts';

/**
 * 002 §3 Enrollment: a member in a program. Its status changes only through the enrollment state machine
 * (pending, active, on_hold, completed, withdrawn, terminated). The case manager is a user of the organization.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    enrollmentDate: date('enrollment_date').notNull(),
    startDate: date('start_date'),
    endDate: date('end_date'),
    caseManagerUserId: integer('case_manager_user_id').references(() => users.id, { onDelete: 'set null' }),
    priorityLevel: text('priority_level'),
    eligibilityVerified: boolean('eligibility_verified').notNull().default(false),
    consentObtained: boolean('consent_obtained').notNull().default(false),
    notes: text('notes'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, newest first, with its program and status filters; a program's active count (capacity).
    index('enrollments_org_date_idx').on(t.organizationId, t.enrollmentDate, t.id),
    index('enrollments_program_status_idx').on(t.programId, t.status),
    index('enrollments_member_idx').on(t.memberId),
    index('enrollments_case_manager_idx').on(t.caseManagerUserId),
  ],
);

/** The list's totals by organization and status, kept by triggers (status-counts.ts). */
export const enrollmentCounts = statusCountsTable('enrollment_counts');

/** 002 §3 Activity: an outreach or service recorded on an enrollment; completed ones may be billed. */
export const enrollmentActivities = pgTable(
  'enrollment_activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    activityType: text('activity_type').notNull(),
    activityDate: date('activity_date').notNull(),
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    /** The billing activity it is billed as (issue #15 item 7), with how many units. */
    billingActivityId: integer('billing_activity_id').references(() => billingActivities.id, {
      onDelete: 'set null',
    }),
    units: integer('units').notNull().default(1),
    performedBy: integer('performed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrollment_activities_enrollment_idx').on(t.enrollmentId, t.activityDate, t.id),
    index('enrollment_activities_billing_idx').on(t.billingActivityId, t.activityDate),
  ],
);

/** 002 §3 Document of an enrollment: stored like case documents (encrypted at rest, checked by content). */
export const enrollmentDocuments = pgTable(
  'enrollment_documents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    documentType: text('document_type').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrollment_documents_enrollment_idx').on(t.enrollmentId, t.uploadDate, t.id),
    uniqueIndex('enrollment_documents_storage_key_uq').on(t.storageKey),
  ],
);

/**
 * The stored files of enrollment documents whose rows are gone, filled by a trigger on enrollment_documents
 * (migration 0012), so a file goes whatever deleted its row: the document, its enrollment, the member, the
 * program or the organization (cascades). The enrollments module removes the files and these rows
 * (document-files.ts), at once after its own deletes and by a job after the others.
 */
export const enrollmentDocumentOrphans = pgTable('enrollment_document_orphans', {
  storageKey: text('storage_key').primaryKey(),
  orphanedAt: timestamp('orphaned_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 002 §3 Note of an enrollment; a confidential one is read only by its author and the managers and admins. */
export const enrollmentNotes = pgTable(
  'enrollment_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    noteText: text('note_text').notNull(),
    noteType: text('note_type').notNull().default('general'),
    isConfidential: boolean('is_confidential').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollment_notes_enrollment_idx').on(t.enrollmentId, t.createdTs, t.id)],
);

/** 002 §3 Goal of an enrollment. */
export const enrollmentGoals = pgTable(
  'enrollment_goals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    goalText: text('goal_text').notNull(),
    goalCategory: text('goal_category').notNull().default('health'),
    targetDate: date('target_date'),
    status: text('status').notNull().default('active'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('enrollment_goals_enrollment_idx').on(t.enrollmentId, t.createdTs, t.id)],
);
