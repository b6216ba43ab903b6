import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';

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
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_org_medicaid_uq')
      .on(t.organizationId, t.medicaidId)
      .where(sql`${t.medicaidId} is not null`),
    index('members_org_name_idx').on(t.organizationId, t.lastName, t.firstName),
  ],
);
