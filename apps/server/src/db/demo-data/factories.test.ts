import {
  HEALTH_PLANS,
  HOUSING_NEED,
  OTHER_NEEDS,
  referralCreateSchema,
  TRANSPORTATION_NEED,
} from '@trust/domain';
import { describe, expect, it } from 'vitest';
import { newReferralBody } from './factories.ts';

// The tests and the benchmarks create their referrals from newReferralBody: if it drifts from the contract of
// POST /api/referrals, this fails here rather than as a 400 in some unrelated test.

describe('newReferralBody', () => {
  const bodies = Array.from({ length: 200 }, () => newReferralBody());

  it('passes the create schema as it is: every value already in the form the server stores', () => {
    for (const body of bodies) {
      const parsed = referralCreateSchema.safeParse(body);
      expect(parsed.error?.issues ?? [], JSON.stringify(body)).toEqual([]);
      expect(parsed.data).toMatchObject(body);
    }
  });

  it('draws from the domain lists', () => {
    const needs: string[] = [HOUSING_NEED, TRANSPORTATION_NEED, ...OTHER_NEEDS];
    for (const body of bodies) {
      expect(HEALTH_PLANS).toContain(body.health_plan);
      expect(body.sdoh_needs?.every((need) => needs.includes(need))).toBe(true);
    }
  });

  it('gives each body a Medicaid ID of its own, never one of a demo member (a state, then 1-9)', () => {
    const ids = bodies.map((b) => b.medicaid_id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Z]{2}0\d{8}$/);
  });

  it('takes the overrides as they are, invalid ones too (for the validation tests)', () => {
    const body = newReferralBody({ first_name: 'Octavia', zip_code: '', city: null });
    expect(body).toMatchObject({ first_name: 'Octavia', zip_code: '', city: null });
    expect(referralCreateSchema.safeParse(body).success).toBe(false);
  });
});
