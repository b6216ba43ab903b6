import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * A table of kept counts by status (issue #22): the totals of an organization's list (enrollments, forms, workflow
 * runs), which counting would make read a million rows per page. Statement-level triggers append one row per
 * organization and status a statement changed, with the change in `n` (+ added, − removed; an update adds both
 * sides), in the transaction of the change: appended, never updated, so writers never wait on each other's
 * count rows. The total is the sum; db/kept-counts.ts reads it and folds an organization's rows into one per
 * status when they pile up. No foreign key to organizations: a cascade that deletes an organization's rows still
 * appends their removal (the rows sum to zero and are folded away).
 */
export function statusCountsTable(name: string) {
  return pgTable(
    name,
    {
      id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
      organizationId: integer('organization_id').notNull(),
      status: text('status').notNull(),
      n: integer('n').notNull(),
    },
    (t) => [index(`${name}_org_idx`).on(t.organizationId, t.status)],
  );
}

export type StatusCountsTable = ReturnType<typeof statusCountsTable>;
