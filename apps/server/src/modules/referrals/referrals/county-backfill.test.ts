import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { COUNTY_BACKFILL_JOB, fillMissingCounties } from './county-backfill.ts';

let t: TestApp;
let plan: number;
let coordinator: string;

async function countyOf(id: number): Promise<string | null> {
  const [row] = await t.database.query<{ county_fips: string | null }>(
    'SELECT county_fips FROM referrals WHERE id = $1',
    [id],
  );
  return row!.county_fips;
}

beforeAll(async () => {
  t = await buildTestApp();
  const [org] = await t.database.query<{ id: number }>(
    "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
  );
  plan = org!.id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
});
afterAll(async () => t?.close());

describe('the county of a referral (issue #20, service gaps by county)', () => {
  it('is saved with the referral, from its ZIP', async () => {
    const r = await createReferral(t, { token: coordinator, orgId: plan, zip_code: '77002' });
    expect(await countyOf(r.id)).toBe('48201');
  });

  it('is filled in by the backfill job for referrals saved without it; an unknown ZIP stays without', async () => {
    const chicago = await createReferral(t, { token: coordinator, orgId: plan, zip_code: '60601' });
    const nowhere = await createReferral(t, { token: coordinator, orgId: plan, zip_code: '00000' });
    await t.database.query('UPDATE referrals SET county_fips = NULL WHERE id = ANY($1)', [
      [chicago.id, nowhere.id],
    ]);
    const missingBefore = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE county_fips IS NULL AND zip_code IS NOT NULL',
    );

    const placed = await fillMissingCounties(systemContext(t.app.deps, COUNTY_BACKFILL_JOB));

    expect(await countyOf(chicago.id)).toBe('17031');
    expect(await countyOf(nowhere.id)).toBeNull();
    expect(placed).toBe(missingBefore[0]!.n - 1);
    // A second run finds nothing left to place.
    expect(await fillMissingCounties(systemContext(t.app.deps, COUNTY_BACKFILL_JOB))).toBe(0);
  });

  it('gives every demo referral the county of its metro', async () => {
    const [row] = await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE county_fips IS NULL',
    );
    expect(row!.n).toBe(1); // only the test's own referral with an unknown ZIP
  });
});
