import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { users } from './users.ts';

/** 002 §3 Member: a person an organization serves. PHI. */
export const members = pgTable(
  'members',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phoneNo: text('phone_no'),
    race: text('race'),
    ethnicity: text('ethnicity'),
    language: text('language'),
    dob: date('dob'),
    gender: text('gender'),
    patientNo: text('patient_no'),
    medicaidId: text('medicaid_id'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** Who added the member (staff see the members they added or manage, issue #15 item 8); null for imports. */
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The member list's search (issue #15 item 1): name, IDs, phone (as typed and bare digits) and email
     * lower-cased in one column, so one trigram index serves `LIKE '%term%'` at a million members.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(first_name || ' ' || last_name || ' ' || coalesce(medicaid_id, '') || ' ' || coalesce(patient_no, '') || ' ' || coalesce(phone_no, '') || ' ' || regexp_replace(coalesce(phone_no, ''), '[^0-9]', '', 'g') || ' ' || coalesce(email, ''))`,
      ),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_org_medicaid_uq')
      .on(t.organizationId, t.medicaidId)
      .where(sql`${t.medicaidId} is not null`),
    uniqueIndex('members_org_patient_no_uq')
      .on(t.organizationId, t.patientNo)
      .where(sql`${t.patientNo} is not null`),
    // The member list: one organization's members by name, paged (id breaks ties so pages never overlap).
    index('members_org_name_idx').on(t.organizationId, t.lastName, t.firstName, t.id),
    index('members_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // Staff's members: the ones they added (the others they manage come from enrollments_case_manager_idx).
    index('members_org_created_by_idx').on(t.organizationId, t.createdBy),
  ],
);

/**
 * How many members each organization has: the member list's total without counting a million rows per page
 * (issue #15 "at 1,000,000 members"). Kept by statement-level triggers on members (migration 0011:
 * tm_member_counts_add / tm_member_counts_remove), so every writer — the API, imports, referrals, bulk SQL —
 * keeps it right in its own transaction.
 */
export const memberCounts = pgTable('member_counts', {
  organizationId: integer('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  total: integer('total').notNull().default(0),
});
