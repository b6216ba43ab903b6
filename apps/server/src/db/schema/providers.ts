import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';

/**
 * Community providers of the directory (001 §3). `organization_id` links a provider to the organization whose
 * users act for it (so "matched provider users" exist). The directory issue adds search indexes.
 */
export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    organizationType: text('organization_type').notNull(),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zipCode: text('zip_code'),
    county: text('county'),
    phone: text('phone'),
    email: text('email'),
    website: text('website'),
    services: text('services').array().notNull().default([]),
    languages: text('languages').array().notNull().default([]),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    acceptsMedicaid: boolean('accepts_medicaid').notNull().default(true),
    acceptsMedicare: boolean('accepts_medicare').notNull().default(false),
    dataQualityScore: integer('data_quality_score').notNull().default(50),
    organizationId: integer('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('providers_zip_idx').on(t.zipCode), index('providers_org_idx').on(t.organizationId)],
);
