import { billingActivityCreateSchema, programCreateSchema } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../client.ts';
import { DEMO_PROGRAMS } from './programs.ts';

describe('demo programs (issue #15 item 5)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
  });
  afterAll(async () => drop?.());

  it('keep every rule the API holds a program and a billing activity to', () => {
    for (const p of [...DEMO_PROGRAMS.plan, ...DEMO_PROGRAMS.harbor]) {
      const program = programCreateSchema.safeParse({
        name: p.name,
        program_type: p.programType,
        description: p.description,
        is_active: p.isActive ?? true,
        start_date: p.startDate,
        end_date: p.endDate ?? null,
        capacity: p.capacity,
        funding_source: p.fundingSource,
        billing_code: p.billingCode ?? null,
        reimbursement_rate: p.reimbursementRateDollars ?? null,
        eligibility_criteria: p.eligibilityCriteria,
        services_offered: p.servicesOffered,
        program_manager_name: p.manager.name,
        program_manager_email: p.manager.email,
        program_manager_phone: p.manager.phone,
      });
      expect(program.error?.issues ?? [], p.name).toEqual([]);
      expect(p.billing.length, p.name).toBeGreaterThanOrEqual(1);
      for (const b of p.billing) {
        const activity = billingActivityCreateSchema.safeParse({
          program_id: 1,
          activity_name: b.activityName,
          activity_code: b.activityCode ?? null,
          activity_type: b.activityType ?? null,
          description: b.description ?? null,
          cpt_code: b.cptCode ?? null,
          hcpcs_code: b.hcpcsCode ?? null,
          revenue_code: b.revenueCode ?? null,
          modifier_1: b.modifier1 ?? null,
          modifier_2: b.modifier2 ?? null,
          billing_unit: b.billingUnit,
          rate_per_unit: b.rateDollars,
          max_units_per_day: b.maxUnitsPerDay ?? null,
          max_units_per_month: b.maxUnitsPerMonth ?? null,
          place_of_service: b.placeOfService ?? null,
          requires_prior_auth: b.requiresPriorAuth ?? false,
          requires_supervision: b.requiresSupervision ?? false,
          min_credentials_required: b.minCredentialsRequired ?? null,
          is_active: b.isActive ?? true,
        });
        expect(activity.error?.issues ?? [], b.activityName).toEqual([]);
      }
    }
  });

  it('are loaded for the health plan and Harbor, money in cents', async () => {
    const rows = await database.query<{ org: string; name: string; activities: number; cents: number }>(
      `SELECT o.name AS org, p.name, count(b.id)::int AS activities, min(b.rate_cents_per_unit)::int AS cents
         FROM programs p JOIN organizations o ON o.id = p.organization_id
         LEFT JOIN billing_activities b ON b.program_id = p.id
        GROUP BY o.name, p.name ORDER BY o.name, p.name`,
    );
    const names = (org: string) => rows.filter((r) => r.org === org).map((r) => r.name);
    expect(names('Golden Valley Health Plan')).toEqual(
      expect.arrayContaining(['Enhanced Care Management', 'Medically Tailored Meals']),
    );
    expect(names('Harbor Community Services')).toContain('Community Supports – Housing Navigation');
    const meals = rows.find((r) => r.name === 'Medically Tailored Meals');
    expect(meals).toMatchObject({ activities: 2, cents: 1250 });
  });
});
