import type { Referral } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { newReferralBody } from '../../../db/demo-data/factories.ts';

// Issue #14 item 7: a Medicaid ID on file with another name or date of birth, and a second open referral for
// the same need, are refused until the caller confirms; a confirmation is audited.

let t: TestApp;
let plan: number;
let coordinator: string;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId(t, 'Golden Valley Health Plan');
  coordinator = await login(t.app, 'coordinator@trust.demo');
});
afterAll(async () => t?.close());

const member = {
  medicaid_id: 'DUP000000001',
  first_name: 'Rosalind',
  last_name: 'Achterberg',
  date_of_birth: '1961-04-12',
  sdoh_needs: ['Food Assistance'],
  housing_subcategories: [],
  transportation_subcategories: [],
};
const post = (body: Record<string, unknown>) =>
  api(t)('POST', '/api/referrals', coordinator, plan, newReferralBody(body));
const referralCount = async () =>
  (
    await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM referrals WHERE medicaid_id = $1', [
      member.medicaid_id,
    ])
  ).n;

describe('POST /api/referrals: the same member, and the same need', () => {
  let first: Referral;
  beforeAll(async () => {
    const res = await post(member);
    expect(res.statusCode, res.body).toBe(201);
    first = res.json() as Referral;
  });

  it('refuses a known Medicaid ID with another name or date of birth, naming the fields, and stores nothing', async () => {
    const res = await post({
      ...member,
      first_name: 'Totally',
      last_name: 'Different',
      date_of_birth: '2001-01-01',
    });
    const body = expectEnvelope(res, 409, 'conflict') as unknown as { reason: string; fields: object };
    expect(body.reason).toBe('referral.member_mismatch');
    expect(res.json().message).toBe(
      'This Medicaid ID is on file for a member with another first name and last name and date of birth. If this is the same person, confirm it and choose which details to keep; otherwise check the Medicaid ID.',
    );
    expect(Object.keys(body.fields).sort()).toEqual(['date_of_birth', 'first_name', 'last_name']);
    // The message names the fields, never the values on file (another person's, if the ID was mistyped).
    expect(res.body).not.toContain('Rosalind');
    expect(await referralCount()).toBe(1);
  });

  it('refuses a second open referral for the same need, naming the open one', async () => {
    const res = await post(member);
    const body = expectEnvelope(res, 409, 'conflict');
    expect(res.json().reason).toBe('referral.duplicate_open');
    expect(body.message).toBe(
      `This member already has an open referral for Food Assistance: #${first.referral_number}. Confirm to create another one anyway.`,
    );
    // Another need is no duplicate.
    const other = await post({ ...member, sdoh_needs: ['Legal Services'] });
    expect(other.statusCode, other.body).toBe(201);
  });

  it('creates it once confirmed, audited', async () => {
    const res = await post({ ...member, confirm_duplicate_need: true });
    expect(res.statusCode, res.body).toBe(201);
    const audited = await one<{ details: Record<string, unknown> }>(
      t,
      "SELECT details FROM audit_log WHERE action = 'referral.duplicate_confirmed' ORDER BY id DESC LIMIT 1",
    );
    expect(audited.details).toEqual({ open_referral_number: expect.any(String) });
  });

  it('keeps the details on file, or replaces them, as the caller chooses; audited without the values', async () => {
    const kept = await post({
      ...member,
      sdoh_needs: ['Childcare Support'],
      first_name: 'Rosa',
      confirm_same_member: 'keep_stored',
    });
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json()).toMatchObject({ first_name: 'Rosalind', member_id: first.member_id });

    const renamed = await post({
      ...member,
      sdoh_needs: ['Utility Assistance'],
      last_name: 'Achterberg-Lowe',
      confirm_same_member: 'use_new',
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    const row = await one<{ last_name: string }>(t, 'SELECT last_name FROM members WHERE id = $1', [
      first.member_id,
    ]);
    expect(row.last_name).toBe('Achterberg-Lowe');
    const audits = await t.database.query<{ details: Record<string, unknown> }>(
      "SELECT details FROM audit_log WHERE action = 'referral.member_confirmed' ORDER BY id",
    );
    expect(audits.map((a) => a.details)).toEqual([
      { fields: ['first_name'], kept: 'on_file' },
      { fields: ['last_name'], kept: 'new' },
    ]);
    expect(JSON.stringify(audits)).not.toContain('Achterberg');
  });

  it('refuses a confirmation that is not one of the choices (400)', async () => {
    const res = await post({ ...member, confirm_same_member: 'whatever' });
    expectEnvelope(res, 400, 'validation_failed');
  });
});
