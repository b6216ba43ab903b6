import type { AddressInfo } from 'node:net';
import {
  type Referral,
  type ReferralCreateInput,
  type ReferralList,
  referralCreateSchema,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  openEventStream,
  orgContextOf,
  type TestApp,
} from '../../../../test/helpers.ts';
import { newReferralBody } from '../../../db/demo-data/factories.ts';
import { createReferral } from './service.ts';

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

/**
 * The body of this file's referrals: phones and email as a person types them, which the server formats. For
 * manual selection: with the matching engine a referral is auto-matched when created (issue #14 item 8, tested
 * in matching.test.ts), and these tests start from Pending.
 */
const valid = newReferralBody({
  use_matching_engine: false,
  first_name: 'Maria',
  last_name: 'Lopez Garcia',
  phone_number: '2135550101',
  email: 'Maria.Lopez@example.org',
  medicaid_id: 'ZZ900000001',
  provider_phone_number: '(713) 555 0199',
});

const api = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  org?: number,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function create(body: Partial<ReferralCreateInput> = {}, token = coordinator, org = plan) {
  const res = await api('POST', '/api/referrals', token, { ...valid, ...body }, org);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Referral;
}

/** Accepted by Harbor's provider, as its answer would leave it (a state set by SQL: the lifecycle's own tests
 * take each step through the API, lifecycle.test.ts). */
async function acceptedByHarbor(id: number) {
  await t.database.query(
    `UPDATE referrals SET status = 'accepted', acceptance_status = 'accepted', accepted_at = now(),
       matched_provider_id = (SELECT id FROM providers WHERE organization_id = $2 ORDER BY id LIMIT 1)
     WHERE id = $1`,
    [id, harbor],
  );
}

async function auditRows(action: string, entityId: number) {
  return t.database.query<{ actor_user_id: number; organization_id: number }>(
    "SELECT actor_user_id, organization_id FROM audit_log WHERE action = $1 AND entity_type = 'referral' AND entity_id = $2",
    [action, String(entityId)],
  );
}

describe('POST /api/referrals', () => {
  it('creates a Pending referral for the active organization, by the caller, with a 10-digit number', async () => {
    const r = await create();
    expect(r).toMatchObject({
      status: 'pending',
      organization_id: plan,
      first_name: 'Maria',
      last_name: 'Lopez Garcia',
      phone_number: '(213) 555-0101',
      provider_phone_number: '(713) 555-0199',
      email: 'maria.lopez@example.org',
      country: 'USA',
      plan_type: 'Managed Care',
      preferred_language: 'English',
      hipaa_compliant: true,
      use_matching_engine: false,
      matched_provider_id: null,
    });
    expect(r.referral_number).toMatch(/^[1-9]\d{9}$/);
    const [me] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'coordinator@trust.demo'",
    );
    expect(r.created_by).toBe(me!.id);

    // Linked to (and here created as) the organization's member with this Medicaid ID.
    const [member] = await t.database.query<{ id: number; organization_id: number; first_name: string }>(
      'SELECT id, organization_id, first_name FROM members WHERE medicaid_id = $1',
      [valid.medicaid_id],
    );
    expect(member).toMatchObject({ id: r.member_id, organization_id: plan, first_name: 'Maria' });
    // The same member again, confirmed as a second referral for the same need (issue #14 duplicates).
    const again = await create({ confirm_duplicate_need: true });
    expect(again.member_id).toBe(r.member_id);
    expect(again.referral_number).not.toBe(r.referral_number);

    const events = await t.database.query<{ type: string; to_status: string; actor_user_id: number }>(
      'SELECT type, to_status, actor_user_id FROM referral_events WHERE referral_id = $1',
      [r.id],
    );
    expect(events).toEqual([{ type: 'created', to_status: 'pending', actor_user_id: me!.id }]);
    expect(await auditRows('referral.created', r.id)).toEqual([
      { actor_user_id: me!.id, organization_id: plan },
    ]);
  });

  it('acts for the organization in X-CBO-ID', async () => {
    const [clinic] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Riverbend Family Clinic'",
    );
    const r = await create({ medicaid_id: 'ZZ900000002' }, coordinator, clinic!.id);
    expect(r.organization_id).toBe(clinic!.id);
  });

  it('answers every §5.1 message at once, per field, and stores nothing', async () => {
    const before = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM referrals');
    const res = await api(
      'POST',
      '/api/referrals',
      coordinator,
      {
        first_name: '',
        last_name: ' ',
        medicaid_id: '',
        primary_diagnosis: '',
        member_consent_obtained: false,
        sdoh_needs: [],
      },
      plan,
    );
    const body = expectEnvelope(res, 400, 'validation_failed') as unknown as {
      fields: Record<string, string>;
    };
    expect(body.fields).toEqual({
      first_name: 'First name is required.',
      last_name: 'Last name is required.',
      medicaid_id: 'Medicaid ID is required.',
      primary_diagnosis: 'Primary diagnosis is required.',
      member_consent_obtained: 'Member consent must be obtained before submitting the referral.',
      sdoh_needs: 'Please select at least one social determinant of health need.',
      // 000 §5.2: the other fields with an asterisk.
      phone_number: 'Phone number is required.',
      email: 'Email is required.',
      date_of_birth: 'Date of birth is required.',
      zip_code: 'ZIP code is required.',
      health_plan: 'Health plan is required.',
      provider_name: 'Provider name is required.',
      npi_number: 'NPI is required.',
      organization: 'Provider organization is required.',
      provider_phone_number: 'Provider phone is required.',
      availability: 'Availability is required.',
    });
    const after = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM referrals');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses bad formats and unknown fields with field messages', async () => {
    const res = await api(
      'POST',
      '/api/referrals',
      coordinator,
      { ...valid, phone_number: '213-555-0101-99', risk_score: 150, email: 'nope', created_by: 1 },
      plan,
    );
    const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
    expect(body.fields).toMatchObject({
      phone_number: 'Enter a 10-digit phone number.',
      risk_score: 'Risk score must be a number from 0 to 100.',
      email: 'Please enter a valid email address',
      created_by: 'Unknown field.',
    });
  });

  it('a subcategory counts for the needs rule with its parent need (issue #14: never without it)', async () => {
    const r = await create({
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Housing navigation'],
    });
    expect(r.housing_subcategories).toEqual(['Housing navigation']);
    const alone = await api(
      'POST',
      '/api/referrals',
      coordinator,
      { ...valid, sdoh_needs: [], housing_subcategories: ['Housing navigation'] },
      plan,
    );
    expect((expectEnvelope(alone, 400) as unknown as { fields: Record<string, string> }).fields).toEqual({
      housing_subcategories: 'Select Housing Assistance to choose housing subcategories.',
    });
  });

  it('needs a session, and a writing role', async () => {
    expectEnvelope(await api('POST', '/api/referrals', null, valid), 401);
    expectEnvelope(await api('POST', '/api/referrals', viewer, valid, plan), 403);
  });

  it('draws another number when the first one is taken', async () => {
    const [taken] = await t.database.query<{ referral_number: string }>(
      'SELECT referral_number FROM referrals LIMIT 1',
    );
    const numbers = [taken!.referral_number, '9999999999'];
    const ctx = await orgContextOf(t, 'coordinator@trust.demo', plan, 'staff');
    // Through the service: the route cannot choose the numbers.
    const input = referralCreateSchema.parse({ ...valid, medicaid_id: 'ZZ900000003' });
    const r = await createReferral(ctx, { ...input, nextNumber: () => numbers.shift()! });
    expect(r.referral_number).toBe('9999999999');
  });
});

describe('GET /api/referrals/{id} and ownership', () => {
  let mine: Referral;
  let sharedId: number;
  beforeAll(async () => {
    mine = await create({ medicaid_id: 'ZZ900000010' });
    const [shared] = await t.database.query<{ id: number }>(
      `SELECT r.id FROM referrals r JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id = $2 LIMIT 1`,
      [plan, harbor],
    );
    sharedId = shared!.id;
  });

  it('the owner reads the full details, and the read is audited', async () => {
    const res = await api('GET', `/api/referrals/${mine.id}`, coordinator, undefined, plan);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(mine);
    expect(await auditRows('referral.read', mine.id)).toHaveLength(1);
  });

  it('another organization gets 404, as if it did not exist', async () => {
    const res = await api('GET', `/api/referrals/${mine.id}`, cbo, undefined, harbor);
    expect(expectEnvelope(res, 404).message).toBe('Referral not found');
    expectEnvelope(await api('GET', '/api/referrals/99999999', coordinator, undefined, plan), 404);
    expectEnvelope(await api('PUT', `/api/referrals/${mine.id}`, cbo, { status: 'matched' }, harbor), 404);
    expectEnvelope(await api('DELETE', `/api/referrals/${mine.id}`, cbo, undefined, harbor), 404);
    expectEnvelope(await api('GET', `/api/referrals/${mine.id}/events`, cbo, undefined, harbor), 404);
  });

  it("the matched provider's organization reads, and changes only what the lifecycle lets it", async () => {
    const res = await api('GET', `/api/referrals/${sharedId}`, cbo, undefined, harbor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      organization_id: plan,
      viewer_role: 'provider',
      matched_provider: { name: 'Harbor Community Services', organization_id: harbor },
    });
    expect(mine.viewer_role).toBe('owner');
    expect((await api('GET', `/api/referrals/${sharedId}/events`, cbo, undefined, harbor)).statusCode).toBe(
      200,
    );
    // Cancelling is the referrer's step, never the provider's (lifecycle.test.ts runs the whole table).
    const put = await api(
      'PUT',
      `/api/referrals/${sharedId}`,
      cbo,
      { status: 'cancelled', reason: 'x' },
      harbor,
    );
    expect(expectEnvelope(put, 409).message).toMatch(/^This referral is .*; it cannot be set to Cancelled\./);
    expect(put.json().reason).toBe('referral.transition_refused');
  });

  it('needs a session; a bad id is a 400', async () => {
    expectEnvelope(await api('GET', `/api/referrals/${mine.id}`, null), 401);
    expectEnvelope(await api('GET', '/api/referrals/abc', coordinator, undefined, plan), 400);
  });
});

describe('PUT /api/referrals/{id}', () => {
  it('edits with the full payload, keeps id, number and created_at, and records the changed fields', async () => {
    const r = await create({ medicaid_id: 'ZZ900000020' });
    const res = await api(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      { ...valid, medicaid_id: 'ZZ900000020', city: 'Elsewhere', phone_number: '(310) 555-0000' },
      plan,
    );
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as Referral;
    expect(updated).toMatchObject({
      id: r.id,
      referral_number: r.referral_number,
      created_at: r.created_at,
      city: 'Elsewhere',
      phone_number: '(310) 555-0000',
    });
    const events = await t.database.query<{ type: string; details: { fields: string[] } }>(
      "SELECT type, details FROM referral_events WHERE referral_id = $1 AND type = 'updated'",
      [r.id],
    );
    expect(events).toHaveLength(1);
    expect(events[0]!.details.fields.sort()).toEqual(['city', 'phone_number']);
    expect(await auditRows('referral.updated', r.id)).toHaveLength(1);
  });

  it('refuses a changed Medicaid ID with 422', async () => {
    const r = await create({ medicaid_id: 'ZZ900000021' });
    const res = await api(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      { ...valid, medicaid_id: 'OTHER1' },
      plan,
    );
    const body = expectEnvelope(res, 422, 'rule_broken') as unknown as { fields: Record<string, string> };
    expect(body.fields).toEqual({ medicaid_id: 'The Medicaid ID of a referral cannot be changed.' });
    expect(res.json().reason).toBe('referral.medicaid_id_locked');
  });

  it('applies the §5.1 rules to edits too', async () => {
    const r = await create({ medicaid_id: 'ZZ900000022' });
    const res = await api(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      { ...valid, medicaid_id: 'ZZ900000022', primary_diagnosis: '', sdoh_needs: [] },
      plan,
    );
    const body = expectEnvelope(res, 400) as unknown as { fields: Record<string, string> };
    expect(body.fields).toEqual({
      primary_diagnosis: 'Primary diagnosis is required.',
      sdoh_needs: 'Please select at least one social determinant of health need.',
    });
  });

  it('changes the status with {status, updated_at}, with a history event and audit', async () => {
    const r = await create({ medicaid_id: 'ZZ900000023' });
    await acceptedByHarbor(r.id);
    const res = await api(
      'PUT',
      `/api/referrals/${r.id}`,
      coordinator,
      { status: 'Authorized', updated_at: new Date().toISOString() },
      plan,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('authorized');
    const events = await api('GET', `/api/referrals/${r.id}/events`, coordinator, undefined, plan);
    expect(events.json().events.map((e: { type: string }) => e.type)).toEqual([
      'member_notified',
      'status_changed',
      'created',
    ]);
    expect(events.json().events[1]).toMatchObject({
      from_status: 'accepted',
      to_status: 'authorized',
      actor_name: 'Casey Coordinator',
    });
    expect(await auditRows('referral.status_changed', r.id)).toHaveLength(1);
    const bad = await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'lost' }, plan);
    expect((expectEnvelope(bad, 400) as unknown as { fields: Record<string, string> }).fields.status).toMatch(
      /^Status must be one of/,
    );
  });

  it('texts the member on Matched and on Authorized (contact within 24 hours), and on nothing else', async () => {
    const r = await create({ medicaid_id: 'ZZ900000025', phone_number: '(415) 555-2020' });
    const sms = () =>
      t.database.query<{ body_text: string; category: string; referral_id: number; status: string }>(
        "SELECT body_text, category, referral_id, status FROM outbound_messages WHERE channel = 'sms' AND to_address = '(415) 555-2020' ORDER BY id",
      );
    expect((await api('POST', `/api/referrals/${r.id}/claim`, cbo, undefined, harbor)).statusCode).toBe(200);
    await acceptedByHarbor(r.id);
    await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'Authorized' }, plan);
    await api('PUT', `/api/referrals/${r.id}`, cbo, { status: 'in_progress' }, harbor);
    const sent = await sms();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({ category: 'referral_status', referral_id: r.id, status: 'queued' });
    expect(sent[0]!.body_text).toContain(`referral ${r.referral_number} has been matched`);
    expect(sent[1]!.body_text).toContain('within 24 hours');
    // Nothing about the member's health goes into an SMS.
    expect(sent[1]!.body_text).not.toContain(valid.primary_diagnosis);
    const events = (await api('GET', `/api/referrals/${r.id}/events`, coordinator, undefined, plan)).json()
      .events as { type: string; details: Record<string, unknown> }[];
    expect(events.filter((e) => e.type === 'member_notified').map((e) => e.details)).toEqual([
      expect.objectContaining({ channel: 'sms', status: 'authorized', sent: true }),
      expect.objectContaining({ channel: 'sms', status: 'matched', sent: true }),
    ]);
  });

  it('writes in Spanish to a Spanish-speaking member, and records when there is no phone to text', async () => {
    const r = await create({
      medicaid_id: 'ZZ900000026',
      phone_number: '4155552021',
      preferred_language: 'Spanish',
    });
    await acceptedByHarbor(r.id);
    await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'authorized' }, plan);
    const [spanish] = await t.database.query<{ body_text: string }>(
      "SELECT body_text FROM outbound_messages WHERE to_address = '(415) 555-2021'",
    );
    expect(spanish!.body_text).toContain('dentro de 24 horas');

    const silent = await create({ medicaid_id: 'ZZ900000027' });
    await t.database.query('UPDATE referrals SET phone_number = NULL WHERE id = $1', [silent.id]);
    await api('POST', `/api/referrals/${silent.id}/claim`, cbo, undefined, harbor);
    const events = (
      await api('GET', `/api/referrals/${silent.id}/events`, coordinator, undefined, plan)
    ).json().events as { type: string; details: Record<string, unknown> }[];
    expect(events[0]).toMatchObject({
      type: 'member_notified',
      details: { sent: false, reason: 'no phone number' },
    });
  });

  it('a viewer cannot change a referral', async () => {
    const r = await create({ medicaid_id: 'ZZ900000024' });
    expectEnvelope(await api('PUT', `/api/referrals/${r.id}`, viewer, { status: 'matched' }, plan), 403);
  });
});

describe('PUT /api/referrals/{id}/contact', () => {
  it("saves the member's emergency contact, formatted, with history and audit", async () => {
    const r = await create({ medicaid_id: 'ZZ900000028' });
    const res = await api(
      'PUT',
      `/api/referrals/${r.id}/contact`,
      coordinator,
      { emergency_contact_name: ' Rosa Lopez ', emergency_contact_phone: '213.555.0188' },
      plan,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      emergency_contact_name: 'Rosa Lopez',
      emergency_contact_phone: '(213) 555-0188',
    });
    const again = (await api('GET', `/api/referrals/${r.id}`, coordinator, undefined, plan)).json();
    expect(again.emergency_contact_phone).toBe('(213) 555-0188');
    const events = (await api('GET', `/api/referrals/${r.id}/events`, coordinator, undefined, plan)).json()
      .events;
    expect(events[0]).toMatchObject({ type: 'contact_updated', details: {} });
    expect(await auditRows('referral.contact_updated', r.id)).toHaveLength(1);
    // Blank clears.
    const cleared = await api(
      'PUT',
      `/api/referrals/${r.id}/contact`,
      coordinator,
      { emergency_contact_name: '', emergency_contact_phone: '' },
      plan,
    );
    expect(cleared.json()).toMatchObject({ emergency_contact_name: null, emergency_contact_phone: null });
  });

  it('refuses a bad phone, unknown fields, other organizations and viewers', async () => {
    const r = await create({ medicaid_id: 'ZZ900000029' });
    const bad = await api(
      'PUT',
      `/api/referrals/${r.id}/contact`,
      coordinator,
      { emergency_contact_name: 'Rosa', emergency_contact_phone: '555-01' },
      plan,
    );
    expect((expectEnvelope(bad, 400) as unknown as { fields: Record<string, string> }).fields).toEqual({
      emergency_contact_phone: 'Enter a 10-digit phone number.',
    });
    const body = { emergency_contact_name: 'Rosa', emergency_contact_phone: null };
    expectEnvelope(await api('PUT', `/api/referrals/${r.id}/contact`, cbo, body, harbor), 404);
    expectEnvelope(await api('PUT', `/api/referrals/${r.id}/contact`, viewer, body, plan), 403);
    expectEnvelope(await api('PUT', `/api/referrals/${r.id}/contact`, null, body), 401);
  });
});

describe('DELETE /api/referrals/{id}', () => {
  it('deletes a Pending referral and keeps the history and audit of it', async () => {
    const r = await create({ medicaid_id: 'ZZ900000030' });
    const res = await api('DELETE', `/api/referrals/${r.id}`, coordinator, undefined, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Referral deleted', id: r.id });
    expectEnvelope(await api('GET', `/api/referrals/${r.id}`, coordinator, undefined, plan), 404);
    const [event] = await t.database.query<{ referral_id: number | null; details: Record<string, unknown> }>(
      "SELECT referral_id, details FROM referral_events WHERE type = 'deleted' AND details->>'referral_id' = $1",
      [String(r.id)],
    );
    expect(event).toEqual({
      referral_id: null,
      details: { referral_id: r.id, referral_number: r.referral_number },
    });
    expect(await auditRows('referral.deleted', r.id)).toHaveLength(1);
  });

  it('refuses a referral that is no longer Pending', async () => {
    const r = await create({ medicaid_id: 'ZZ900000031' });
    await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'cancelled', reason: 'Twice' }, plan);
    const res = await api('DELETE', `/api/referrals/${r.id}`, coordinator, undefined, plan);
    expect(expectEnvelope(res, 409, 'conflict').message).toBe('Only pending referrals can be deleted.');
    expect(res.json().reason).toBe('referral.not_pending_for_delete');
    expect((await api('GET', `/api/referrals/${r.id}`, coordinator, undefined, plan)).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expectEnvelope(await api('DELETE', '/api/referrals/1', null), 401);
  });
});

describe('GET /api/referrals', () => {
  const list = async (query: string, token = coordinator, org = plan) => {
    const res = await api('GET', `/api/referrals?${query}`, token, undefined, org);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ReferralList;
  };

  it("pages the active organization's referrals newest first, with counters", async () => {
    const [{ n }] = (await t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1',
      [plan],
    )) as [{ n: number }];
    const first = await list('page=1&page_size=5');
    expect(first).toMatchObject({ total: n, page: 1, page_size: 5 });
    expect(first.referrals).toHaveLength(5);
    expect(first.referrals.every((r) => r.organization_id === plan)).toBe(true);
    const times = first.referrals.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = await list('page=2&page_size=5');
    expect(second.referrals[0]!.created_at <= first.referrals[4]!.created_at).toBe(true);
    expect(second.referrals.map((r) => r.id)).not.toContain(first.referrals[0]!.id);
    expect(first.counts.all).toBe(n);
    const [statusCounts] = await t.database.query<{ pending: number; assigned: number }>(
      `SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
              count(*) FILTER (WHERE status IN ('matched','authorized','in_progress','completed'))::int AS assigned
         FROM referrals WHERE organization_id = $1`,
      [plan],
    );
    expect(first.counts).toMatchObject(statusCounts!);
  });

  it('filters by status, keeping the counters of every status', async () => {
    const all = await list('page_size=200');
    const pending = await list('status=pending&page_size=200');
    expect(pending.referrals.every((r) => r.status === 'pending')).toBe(true);
    expect(pending.total).toBe(all.counts.pending);
    expect(pending.counts).toEqual(all.counts);
    const inProgress = await list('status=In%20Progress');
    expect(inProgress.total).toBe(all.counts.in_progress);
  });

  it('filters by urgency (client level or server value) and by method', async () => {
    const byClient = await list('urgency=Immediate&page_size=200');
    const byServer = await list('urgency=Emergency&page_size=200');
    expect(byClient.total).toBe(byServer.total);
    expect(byServer.referrals.every((r) => r.urgency_level === 'Emergency')).toBe(true);
    // Issue #14: a level finds the referrals made with it; Urgent finds both levels it stands for.
    const day = await list('urgency=Within%2024h&page_size=200');
    const week = await list('urgency=Within%201%20Week&page_size=200');
    const urgent = await list('urgency=Urgent&page_size=200');
    expect(week.total).toBeGreaterThan(0);
    expect(week.referrals.every((r) => r.urgency === 'Within 1 Week' && r.urgency_level === 'Urgent')).toBe(
      true,
    );
    expect(day.referrals.every((r) => r.urgency === 'Within 24h')).toBe(true);
    expect(urgent.total).toBe(day.total + week.total);
    const auto = await list('method=auto&page_size=200');
    const manual = await list('method=manual&page_size=200');
    expect(auto.referrals.every((r) => r.use_matching_engine)).toBe(true);
    expect(manual.referrals.every((r) => !r.use_matching_engine)).toBe(true);
    expect(auto.total + manual.total).toBe((await list('')).total);
  });

  it('searches case-insensitively over the §5.5 fields', async () => {
    const r = await create({
      first_name: 'Quintessa',
      last_name: 'Marbleworth',
      medicaid_id: 'QX7777777',
      phone_number: '(415) 555-7731',
      sdoh_needs: ['Housing Assistance'],
      housing_subcategories: ['Transitional housing'],
      organization: 'Zebulon Care Partners',
    });
    for (const term of [
      'quintessa marble',
      'MARBLEWORTH',
      'qx77777',
      '555-7731',
      '5557731',
      'zebulon care',
      'transitional',
    ]) {
      const found = await list(`search=${encodeURIComponent(term)}`);
      expect(
        found.referrals.map((x) => x.id),
        term,
      ).toContain(r.id);
    }
    const none = await list('search=%25_nothing_like_this');
    expect(none).toMatchObject({ total: 0, referrals: [] });
    expect(none.counts.all).toBe(0);
    // Another organization's search does not find it.
    expect((await list('search=marbleworth', cbo, harbor)).total).toBe(0);
  });

  it("a provider organization's queue holds the referrals it received; scope narrows to created or received", async () => {
    const received = await list('scope=received&page_size=200', cbo, harbor);
    const [{ n }] = (await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM referrals r JOIN providers p ON p.id = r.matched_provider_id
        WHERE p.organization_id = $1`,
      [harbor],
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(received.total).toBe(n);
    expect(received.referrals.every((r) => r.viewer_role === 'provider')).toBe(true);
    expect((await list('page_size=200', cbo, harbor)).total).toBe(n);
    expect((await list('scope=created', cbo, harbor)).total).toBe(0);
    // The plan created some that harbor received: with scope created they are the plan's, as owner.
    const planOwn = await list('scope=created&page_size=200');
    expect(planOwn.referrals.every((r) => r.viewer_role === 'owner' && r.organization_id === plan)).toBe(
      true,
    );
    expect(planOwn.total).toBe((await list('')).total);
  });

  it('counters are exact right after any change (their cache is keyed by the history version)', async () => {
    const before = await list('');
    expect((await list('')).counts).toEqual(before.counts);
    const r = await create({ medicaid_id: 'ZZ900000070' });
    const afterCreate = await list('');
    expect(afterCreate.counts.pending).toBe(before.counts.pending + 1);
    await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'cancelled', reason: 'Twice' }, plan);
    const afterChange = await list('');
    expect(afterChange.counts.pending).toBe(before.counts.pending);
    expect(afterChange.counts.cancelled).toBe(before.counts.cancelled + 1);
    expect(afterChange.counts.all).toBe(before.counts.all + 1);
  });

  it('counts the referrals of each member on the page', async () => {
    const a = await create({ medicaid_id: 'ZZ900000050' });
    await create({ medicaid_id: 'ZZ900000050', confirm_duplicate_need: true });
    const page = await list('search=ZZ900000050');
    expect(page.member_referral_counts[String(a.member_id)]).toBe(2);
  });

  it('refuses bad paging, needs a session', async () => {
    expectEnvelope(await api('GET', '/api/referrals?page=0', coordinator, undefined, plan), 400);
    expectEnvelope(await api('GET', '/api/referrals?page_size=500', coordinator, undefined, plan), 400);
    expectEnvelope(await api('GET', '/api/referrals?method=robot', coordinator, undefined, plan), 400);
    expectEnvelope(await api('GET', '/api/referrals', null), 401);
  });
});

describe('live feed events (000 §2.6)', () => {
  it('a new referral reaches the referring organization in full, other organizations as a claim card, signed-out feeds masked; deletion removes it', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const anonymous = await openEventStream(base);
    const signedIn = await openEventStream(base, cbo);
    const referrer = await openEventStream(base, coordinator);
    try {
      const r = await create({ medicaid_id: 'ZZ900000060', first_name: 'Ottoline', last_name: 'Verhoeven' });
      const upsert = (e: { type: string; data: unknown }) =>
        e.type === 'feed.upsert' && (e.data as { id: number }).id === r.id;
      for (const stream of [anonymous, signedIn, referrer]) {
        expect(await stream.waitFor(() => stream.events.some(upsert))).toBe(true);
      }
      const masked = anonymous.events.find(upsert)!.data as Record<string, unknown>;
      expect(masked).toMatchObject({ masked: true, member_name: 'O. V.', medicaid_id: '****0060' });
      // The full values never reach the signed-out stream nor another organization's, in any event.
      for (const stream of [anonymous, signedIn]) {
        const everything = JSON.stringify(stream.events);
        for (const secret of ['Ottoline', 'Verhoeven', 'ZZ900000060', valid.primary_diagnosis]) {
          expect(everything).not.toContain(secret);
        }
      }
      expect(signedIn.events.find(upsert)!.data).toMatchObject({
        detail: 'claim',
        masked: false,
        member_name: 'O. V.',
        medicaid_id: null,
        referred_by: 'Golden Valley Health Plan',
      });
      expect(signedIn.events.filter(upsert)).toHaveLength(1);
      expect(referrer.events.find(upsert)!.data).toMatchObject({
        detail: 'full',
        member_name: 'Ottoline Verhoeven',
        medicaid_id: 'ZZ900000060',
      });
      expect(referrer.events.filter(upsert)).toHaveLength(1);

      await api('DELETE', `/api/referrals/${r.id}`, coordinator, undefined, plan);
      const removed = (stream: typeof anonymous) => () =>
        stream.events.some((e) => e.type === 'feed.remove' && (e.data as { id: number }).id === r.id);
      for (const stream of [anonymous, signedIn, referrer]) {
        expect(await stream.waitFor(removed(stream))).toBe(true);
      }
    } finally {
      anonymous.close();
      signedIn.close();
      referrer.close();
    }
  });
});

describe('live events', () => {
  it('creation, status change and deletion reach the organization, not others', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const own = await openEventStream(base, coordinator);
    const other = await openEventStream(base, cbo);
    try {
      const r = await create({ medicaid_id: 'ZZ900000040' });
      await api('PUT', `/api/referrals/${r.id}`, coordinator, { status: 'cancelled', reason: 'Twice' }, plan);
      // A cancelled referral is kept; a Pending one can be deleted.
      const gone = await create({ medicaid_id: 'ZZ900000041' });
      await api('DELETE', `/api/referrals/${gone.id}`, coordinator, undefined, plan);
      const deleted = () =>
        own.events.some(
          (e) => e.type === 'referral.changed' && (e.data as { change?: string }).change === 'deleted',
        );
      expect(await own.waitFor(deleted)).toBe(true);
      const changesOf = (id: number) =>
        own.events
          .filter((e) => e.type === 'referral.changed' && (e.data as { id?: number }).id === id)
          .map((e) => (e.data as { change: string }).change);
      expect(changesOf(r.id)).toEqual(['created', 'status_changed']);
      expect(changesOf(gone.id)).toEqual(['created', 'deleted']);
      const mine = own.events.filter(
        (e) => e.type === 'referral.changed' && (e.data as { id?: number }).id === r.id,
      );
      // Ids and status only: no PHI in organization events.
      expect(Object.keys(mine[0]!.data as object).sort()).toEqual([
        'change',
        'id',
        'referral_number',
        'status',
      ]);
      // Another organization hears nothing of the history (it sees the referral only on the live feed).
      expect(other.events.some((e) => e.type === 'referral.changed')).toBe(false);
    } finally {
      own.close();
      other.close();
    }
  });
});
