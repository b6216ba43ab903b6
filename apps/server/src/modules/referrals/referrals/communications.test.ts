import type { ReferralCreateInput, ReferralMessageList, ReferralScreenshotList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimReferral, createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

// The case workspace's Communications tab (000 §2.7) and the web-form screenshots (000 §7).

let t: TestApp;
let plan: number;
let harbor: number;
let lakeside: number;
let coordinator: string;
let cbo: string;
let staff: string;

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
  lakeside = await orgId('Lakeside Food Network');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
});
afterAll(async () => t?.close());

/** The member the messages are about: the SMS greets her and goes to her phone; no list may show her health. */
const member = {
  first_name: 'Noor',
  last_name: 'Haddad',
  phone_number: '(415) 555-8101',
  date_of_birth: '1979-09-14',
  primary_diagnosis: 'Asthma',
};

const api = (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string | null,
  org?: number,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload }),
  });

const create = (body: Partial<ReferralCreateInput> = {}) =>
  createReferral(t, { token: coordinator, orgId: plan, ...member, ...body });
const claimByHarbor = (id: number) => claimReferral(t, { token: cbo, orgId: harbor }, id);

async function messages(id: number, token = coordinator, org = plan, query = '') {
  const res = await api('GET', `/api/referrals/${id}/messages${query}`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReferralMessageList;
}

/** Audit rows of PHI reads about the referral (each names what it showed, and the referral in its details). */
async function auditCount(action: string, id: number, org: number) {
  const [row] = await t.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM audit_log WHERE action = $1 AND details->>'referral_id' = $2 AND organization_id = $3",
    [action, String(id), org],
  );
  return row!.n;
}

/** A message about the referral as another module would queue it (e.g. the provider's details email). */
async function insertMessage(
  referralId: number,
  values: { channel: string; to: string; subject?: string; body: string; phi?: boolean; status?: string },
  createdAt = new Date(),
) {
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO outbound_messages (channel, category, to_address, subject, body_text, status, referral_id, phi, last_error, created_at)
     VALUES ($1, 'test', $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      values.channel,
      values.to,
      values.subject ?? null,
      values.body,
      values.status ?? 'queued',
      referralId,
      values.phi ?? false,
      values.status === 'failed' ? 'Mailbox unavailable' : null,
      createdAt.toISOString(),
    ],
  );
  return row!.id;
}

describe('GET /api/referrals/{id}/messages', () => {
  it('lists the member SMS after a change to Matched, newest first, audited', async () => {
    const r = await create();
    expect((await messages(r.id)).messages).toEqual([]);

    // Matched by a claim: the member is texted.
    await claimByHarbor(r.id);
    const list = await messages(r.id);
    expect(list).toMatchObject({ total: 1, page: 1, page_size: 50 });
    const [sms] = list.messages;
    expect(sms).toMatchObject({
      channel: 'sms',
      category: 'referral_status',
      to: '(415) 555-8101',
      subject: null,
      status: 'queued',
      sent_at: null,
      last_error: null,
      phi: false,
    });
    // 001 §9: the first 80 characters of the body, then an ellipsis (the SMS is longer).
    const [stored] = await t.database.query<{ body_text: string }>(
      'SELECT body_text FROM outbound_messages WHERE id = $1',
      [sms!.id],
    );
    expect(stored!.body_text.length).toBeGreaterThan(80);
    expect(sms!.preview).toBe(`${stored!.body_text.slice(0, 80)}…`);
    expect(sms!.preview).toMatch(
      new RegExp(`^Trust Marketplace: Hi Noor, your referral ${r.referral_number} has`),
    );
    expect(Number.isNaN(Date.parse(sms!.created_at))).toBe(false);

    // A later change (Authorized) adds a second SMS, listed first.
    await t.database.query(
      "UPDATE referrals SET status = 'accepted', acceptance_status = 'accepted' WHERE id = $1",
      [r.id],
    );
    await api('PUT', `/api/referrals/${r.id}`, coordinator, plan, { status: 'authorized' });
    const again = await messages(r.id);
    expect(again.total).toBe(2);
    expect(again.messages[0]!.preview).toContain('has been authorized');
    expect(again.messages[1]!.id).toBe(sms!.id);

    // The first read showed nothing, so it read no PHI; the two others name what they showed.
    expect(await auditCount('outbound_message.list_read', r.id, plan)).toBe(2);
  });

  it('gives no body of a PHI message, only its subject; short bodies and failures show as they are', async () => {
    const r = await create();
    const base = Date.now() - 60_000;
    await insertMessage(
      r.id,
      {
        channel: 'email',
        to: 'intake@provider.example.org',
        subject: 'Referral details',
        body: 'SEALED-BODY Member: Noor Haddad, DOB 1979-09-14, Asthma',
        phi: true,
        status: 'sent',
      },
      new Date(base),
    );
    await insertMessage(
      r.id,
      { channel: 'sms', to: '(415) 555-8101', body: '  Short\n\nnote  ', status: 'failed' },
      new Date(base + 1000),
    );
    const res = await api('GET', `/api/referrals/${r.id}/messages`, coordinator, plan);
    expect(res.body).not.toContain('SEALED-BODY');
    expect(res.body).not.toContain('Asthma');
    const list = res.json() as ReferralMessageList;
    expect(list.messages).toEqual([
      expect.objectContaining({
        channel: 'sms',
        preview: 'Short note',
        status: 'failed',
        last_error: 'Mailbox unavailable',
      }),
      expect.objectContaining({
        channel: 'email',
        to: 'intake@provider.example.org',
        subject: 'Referral details',
        preview: null,
        phi: true,
        status: 'sent',
      }),
    ]);
  });

  it('pages on the server', async () => {
    const r = await create();
    for (let i = 0; i < 3; i++) {
      await insertMessage(
        r.id,
        { channel: 'sms', to: '(415) 555-8101', body: `Message ${i}` },
        new Date(Date.now() + i),
      );
    }
    const first = await messages(r.id, coordinator, plan, '?page=1&page_size=2');
    expect(first).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(first.messages.map((m) => m.preview)).toEqual(['Message 2', 'Message 1']);
    const second = await messages(r.id, coordinator, plan, '?page=2&page_size=2');
    expect(second.messages.map((m) => m.preview)).toEqual(['Message 0']);
    const bad = expectEnvelope(
      await api('GET', `/api/referrals/${r.id}/messages?page_size=500`, coordinator, plan),
      400,
    );
    expect(bad.detail).toBeTruthy();
  });

  it("is seen by the matched provider's organization too, and by no other", async () => {
    const r = await create();
    // Harbor claims it from the live feed: Matched to Harbor's provider, and the member is texted.
    await claimByHarbor(r.id);
    const seen = await messages(r.id, cbo, harbor);
    expect(seen.messages).toEqual([expect.objectContaining({ channel: 'sms', category: 'referral_status' })]);
    expect(await auditCount('outbound_message.list_read', r.id, harbor)).toBe(1);
    expect((await messages(r.id)).messages).toHaveLength(1);

    const other = expectEnvelope(
      await api('GET', `/api/referrals/${r.id}/messages`, staff, lakeside),
      404,
      'not_found',
    );
    expect(other.message).toBe('Referral not found');
    expect(await auditCount('outbound_message.list_read', r.id, lakeside)).toBe(0);
  });

  it("shows the provider's details email after an acceptance by its subject only", async () => {
    const r = await create({ primary_diagnosis: 'Chronic obstructive pulmonary disease' });
    const providerId = (await claimByHarbor(r.id)).matched_provider_id!;
    await t.database.query("UPDATE providers SET email = 'intake@harbor.example.org' WHERE id = $1", [
      providerId,
    ]);
    const accept = await api('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, {
      provider_id: providerId,
    });
    expect(accept.statusCode, accept.body).toBe(200);

    for (const [token, org] of [
      [coordinator, plan],
      [cbo, harbor],
    ] as const) {
      const res = await api('GET', `/api/referrals/${r.id}/messages`, token, org);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain('Chronic obstructive');
      expect(res.body).not.toContain('1979-09-14');
      const list = res.json() as ReferralMessageList;
      expect(list.messages[0]).toMatchObject({
        channel: 'email',
        category: 'referral_phi',
        to: 'intake@harbor.example.org',
        subject: `Referral ${r.referral_number} accepted: member details`,
        preview: null,
        phi: true,
      });
      expect(list.messages[1]).toMatchObject({ channel: 'sms', category: 'referral_status', phi: false });
    }
  });

  it('answers 404 for a referral that does not exist, 400 for a bad id, 403 for an organization not joined', async () => {
    expectEnvelope(await api('GET', '/api/referrals/99999999/messages', coordinator, plan), 404);
    expectEnvelope(await api('GET', '/api/referrals/abc/messages', coordinator, plan), 400);
    const r = await create();
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/messages`, coordinator, lakeside), 403);
  });

  it('needs a session', async () => {
    const r = await create();
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/messages`, null), 401);
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/messages`, 'not-a-token', plan), 401);
  });
});

describe('GET /api/referrals/{id}/screenshots', () => {
  async function insertSubmission(
    referralId: number,
    values: { success: boolean; submitted: boolean; error?: string },
    createdAt: Date,
  ) {
    const [row] = await t.database.query<{ id: number }>(
      `INSERT INTO web_form_submissions
         (referral_id, organization_id, page_url, page_title, fields_filled, screenshot_before, screenshot_after,
          form_submitted, submission_success, message, error, created_at)
       VALUES ($1, $2, 'https://intake.example.org/form', 'Intake form', $3, 'iVBORw0KGgoBEFORE', 'iVBORw0KGgoAFTER',
               $4, $5, $6, $7, $8) RETURNING id`,
      [
        referralId,
        plan,
        JSON.stringify({ first_name: true, phone: true, notes: false }),
        values.submitted,
        values.success,
        values.success ? 'Form submitted successfully!' : null,
        values.error ?? null,
        createdAt.toISOString(),
      ],
    );
    return row!.id;
  }

  it('answers an empty list for a referral without submissions', async () => {
    const r = await create();
    const res = await api('GET', `/api/referrals/${r.id}/screenshots`, coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ screenshots: [], total: 0, page: 1, page_size: 10 });
  });

  it("lists the referral's submission records newest first, for the owner and the provider, audited", async () => {
    const r = await create();
    const older = await insertSubmission(
      r.id,
      { success: false, submitted: true, error: 'Captcha' },
      new Date(Date.now() - 60_000),
    );
    const newer = await insertSubmission(r.id, { success: true, submitted: true }, new Date());
    const res = await api('GET', `/api/referrals/${r.id}/screenshots`, coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as ReferralScreenshotList;
    expect(list.total).toBe(2);
    expect(list.screenshots.map((s) => s.id)).toEqual([newer, older]);
    expect(list.screenshots[0]).toMatchObject({
      fields_filled: { first_name: true, phone: true, notes: false },
      screenshot_before: 'iVBORw0KGgoBEFORE',
      screenshot_after: 'iVBORw0KGgoAFTER',
      submission_success: true,
      form_submitted: true,
      page_url: 'https://intake.example.org/form',
      page_title: 'Intake form',
      message: 'Form submitted successfully!',
      error: null,
    });
    expect(list.screenshots[1]).toMatchObject({ submission_success: false, error: 'Captcha' });
    expect(await auditCount('web_form_submission.list_read', r.id, plan)).toBe(1);

    const page = await api('GET', `/api/referrals/${r.id}/screenshots?page=2&page_size=1`, coordinator, plan);
    expect((page.json() as ReferralScreenshotList).screenshots.map((s) => s.id)).toEqual([older]);

    await claimByHarbor(r.id);
    const provider = await api('GET', `/api/referrals/${r.id}/screenshots`, cbo, harbor);
    expect(provider.statusCode, provider.body).toBe(200);
    expect((provider.json() as ReferralScreenshotList).total).toBe(2);
  });

  it('hides the records from other organizations and needs a session', async () => {
    const r = await create();
    await insertSubmission(r.id, { success: true, submitted: true }, new Date());
    const other = await api('GET', `/api/referrals/${r.id}/screenshots`, staff, lakeside);
    expectEnvelope(other, 404, 'not_found');
    expect(other.body).not.toContain('iVBORw0KGgo');
    expectEnvelope(await api('GET', '/api/referrals/99999999/screenshots', coordinator, plan), 404);
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/screenshots?page=0`, coordinator, plan), 400);
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/screenshots`, null), 401);
  });
});

describe('API document', () => {
  it('describes both reads', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { parameters?: { name: string }[] }>>;
    for (const path of ['/api/referrals/{id}/messages', '/api/referrals/{id}/screenshots']) {
      const get = paths[path]?.get;
      expect(get, path).toBeDefined();
      expect(get!.parameters?.map((p) => p.name)).toEqual(
        expect.arrayContaining(['id', 'page', 'page_size']),
      );
    }
  });
});
