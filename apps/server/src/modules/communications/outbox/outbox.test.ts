import { OUTBOX_MESSAGES } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  TEST_PASSWORD,
  type TestApp,
} from '../../../../test/helpers.ts';
import { queueEmail, queueSms } from '../../../adapters/outbound.ts';
import { PHI_BODY_PLACEHOLDER } from './service.ts';

let t: TestApp;
let admin: string;
const ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const deps = t.app.deps;
  const db = t.database.db;
  await db.transaction(async (tx) => {
    for (let i = 1; i <= 3; i++) {
      ids.push(
        (
          await queueEmail(deps, tx, {
            to: `person${i}@example.org`,
            subject: `Subject ${i}`,
            text: `Open https://trust.example/register?token=t${i} to continue.`,
            category: 'invitation',
          })
        ).id,
      );
    }
    ids.push(
      (await queueSms(deps, tx, { to: '+15555550100', body: 'Your code is 123456', category: 'login_code' }))
        .id,
    );
  });
  // Distinct times, so "newest first" is observable: the SMS is the newest.
  await t.database.query(
    `UPDATE outbound_messages SET created_at = now() - (interval '1 minute' * (100 - id))`,
  );
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

const get = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

describe('GET /api/outbox', () => {
  it('lists every message newest first for a platform operator', async () => {
    const res = await get('/api/outbox', admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.page).toBe(1);
    expect(body.page_size).toBe(50);
    const times = body.messages.map((m: { created_at: string }) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const sms = body.messages.find((m: { id: number }) => m.id === ids[3]);
    expect(sms).toMatchObject({
      channel: 'sms',
      to: '+15555550100',
      body_text: 'Your code is 123456',
      category: 'login_code',
      status: 'queued',
      attempts: 0,
      subject: null,
    });
  });

  it('pages and filters by channel', async () => {
    const page1 = (await get('/api/outbox?channel=email&page=1&page_size=2', admin)).json();
    const page2 = (await get('/api/outbox?channel=email&page=2&page_size=2', admin)).json();
    expect(page1.total).toBe(page2.total);
    expect(page1.messages).toHaveLength(2);
    expect(page1.page_size).toBe(2);
    expect(page2.page).toBe(2);
    const seen = [...page1.messages, ...page2.messages];
    expect(seen.every((m: { channel: string }) => m.channel === 'email')).toBe(true);
    expect(new Set(seen.map((m: { id: number }) => m.id)).size).toBe(seen.length);
    expect(page1.messages[0].subject).toBe('Subject 3');
    const sms = (await get('/api/outbox?channel=sms', admin)).json();
    expect(sms.messages.map((m: { id: number }) => m.id)).toContain(ids[3]);
    expect(sms.messages.every((m: { channel: string }) => m.channel === 'sms')).toBe(true);
  });

  it('answers 400 with the envelope for a bad query', async () => {
    for (const q of ['page=0', 'page_size=201', 'channel=fax', 'page=abc', 'sort=asc']) {
      expectEnvelope(await get(`/api/outbox?${q}`, admin), 400, 'validation_failed');
    }
  });

  it('refuses without a session (401) and to anyone but a platform operator (403)', async () => {
    expectEnvelope(await get('/api/outbox'), 401, 'unauthorized');
    const coordinator = await login(t.app, 'coordinator@trust.demo');
    const body = expectEnvelope(await get('/api/outbox', coordinator), 403, 'forbidden');
    expect(body.message).toBe(OUTBOX_MESSAGES.forbidden);
    expect(body).toMatchObject({ reason: 'outbox.operators_only' });
    // An organization administrator is not a system administrator.
    const cbo = await login(t.app, 'cbo@trust.demo');
    expectEnvelope(await get('/api/outbox', cbo), 403, 'forbidden');
  });

  it("refuses an organization's admin (product role admin): the outbox is for platform operators", async () => {
    const orgAdmin = await login(t.app, 'orgadmin@trust.demo');
    const body = expectEnvelope(await get('/api/outbox', orgAdmin), 403, 'forbidden');
    expect(body.message).toBe('Only platform operators can read the outbox.');
    expectEnvelope(await get('/api/outbox?channel=sms', orgAdmin), 403, 'forbidden');
    const one = await get(`/api/outbox/${ids[0]}`, orgAdmin);
    expectEnvelope(one, 403, 'forbidden');
    expect(one.body).not.toContain('token=t1');
  });
});

describe('who is a platform operator (GET /auth/me)', () => {
  it('is a super_admin, not the product roles admin or administrator', async () => {
    const me = async (email: string) =>
      (await get('/auth/me', await login(t.app, email))).json().is_platform_operator;
    expect(await me('admin@trust.demo')).toBe(true);
    expect(await me('orgadmin@trust.demo')).toBe(false);
    expect(await me('coordinator@trust.demo')).toBe(false);
    // The product role alone grants nothing: a user with role administrator and no super_admin membership.
    await t.database.query("UPDATE users SET role = 'administrator' WHERE email = 'manager@trust.demo'");
    try {
      const manager = await login(t.app, 'manager@trust.demo');
      expect((await get('/auth/me', manager)).json().is_platform_operator).toBe(false);
      expectEnvelope(await get('/api/outbox', manager), 403, 'forbidden');
    } finally {
      await t.database.query("UPDATE users SET role = 'case_manager' WHERE email = 'manager@trust.demo'");
    }
  });
});

describe('account takeover through the outbox (issue #12)', () => {
  it("an organization's admin asks for another organization's user's reset link and cannot read it", async () => {
    const orgAdmin = await login(t.app, 'orgadmin@trust.demo');
    // cbo@trust.demo belongs to Harbor Community Services; orgadmin administers Golden Valley Health Plan only.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'cbo@trust.demo' },
    });
    expect(forgot.statusCode).toBe(200);
    const [reset] = await t.database.query<{ id: number; body_text: string; carries_secret: boolean }>(
      "SELECT id, body_text, carries_secret FROM outbound_messages WHERE category = 'password_reset' AND to_address = 'cbo@trust.demo' ORDER BY id DESC LIMIT 1",
    );
    expect(reset!.carries_secret).toBe(true);
    const link = /\/reset-password\?token=[^\s]+/.exec(reset!.body_text)![0];
    const token = decodeURIComponent(link.split('token=')[1]!);

    const list = await get('/api/outbox?page_size=200', orgAdmin);
    expectEnvelope(list, 403, 'forbidden');
    const message = await get(`/api/outbox/${reset!.id}`, orgAdmin);
    expectEnvelope(message, 403, 'forbidden');
    for (const res of [list, message]) {
      expect(res.body).not.toContain(link);
      expect(res.body).not.toContain(token);
    }
    // The development mailbox (local driver) is read by platform operators only.
    expect((await get(`/api/outbox/${reset!.id}`, admin)).json()).toMatchObject({
      category: 'password_reset',
      carries_secret: true,
      body_removed_at: null,
      body_text: expect.stringContaining(link),
    });
  });

  it('marks invitation links and sign-in codes as secrets too', async () => {
    const orgAdmin = await login(t.app, 'orgadmin@trust.demo');
    const [plan] = await t.database.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    );
    const invite = await t.app.inject({
      method: 'POST',
      url: `/api/cbos/${plan!.id}/users/invite`,
      headers: bearer(orgAdmin),
      payload: { name: 'Ivy Invitee', email: 'ivy.invitee@example.org', role: 'staff' },
    });
    expect(invite.statusCode).toBe(201);
    // secure@trust.demo signs in with an SMS code.
    await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: 'secure@trust.demo', password: TEST_PASSWORD },
    });
    const rows = await t.database.query<{ category: string; carries_secret: boolean }>(
      "SELECT DISTINCT category, carries_secret FROM outbound_messages WHERE to_address = 'ivy.invitee@example.org' OR category = 'two_factor_code'",
    );
    expect(rows.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: 'invitation', carries_secret: true },
      { category: 'two_factor_code', carries_secret: true },
    ]);
  });

  it('shows the fixed text, never the body, once the body was removed after delivery', async () => {
    const { id } = await queueEmail(t.app.deps, t.database.db, {
      to: 'removed@example.org',
      subject: 'Reset your Trust Marketplace password',
      text: 'Open https://trust.example/reset-password?token=gone-token',
      category: 'password_reset',
      carriesSecret: true,
    });
    await t.database.query(
      "UPDATE outbound_messages SET status = 'sent', driver = 'smtp', body_text = $2, body_html = NULL, body_removed_at = now() WHERE id = $1",
      [id, OUTBOX_MESSAGES.secretBodyRemoved],
    );
    const one = (await get(`/api/outbox/${id}`, admin)).json();
    expect(one).toMatchObject({
      body_text: OUTBOX_MESSAGES.secretBodyRemoved,
      body_html: null,
      carries_secret: true,
      body_removed_at: expect.any(String),
    });
    const listed = (await get('/api/outbox?channel=email&page_size=200', admin))
      .json()
      .messages.find((m: { id: number }) => m.id === id);
    expect(listed.body_text).toBe(OUTBOX_MESSAGES.secretBodyRemoved);
  });
});

describe('GET /api/outbox/{id}', () => {
  it('answers the whole message', async () => {
    const res = await get(`/api/outbox/${ids[0]}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: ids[0],
      channel: 'email',
      to: 'person1@example.org',
      subject: 'Subject 1',
      body_text: 'Open https://trust.example/register?token=t1 to continue.',
      status: 'queued',
      sent_at: null,
    });
  });

  it('answers 404, 400, 401 and 403 with the envelope', async () => {
    const body = expectEnvelope(await get('/api/outbox/999999', admin), 404, 'not_found');
    expect(body.message).toBe(OUTBOX_MESSAGES.notFound);
    expectEnvelope(await get('/api/outbox/abc', admin), 400, 'validation_failed');
    expectEnvelope(await get(`/api/outbox/${ids[0]}`), 401);
    const viewer = await login(t.app, 'viewer@trust.demo');
    expectEnvelope(await get(`/api/outbox/${ids[0]}`, viewer), 403, 'forbidden');
  });
});

describe('a message carrying protected health information', () => {
  let phiId: number;
  beforeAll(async () => {
    phiId = (
      await queueEmail(t.app.deps, t.database.db, {
        to: 'intake@provider.example',
        subject: 'Referral 4821093756 accepted: member details',
        text: 'Member: Wilhelmina Quarrington, Medicaid ID CA918273645',
        html: '<p>Member: Wilhelmina Quarrington</p>',
        category: 'referral_phi',
        referralId: 77,
        phi: true,
      })
    ).id;
  });

  it('is stored sealed', async () => {
    const [row] = await t.database.query<{ body_text: string; body_html: string }>(
      'SELECT body_text, body_html FROM outbound_messages WHERE id = $1',
      [phiId],
    );
    expect(row!.body_text).not.toContain('Quarrington');
    expect(row!.body_html).not.toContain('Quarrington');
  });

  it('shows a placeholder in the list, never the body', async () => {
    const res = await get('/api/outbox?channel=email&page_size=200', admin);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('Quarrington');
    const listed = res.json().messages.find((m: { id: number }) => m.id === phiId);
    expect(listed).toMatchObject({
      subject: 'Referral 4821093756 accepted: member details',
      body_text: PHI_BODY_PLACEHOLDER,
      body_html: null,
      category: 'referral_phi',
    });
  });

  it('opens it for one message, and audits that read', async () => {
    const auditCount = async (id: number) =>
      (
        await t.database.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE action = 'outbound_message.read' AND entity_id = $1",
          [String(id)],
        )
      )[0]!.n;
    const before = await auditCount(phiId);
    const res = await get(`/api/outbox/${phiId}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      body_text: 'Member: Wilhelmina Quarrington, Medicaid ID CA918273645',
      body_html: '<p>Member: Wilhelmina Quarrington</p>',
    });
    expect(await auditCount(phiId)).toBe(before + 1);
    // Every message opened is audited: the mailbox holds member status texts whose bodies are not sealed.
    const otherBefore = await auditCount(ids[0]!);
    await get(`/api/outbox/${ids[0]}`, admin);
    expect(await auditCount(ids[0]!)).toBe(otherBefore + 1);
  });

  it('is not opened for anyone else', async () => {
    const coordinator = await login(t.app, 'coordinator@trust.demo');
    const res = await get(`/api/outbox/${phiId}`, coordinator);
    expectEnvelope(res, 403, 'forbidden');
    expect(res.body).not.toContain('Quarrington');
  });
});

describe('the API document', () => {
  it('describes the outbox endpoints', async () => {
    const res = await get('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/outbox']).toHaveProperty('get');
    expect(paths['/api/outbox/{id}']).toHaveProperty('get');
  });
});
