import type { MemberLookup, ReferralCreateInput } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { caseVariants } from './lookup-repo.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let coordinator: string;
let cbo: string;
let viewer: string;

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
});
afterAll(async () => t?.close());

const URL = '/api/referrals/member-lookup';

const lookup = (medicaidId: unknown, token: string | null = coordinator, org: number = plan) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: token ? bearer(token, org) : {},
    payload: { medicaid_id: medicaidId },
  });

async function found(medicaidId: string, token = coordinator, org = plan): Promise<MemberLookup> {
  const res = await lookup(medicaidId, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MemberLookup;
}

/** The member of this file's referrals: everything a lookup prefills the form with. */
const member = {
  first_name: 'Noor',
  last_name: 'Haddad Vance',
  phone_number: '3125550144',
  email: 'noor.hv@example.org',
  date_of_birth: '1979-09-30',
  zip_code: '60601',
  street_address: '77 Lakeview Terrace',
  city: 'Chicago',
  state: 'IL',
  health_plan: 'Molina Healthcare',
  plan_type: 'Fee-for-Service',
  preferred_language: 'Arabic',
} satisfies Partial<ReferralCreateInput>;

const create = (body: Partial<ReferralCreateInput>, token = coordinator, org = plan) =>
  createReferral(t, { token, orgId: org, ...member, ...body });

async function lookupAudits() {
  return t.database.query<{ entity_type: string; entity_id: string | null; details: unknown }>(
    "SELECT entity_type, entity_id, details FROM audit_log WHERE action = 'member.lookup' ORDER BY id",
  );
}

describe('POST /api/referrals/member-lookup (000 §2.1)', () => {
  it("finds the organization's member record, whatever the case and spacing, with the latest referral's address and plan", async () => {
    const [member] = await t.database.query<{
      id: number;
      medicaid_id: string;
      first_name: string;
      last_name: string;
      email: string | null;
      phone_no: string | null;
      dob: string;
      language: string | null;
    }>(
      `SELECT m.id, m.medicaid_id, m.first_name, m.last_name, m.email, m.phone_no, to_char(m.dob, 'YYYY-MM-DD') AS dob, m.language
         FROM members m
        WHERE m.organization_id = $1 AND EXISTS (SELECT 1 FROM referrals r WHERE r.member_id = m.id)
        ORDER BY m.id LIMIT 1`,
      [plan],
    );
    const [latest] = await t.database.query<{
      street_address: string;
      city: string;
      state: string;
      zip_code: string;
      health_plan: string;
      plan_type: string;
      country: string;
    }>(
      `SELECT street_address, city, state, zip_code, health_plan, plan_type, country FROM referrals
        WHERE organization_id = $1 AND medicaid_id = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [plan, member!.medicaid_id],
    );
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1 AND medicaid_id = $2',
      [plan, member!.medicaid_id],
    )) as [{ n: number }];

    // Typed in lower case with spaces, as read off a card.
    const typed = member!.medicaid_id.toLowerCase().replace(/(.{3})/g, '$1 ');
    const before = (await lookupAudits()).length;
    const answer = await found(typed);
    expect(answer).toEqual({
      found: true,
      source: 'member',
      referral_count: n,
      member: {
        first_name: member!.first_name,
        last_name: member!.last_name,
        phone_number: member!.phone_no,
        email: member!.email,
        date_of_birth: member!.dob,
        preferred_language: member!.language,
        street_address: latest!.street_address,
        city: latest!.city,
        state: latest!.state,
        zip_code: latest!.zip_code,
        country: latest!.country,
        health_plan: latest!.health_plan,
        plan_type: latest!.plan_type,
      },
    });
    expect(n).toBeGreaterThan(0);

    // Audited, without the ID.
    const audits = await lookupAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({
      entity_type: 'member',
      entity_id: String(member!.id),
      details: { found: true, source: 'member', referral_count: n },
    });
    expect(JSON.stringify(audits.at(-1))).not.toContain(member!.medicaid_id);
  });

  it('finds a member known only from an earlier referral (no member record), the latest referral winning', async () => {
    await create({ medicaid_id: 'IL700000001', first_name: 'Old', city: 'Evanston' });
    const latest = await create({
      medicaid_id: 'IL700000001',
      confirm_same_member: 'use_new',
      confirm_duplicate_need: true,
    });
    await t.database.query('DELETE FROM members WHERE id = $1', [latest.member_id]);

    const answer = await found('il700000001');
    expect(answer).toEqual({
      found: true,
      source: 'referral',
      referral_count: 2,
      member: {
        first_name: 'Noor',
        last_name: 'Haddad Vance',
        phone_number: '(312) 555-0144',
        email: 'noor.hv@example.org',
        date_of_birth: '1979-09-30',
        preferred_language: 'Arabic',
        street_address: '77 Lakeview Terrace',
        city: 'Chicago',
        state: 'IL',
        zip_code: '60601',
        country: 'USA',
        health_plan: 'Molina Healthcare',
        plan_type: 'Fee-for-Service',
      },
    });
    expect((await lookupAudits()).at(-1)).toMatchObject({
      entity_type: 'referral',
      entity_id: String(latest.id),
      details: { found: true, source: 'referral', referral_count: 2 },
    });
  });

  it('finds an ID stored with inner spaces and mixed case', async () => {
    await create({ medicaid_id: 'Tx 123 456 789b' });
    const answer = await found('TX123456789B');
    expect(answer).toMatchObject({ found: true, source: 'member', referral_count: 1 });
    expect(answer.member).toMatchObject({ first_name: 'Noor', city: 'Chicago' });
  });

  it('answers not found, and audits that too', async () => {
    const before = (await lookupAudits()).length;
    expect(await found('ZZ000000000')).toEqual({
      found: false,
      source: null,
      member: null,
      referral_count: 0,
    });
    const audits = await lookupAudits();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({
      entity_type: 'member',
      entity_id: null,
      details: { found: false, source: null, referral_count: 0 },
    });
    expect(JSON.stringify(audits.at(-1))).not.toContain('ZZ000000000');
  });

  it("never finds another organization's member", async () => {
    await create({ medicaid_id: 'HB123456789', first_name: 'Harbor' }, cbo, harbor);
    expect(await found('HB123456789', cbo, harbor)).toMatchObject({ found: true, source: 'member' });
    expect(await found('HB123456789', coordinator, plan)).toEqual({
      found: false,
      source: null,
      member: null,
      referral_count: 0,
    });
    // Nor an existing demo member of another organization.
    const [other] = await t.database.query<{ medicaid_id: string }>(
      `SELECT medicaid_id FROM members m WHERE organization_id <> $1 AND medicaid_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM members p WHERE p.organization_id = $1 AND p.medicaid_id = m.medicaid_id)
          AND NOT EXISTS (SELECT 1 FROM referrals r WHERE r.organization_id = $1 AND r.medicaid_id = m.medicaid_id)
        LIMIT 1`,
      [plan],
    );
    expect((await found(other!.medicaid_id)).found).toBe(false);
  });

  it('needs at least 9 characters (spaces not counted): 400 on medicaid_id', async () => {
    for (const short of ['CA123456', 'CA 12 34 56 ', '']) {
      const body = expectEnvelope(await lookup(short), 400, 'validation_failed') as unknown as {
        fields: Record<string, string>;
      };
      expect(body.fields).toEqual({ medicaid_id: 'Enter at least 9 characters of the Medicaid ID.' });
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(coordinator, plan),
      payload: {},
    });
    expect(
      (expectEnvelope(missing, 400) as unknown as { fields: Record<string, string> }).fields,
    ).toHaveProperty('medicaid_id');
    const extra = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(coordinator, plan),
      payload: { medicaid_id: 'CA123456789', org: 1 },
    });
    expectEnvelope(extra, 400);
    expectEnvelope(await lookup('A'.repeat(51)), 400);
  });

  it('needs a session (401) and a role that may create referrals (403 for a viewer)', async () => {
    expectEnvelope(await lookup('CA123456789', null), 401);
    expectEnvelope(await lookup('CA123456789', viewer, plan), 403);
    // And an organization the caller belongs to.
    expectEnvelope(await lookup('CA123456789', viewer, harbor), 403);
  });
});

describe('caseVariants', () => {
  it('spells every letter both ways and keeps digits', () => {
    expect(caseVariants('A1b').sort()).toEqual(['A1B', 'A1b', 'a1B', 'a1b'].sort());
    expect(caseVariants('123456789')).toEqual(['123456789']);
  });
  it('falls back to upper and lower case for IDs with many letters', () => {
    expect(caseVariants('ABCDEFGHIJ')).toEqual(['ABCDEFGHIJ', 'abcdefghij']);
  });
});
