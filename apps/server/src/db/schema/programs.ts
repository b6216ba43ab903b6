import { bigint, boolean, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';

/**
 * 002 §3 Program: a care program an organization runs for a health plan (enhanced care management, community
 * supports…). current_enrollment is not stored: it is counted from the enrollments (issue #15 item 5).
 */
export const programs = pgTable(
  'programs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    programType: text('program_type').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    startDate: date('start_date'),
    endDate: date('end_date'),
    /** Active enrollments the program takes; null: no limit. */
    capacity: integer('capacity'),
    fundingSource: text('funding_source'),
    billingCode: text('billing_code'),
    /** Money in integer cents (issue #15 item 5); the wire carries dollars. */
    reimbursementRateCents: bigint('reimbursement_rate_cents', { mode: 'number' }),
    eligibilityCriteria: text('eligibility_criteria'),
    servicesOffered: text('services_offered').array().notNull().default([]),
    programManagerName: text('program_manager_name'),
    programManagerEmail: text('program_manager_email'),
    programManagerPhone: text('program_manager_phone'),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
    lastUpdatedTs: timestamp('last_updated_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('programs_org_name_idx').on(t.organizationId, t.name, t.id)],
);

/** 002 §3 Billing activity: a billable service of a program, with its codes, unit, rate and limits. */
export const billingActivities = pgTable(
  'billing_activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    programId: integer('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    activityName: text('activity_name').notNull(),
    activityCode: text('activity_code'),
    /** The enrollment activity type it bills (outreach, assessment…): completed activities of it are billable. */
    activityType: text('activity_type'),
    description: text('description'),
    cptCode: text('cpt_code'),
    hcpcsCode: text('hcpcs_code'),
    revenueCode: text('revenue_code'),
    modifier1: text('modifier_1'),
    modifier2: text('modifier_2'),
    billingUnit: text('billing_unit').notNull(),
    rateCentsPerUnit: bigint('rate_cents_per_unit', { mode: 'number' }).notNull(),
    mcpId: text('mcp_id'),
    maxUnitsPerDay: integer('max_units_per_day'),
    maxUnitsPerMonth: integer('max_units_per_month'),
    placeOfService: text('place_of_service'),
    isBundled: boolean('is_bundled').notNull().default(false),
    bundledActivities: text('bundled_activities').array().notNull().default([]),
    requiresPriorAuth: boolean('requires_prior_auth').notNull().default(false),
    requiresSupervision: boolean('requires_supervision').notNull().default(false),
    minCredentialsRequired: text('min_credentials_required'),
    isActive: boolean('is_active').notNull().default(true),
    effectiveDate: date('effective_date'),
    expirationDate: date('expiration_date'),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_activities_program_idx').on(t.programId, t.activityName, t.id)],
);
