import type { Referral, ReferralCreateInput } from '@trust/domain';
import { newReferralBody } from '../src/db/demo-data/factories.ts';
import { api, type TestApp } from './helpers.ts';

// Test data made the way the product makes it: through the routes, so the services write what they always
// write with it (the member link, history, audit, live-feed events). A test that needs a state the API cannot
// reach sets it by SQL itself.

/** A signed-in user's token and the organization it acts for. */
export type ActingAs = { token: string; orgId: number };

/**
 * A new Pending referral of `orgId`, by POST /api/referrals with newReferralBody(overrides): `overrides` name
 * the values the test asserts on. It is for manual selection unless the test says `use_matching_engine: true`:
 * with the matching engine it would be auto-matched when created (issue #14 item 8), Matched, not Pending.
 */
export async function createReferral(
  t: TestApp,
  { token, orgId, ...overrides }: ActingAs & Partial<ReferralCreateInput>,
): Promise<Referral> {
  const body = newReferralBody({ use_matching_engine: false, ...overrides });
  const res = await api(t)('POST', '/api/referrals', token, orgId, body);
  if (res.statusCode !== 201) throw new Error(`create referral: ${res.statusCode} ${res.body}`);
  return res.json() as Referral;
}

/** The organization claims the Pending referral from the live feed (000 §4.1): Matched to its provider. */
export async function claimReferral(t: TestApp, { token, orgId }: ActingAs, id: number): Promise<Referral> {
  const res = await api(t)('POST', `/api/referrals/${id}/claim`, token, orgId);
  if (res.statusCode !== 200) throw new Error(`claim referral ${id}: ${res.statusCode} ${res.body}`);
  return res.json() as Referral;
}
