import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';

/**
 * 002 §3 Custom field: a member field an organization defines for itself. The values live with each member
 * (members.custom_fields, keyed by `name`); `name` and `type` never change once created (002 §5).
 */
export const customFields = pgTable(
  'custom_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** str, int, bool, date, datetime, time, fixed_date (CUSTOM_FIELD_TYPES). */
    type: text('type').notNull(),
    friendlyName: text('friendly_name').notNull(),
    category: text('category'),
    defaultValue: text('default_value'),
    mandatory: boolean('mandatory').notNull().default(false),
    /** For str: the longest value allowed, 1–512 (002 §5, default 128). */
    strLen: integer('str_len'),
    nullable: boolean('nullable').notNull().default(true),
    hidden: boolean('hidden').notNull().default(false),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_fields_org_name_uq').on(t.organizationId, t.name),
    index('custom_fields_org_category_idx').on(t.organizationId, t.category),
  ],
);

/**
 * 002 §3 Field mapping: a plan's column name (`alternative`) for a member field (`db_column`, a core field or a
 * custom field's name), per source system. Imports match a file's columns through the active ones.
 */
export const fieldMappings = pgTable(
  'field_mappings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    dbColumn: text('db_column').notNull(),
    alternative: text('alternative').notNull(),
    /** The plan or agency whose file layout this is; '' for every source. */
    sourceSystem: text('source_system').notNull().default(''),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One mapping of a column name per source system (compared without case, as files spell headers freely).
    uniqueIndex('field_mappings_org_source_alt_uq').on(
      t.organizationId,
      t.sourceSystem,
      sql`lower(${t.alternative})`,
    ),
    index('field_mappings_org_column_idx').on(t.organizationId, t.dbColumn),
  ],
);
