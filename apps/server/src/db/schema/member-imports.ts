import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { users } from './users.ts';

/**
 * A member import (issue #15 item 4): the uploaded file (encrypted in storage under `storage_key`), the columns
 * the user matched, and the job's progress. Rows are applied in batches, each batch in one transaction that also
 * advances `processed_rows`, so an import killed mid-way resumes where its last batch committed.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    /** csv or xlsx. */
    fileFormat: text('file_format').notNull(),
    storageKey: text('storage_key').notNull(),
    /** The file's header row, in order (the refusal file repeats the columns as the file had them). */
    columns: text('columns').array().notNull().default([]),
    sourceSystem: text('source_system').notNull().default(''),
    /** File column → member field (core field or custom field name); unmatched columns are absent. */
    columnMap: jsonb('column_map').$type<Record<string, string>>().notNull().default({}),
    /** What to do with a row whose member is on file (by Medicaid ID or patient_no): 'update' or 'skip'. */
    onExisting: text('on_existing').notNull().default('update'),
    /** uploaded → queued → running → completed | failed | cancelled. */
    status: text('status').notNull().default('uploaded'),
    totalRows: integer('total_rows').notNull().default(0),
    processedRows: integer('processed_rows').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    updatedCount: integer('updated_count').notNull().default(0),
    unchangedCount: integer('unchanged_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    refusedCount: integer('refused_count').notNull().default(0),
    error: text('error'),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('member_imports_org_created_idx').on(t.organizationId, t.createdTs, t.id)],
);

/** A row the import refused, with the reason (the downloadable refusal file). Holds the row's PHI. */
export const memberImportRefusals = pgTable(
  'member_import_refusals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    importId: integer('import_id')
      .notNull()
      .references(() => memberImports.id, { onDelete: 'cascade' }),
    /** The row's line in the file (header is 1). */
    rowNumber: integer('row_number').notNull(),
    reason: text('reason').notNull(),
    row: jsonb('row').$type<Record<string, string>>().notNull(),
  },
  (t) => [index('member_import_refusals_import_idx').on(t.importId, t.rowNumber)],
);
