import type { AddressInfo } from 'node:net';
import {
  PHI_EMAIL_NEXT_STEPS,
  RESPONSE_MESSAGES,
  type Referral,
  type ReferralCreateInput,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';
import type { Drivers } from '../../../adapters/delivery.ts';
import { LocalEmailDriver } from '../../../adapters/email/local.ts';
import { OUTBOUND_MAX_ATTEMPTS } from '../../../adapters/outbound.ts';
import { LocalSmsDriver } from '../../../adapters/sms/local.ts';
import { actingAs, systemContext } from '../../../platform/context.ts';
import { deliverAndReport } from '../../communications/outbox/deliver-and-report.ts';
import { acceptReferral, rejectReferral } from './response-service.ts';

let t: TestApp;
let plan: number;
let harbor: number;
let lakeside: number;
let harborProvider: number;
let lakesideProvider: number;
let harborEmail: string;
let coordinator: string;
let cbo: string;
let staff: string;
let viewer: string;
let admin: string;
let seq = 0;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}

const orgId = async (name: string) =>
  (await one<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [name])).id;
const firstProviderOf = async (org: number) =>
  (
    await one<{ id: number }>('SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      org,
    ])
  ).id;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  harbor = await orgId('Harbor Community Services');
  lakeside = await orgId('Lakeside Food Network');
  harborProvider = await firstProviderOf(harbor);
  lakesideProvider = await firstProviderOf(lakeside);
  // These tests are about one provider's answer: a referral nobody took stays Rejected or Expired here. The
  // cascade that would re-match it is tested in matching/cascade.test.ts.
  await t.database.query(`UPDATE organizations SET settings = settings || '{"cascade": false}'::jsonb`);
  // The provider's address the member details go to; set here so the test does not depend on the demo's.
  harborEmail = 'intake@harbor.example.org';
  await t.database.query('UPDATE providers SET email = $2 WHERE id = $1', [harborProvider, harborEmail]);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => t?.close());

/** The member whose details the accepting provider's email carries: each value is looked for in it. */
const member = {
  first_name: 'Philippa',
  last_name: 'Oyelaran-Strand',
  phone_number: '(503) 555-0142',
  email: 'p.os@example.org',
  date_of_birth: '1969-09-14',
  zip_code: '97205',
  street_address: '18 Larch Court',
  city: 'Portland',
  state: 'OR',
  health_plan: 'Molina Healthcare',
  provider_name: 'Dr. Ines Calloway',
  npi_number: '1457382910',
  organization: 'Northgate Clinic',
  primary_diagnosis: 'Congestive heart failure',
  availability: 'Weekends',
  urgency_level: 'Urgent',
  additional_notes: 'Use the side entrance <after 4pm>.',
  sdoh_needs: ['Housing Assistance', 'Food Assistance'],
  housing_subcategories: ['Housing navigation'],
} satisfies Partial<ReferralCreateInput>;

const api = (method: 'GET' | 'POST', url: string, token: string | null, org?: number, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

/**
 * A new referral of the health plan, matched to a provider and waiting for its answer (as a claim or the
 * matcher leaves it): status matched, acceptance pending, 7 days to answer.
 */
async function awaiting(
  providerId = harborProvider,
  state: { status?: string; acceptance?: string | null; expiresIn?: string } = {},
): Promise<Referral> {
  const r = await createReferral(t, { token: coordinator, orgId: plan, ...member });
  await t.database.query(
    `UPDATE referrals SET status = $2, matched_provider_id = $3, matched_at = now(), match_method = 'claim',
       acceptance_status = $4, expires_at = now() + $5::interval WHERE id = $1`,
    [r.id, state.status ?? 'matched', providerId, state.acceptance ?? 'pending', state.expiresIn ?? '7 days'],
  );
  return r;
}

const accept = (id: number, token = cbo, org = harbor, providerId: unknown = harborProvider) =>
  api('POST', `/api/referrals/${id}/accept`, token, org, { provider_id: providerId });
const reject = (
  id: number,
  reason: unknown,
  token = cbo,
  org = harbor,
  providerId: unknown = harborProvider,
) => api('POST', `/api/referrals/${id}/reject`, token, org, { provider_id: providerId, reason });
const status = (id: number, query = '', token = coordinator, org = plan) =>
  api('GET', `/api/referrals/${id}/status${query}`, token, org);

type Row = {
  status: string;
  acceptance_status: string | null;
  accepted_at: Date | null;
  rejected_at: Date | null;
  rejection_reason: string | null;
  email_sent_to: string | null;
  phi_email_sent: boolean;
  phi_email_message_id: number | null;
  matched_provider_id: number | null;
};
const row = (id: number) =>
  one<Row>(
    `SELECT status, acceptance_status, accepted_at, rejected_at, rejection_reason, email_sent_to, phi_email_sent,
       phi_email_message_id, matched_provider_id FROM referrals WHERE id = $1`,
    [id],
  );
const events = (id: number) =>
  t.database.query<{ type: string; actor_user_id: number | null; details: Record<string, unknown> }>(
    'SELECT type, actor_user_id, details FROM referral_events WHERE referral_id = $1 ORDER BY id',
    [id],
  );
const audits = (id: number) =>
  t.database.query<{ action: string; organization_id: number | null }>(
    "SELECT action, organization_id FROM audit_log WHERE entity_type = 'referral' AND entity_id = $1 ORDER BY id",
    [String(id)],
  );

const localDrivers: Drivers = { email: new LocalEmailDriver(), sms: new LocalSmsDriver() };
const failingDrivers: Drivers = {
  email: { name: 'smtp', send: async () => Promise.reject(new Error('451 try again later')) },
  sms: new LocalSmsDriver(),
};

describe('POST /api/referrals/{id}/accept', () => {
  it("accepts for the matched provider and queues the member's details, sealed, to the provider's address", async () => {
    const r = await awaiting();
    const res = await accept(r.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      accepted_at: expect.any(String),
      phi_email_sent: false,
      email_sent_to: harborEmail,
    });

    const stored = await row(r.id);
    expect(stored).toMatchObject({
      status: 'accepted',
      acceptance_status: 'accepted',
      email_sent_to: harborEmail,
      phi_email_sent: false,
      matched_provider_id: harborProvider,
    });
    expect(stored.accepted_at?.toISOString()).toBe(body.accepted_at);
    expect(stored.phi_email_message_id).toEqual(expect.any(Number));

    // The outbox row: PHI, about this referral, sealed at rest (no member value readable in the table).
    const message = await one<{
      to_address: string;
      subject: string;
      body_text: string;
      body_html: string;
      category: string;
      phi: boolean;
      referral_id: number;
      status: string;
    }>(
      'SELECT to_address, subject, body_text, body_html, category, phi, referral_id, status FROM outbound_messages WHERE id = $1',
      [stored.phi_email_message_id],
    );
    expect(message).toMatchObject({
      to_address: harborEmail,
      subject: `Referral ${r.referral_number} accepted: member details`,
      category: 'referral_phi',
      phi: true,
      referral_id: r.id,
      status: 'queued',
    });
    for (const secret of ['Philippa', 'Oyelaran', r.medicaid_id, '1969-09-14', 'Congestive']) {
      expect(message.body_text).not.toContain(secret);
      expect(message.body_html).not.toContain(secret);
      expect(message.subject).not.toContain(secret);
    }

    // An administrator opens it through the outbox: the full details and the next steps.
    const opened = await api('GET', `/api/outbox/${stored.phi_email_message_id}`, admin);
    expect(opened.statusCode).toBe(200);
    const text = opened.json().body_text as string;
    for (const value of [
      'Philippa Oyelaran-Strand',
      '1969-09-14',
      r.medicaid_id,
      '(503) 555-0142',
      'p.os@example.org',
      '18 Larch Court, Portland, OR 97205, USA',
      'Molina Healthcare',
      'Managed Care',
      'Congestive heart failure',
      'Housing Assistance, Food Assistance',
      'Housing navigation',
      'Within 24h',
      'Weekends',
      'Dr. Ines Calloway',
      '1457382910',
      'Northgate Clinic',
      r.referral_number,
      ...PHI_EMAIL_NEXT_STEPS,
    ]) {
      expect(text).toContain(value);
    }
    expect(opened.json().body_html).toContain('Use the side entrance &lt;after 4pm&gt;.');

    // Timeline and audit.
    const history = await events(r.id);
    expect(history.at(-1)).toMatchObject({
      type: 'accepted',
      details: { provider_id: harborProvider, email_sent_to: harborEmail, phi_email: 'queued' },
    });
    expect(history.at(-1)!.actor_user_id).toEqual(expect.any(Number));
    const actions = (await audits(r.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['referral.accepted', 'referral.phi_shared']));
    expect((await audits(r.id)).find((a) => a.action === 'referral.accepted')!.organization_id).toBe(harbor);

    // The owner sees it Accepted, with the email pending.
    const seen = await api('GET', `/api/referrals/${r.id}`, coordinator, plan);
    expect(seen.json()).toMatchObject({
      status: 'accepted',
      acceptance_status: 'accepted',
      phi_email_sent: false,
      email_sent_to: harborEmail,
    });
  });

  it('turns phi_email_sent true once the delivery job delivers the email, and records it', async () => {
    const r = await awaiting();
    expect((await accept(r.id)).statusCode).toBe(200);
    const { phi_email_message_id: messageId } = await row(r.id);
    expect((await status(r.id)).json()).toMatchObject({ phi_email_status: 'pending', phi_shared: false });

    expect(await deliverAndReport(t.app.deps, localDrivers, messageId!)).toBe('sent');
    expect(await row(r.id)).toMatchObject({ phi_email_sent: true, status: 'accepted' });
    expect((await status(r.id)).json()).toMatchObject({ phi_email_status: 'sent', phi_shared: true });
    const sent = (await events(r.id)).filter((e) => e.type === 'phi_email_sent');
    expect(sent).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        details: expect.objectContaining({ message_id: messageId }),
      }),
    ]);
    expect((await audits(r.id)).map((a) => a.action)).toContain('referral.phi_email_delivered');

    // A duplicate run of the job reports nothing twice.
    expect(await deliverAndReport(t.app.deps, localDrivers, messageId!)).toBe('skipped');
    expect((await events(r.id)).filter((e) => e.type === 'phi_email_sent')).toHaveLength(1);
  });

  it('keeps the acceptance when the email cannot be delivered; the outbox retries, then reports the failure', async () => {
    const r = await awaiting();
    expect((await accept(r.id)).statusCode).toBe(200);
    const { phi_email_message_id: messageId } = await row(r.id);
    await expect(deliverAndReport(t.app.deps, failingDrivers, messageId!)).rejects.toThrow('451');
    expect(await row(r.id)).toMatchObject({
      status: 'accepted',
      acceptance_status: 'accepted',
      phi_email_sent: false,
    });
    expect((await status(r.id)).json()).toMatchObject({ phi_email_status: 'pending' });
    expect((await events(r.id)).some((e) => e.type === 'phi_email_failed')).toBe(false);

    for (let attempt = 2; attempt < OUTBOUND_MAX_ATTEMPTS; attempt++) {
      await expect(deliverAndReport(t.app.deps, failingDrivers, messageId!)).rejects.toThrow();
    }
    expect(await deliverAndReport(t.app.deps, failingDrivers, messageId!)).toBe('failed');
    expect(await row(r.id)).toMatchObject({
      status: 'accepted',
      acceptance_status: 'accepted',
      phi_email_sent: false,
    });
    expect((await status(r.id)).json()).toMatchObject({ phi_email_status: 'failed', phi_shared: false });
    const failed = (await events(r.id)).filter((e) => e.type === 'phi_email_failed');
    expect(failed).toEqual([
      expect.objectContaining({
        actor_user_id: null,
        details: expect.objectContaining({ message_id: messageId }),
      }),
    ]);
    // Reported once, however often the job runs again.
    await deliverAndReport(t.app.deps, failingDrivers, messageId!);
    expect((await events(r.id)).filter((e) => e.type === 'phi_email_failed')).toHaveLength(1);
  });

  it('accepts for a provider with no email address, and the timeline says the details could not be emailed', async () => {
    const r = await awaiting();
    await t.database.query('UPDATE providers SET email = NULL WHERE id = $1', [harborProvider]);
    try {
      const res = await accept(r.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ phi_email_sent: false, email_sent_to: null });
    } finally {
      await t.database.query('UPDATE providers SET email = $2 WHERE id = $1', [harborProvider, harborEmail]);
    }
    expect(await row(r.id)).toMatchObject({
      status: 'accepted',
      email_sent_to: null,
      phi_email_message_id: null,
    });
    const history = await events(r.id);
    expect(history.find((e) => e.type === 'accepted')!.details).toMatchObject({ phi_email: 'no_address' });
    expect(history.find((e) => e.type === 'phi_email_failed')!.details).toMatchObject({
      reason: 'The provider has no email address on file, so the member details could not be emailed.',
    });
    const queued = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbound_messages WHERE referral_id = $1 AND category = 'referral_phi'",
      [r.id],
    );
    expect(queued.n).toBe(0);
    expect((await status(r.id)).json()).toMatchObject({ phi_email_status: 'none', email_sent_to: null });
    expect((await audits(r.id)).map((a) => a.action)).not.toContain('referral.phi_shared');
  });

  it('of two accepts at once, exactly one applies; the other is told it is already accepted', async () => {
    const r = await awaiting();
    const [a, b] = await Promise.all([accept(r.id), accept(r.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(expectEnvelope(loser, 409, 'conflict').message).toBe(RESPONSE_MESSAGES.alreadyAccepted);
    const emails = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM outbound_messages WHERE referral_id = $1 AND category = 'referral_phi'",
      [r.id],
    );
    expect(emails.n).toBe(1);
    expect((await events(r.id)).filter((e) => e.type === 'accepted')).toHaveLength(1);
  });

  it('tells the owner only the matched provider answers (403), a stranger nothing (404), a viewer no (403)', async () => {
    const r = await awaiting();
    const owner = expectEnvelope(await accept(r.id, coordinator, plan), 403, 'forbidden');
    expect(owner.message).toBe(RESPONSE_MESSAGES.onlyMatchedProvider);
    expect(expectEnvelope(await accept(r.id, staff, lakeside), 404, 'not_found').message).toBe(
      'Referral not found',
    );
    expectEnvelope(await accept(99999999), 404, 'not_found');
    // Viewers read but do not answer (route role check).
    expectEnvelope(await accept(r.id, viewer, plan), 403, 'forbidden');
    expectEnvelope(await accept(r.id, null as unknown as string), 401);
    expect(await row(r.id)).toMatchObject({ status: 'matched', acceptance_status: 'pending' });
  });

  it('answers 400 for a bad body or id', async () => {
    const r = await awaiting();
    const missing = expectEnvelope(await api('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, {}), 400);
    expect((missing as unknown as { fields: Record<string, string> }).fields).toHaveProperty('provider_id');
    expectEnvelope(await accept(r.id, cbo, harbor, 'abc'), 400, 'validation_failed');
    expectEnvelope(
      await api('POST', `/api/referrals/${r.id}/accept`, cbo, harbor, { provider_id: harborProvider, x: 1 }),
      400,
    );
    expectEnvelope(await api('POST', '/api/referrals/abc/accept', cbo, harbor, { provider_id: 1 }), 400);
  });

  it('answers 409 for another provider, twice, after a rejection, when not awaiting, and when expired', async () => {
    const r = await awaiting();
    const other = expectEnvelope(await accept(r.id, cbo, harbor, lakesideProvider), 409, 'conflict');
    expect(other.message).toBe(RESPONSE_MESSAGES.otherProvider);

    expect((await accept(r.id)).statusCode).toBe(200);
    expect(expectEnvelope(await accept(r.id), 409).message).toBe(RESPONSE_MESSAGES.alreadyAccepted);
    expect(expectEnvelope(await reject(r.id, 'Changed our mind'), 409).message).toBe(
      RESPONSE_MESSAGES.alreadyAccepted,
    );

    const rejected = await awaiting();
    expect((await reject(rejected.id, 'No capacity this month')).statusCode).toBe(200);
    expect(expectEnvelope(await accept(rejected.id), 409).message).toBe(RESPONSE_MESSAGES.alreadyRejected);

    const working = await awaiting(harborProvider, { status: 'in_progress', acceptance: null });
    expect(expectEnvelope(await accept(working.id), 409).message).toBe(RESPONSE_MESSAGES.notAwaiting);

    const expired = await awaiting(harborProvider, { status: 'expired', acceptance: 'expired' });
    expect(expectEnvelope(await accept(expired.id), 409).message).toBe(RESPONSE_MESSAGES.expired);
  });

  it('refuses an answer after the 7 days and expires the referral there and then', async () => {
    const r = await awaiting(harborProvider, { expiresIn: '-1 minute' });
    expect(expectEnvelope(await accept(r.id), 409, 'conflict').message).toBe(RESPONSE_MESSAGES.expired);
    expect(await row(r.id)).toMatchObject({
      status: 'expired',
      acceptance_status: 'expired',
      matched_provider_id: harborProvider,
    });
    expect((await events(r.id)).find((e) => e.type === 'expired')).toMatchObject({
      type: 'expired',
      actor_user_id: null,
    });
    expect(expectEnvelope(await reject(r.id, 'Too late'), 409).message).toBe(RESPONSE_MESSAGES.expired);
  });

  it("tells the owner's and the provider's open screens, and takes the card out of the provider's feed", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const ownerStream = await openEventStream(base, coordinator);
    const providerStream = await openEventStream(base, cbo);
    try {
      const r = await awaiting();
      expect((await accept(r.id)).statusCode).toBe(200);
      const changed = (e: { type: string; data: unknown }) => {
        const data = e.data as { id: number; change: string };
        return e.type === 'referral.changed' && data.id === r.id && data.change === 'accepted';
      };
      expect(await ownerStream.waitFor(() => ownerStream.events.some(changed))).toBe(true);
      expect(await providerStream.waitFor(() => providerStream.events.some(changed))).toBe(true);
      const removed = (e: { type: string; data: unknown }) =>
        e.type === 'feed.remove' && (e.data as { id: number }).id === r.id;
      expect(await providerStream.waitFor(() => providerStream.events.some(removed))).toBe(true);
      // The change notice carries ids and the status only: no member value.
      const notices = ownerStream.events.filter((e) => e.type === 'referral.changed');
      expect(JSON.stringify(notices)).not.toContain('Philippa');
      expect(notices.find(changed)!.data).toMatchObject({ status: 'accepted' });
    } finally {
      ownerStream.close();
      providerStream.close();
    }
  });
});

describe('POST /api/referrals/{id}/reject', () => {
  it('rejects with the reason; the owner sees it Rejected in the queue, to be matched again', async () => {
    const r = await awaiting();
    const res = await reject(r.id, '  No capacity for housing navigation this month  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ rejected_at: expect.any(String) });
    const stored = await row(r.id);
    expect(stored).toMatchObject({
      status: 'rejected',
      acceptance_status: 'rejected',
      rejection_reason: 'No capacity for housing navigation this month',
      matched_provider_id: harborProvider,
      phi_email_message_id: null,
    });
    expect(stored.rejected_at?.toISOString()).toBe(res.json().rejected_at);
    const event = (await events(r.id)).find((e) => e.type === 'rejected')!;
    expect(event).toMatchObject({
      type: 'rejected',
      details: {
        reason: 'No capacity for housing navigation this month',
        provider_id: harborProvider,
        provider_name: expect.any(String),
      },
    });
    expect(JSON.stringify(event.details)).not.toContain('Philippa');
    expect((await audits(r.id)).map((a) => a.action)).toContain('referral.rejected');
    // No member details leave the system on a rejection.
    const emails = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM outbound_messages WHERE referral_id = $1 AND category = $2',
      [r.id, 'referral_phi'],
    );
    expect(emails.n).toBe(0);

    const queue = await api('GET', '/api/referrals?status=rejected&page_size=200', coordinator, plan);
    expect(queue.json().referrals.map((x: Referral) => x.id)).toContain(r.id);
    expect((await status(r.id)).json()).toMatchObject({
      acceptance_status: 'rejected',
      rejection_reason: 'No capacity for housing navigation this month',
      phi_email_status: 'none',
    });
  });

  it('needs a reason: a blank one is a 400 on the field', async () => {
    const r = await awaiting();
    for (const reason of ['', '   ', undefined]) {
      const body = expectEnvelope(await reject(r.id, reason), 400, 'validation_failed') as unknown as {
        fields: Record<string, string>;
      };
      expect(body.fields.reason).toBe('Please provide a reason for rejection');
    }
    expect(expectEnvelope(await reject(r.id, 'x'.repeat(1001)), 400).message).toContain('1000');
    expect(await row(r.id)).toMatchObject({ status: 'matched', acceptance_status: 'pending' });
  });

  it('has the same access rules and conflicts as accept', async () => {
    const r = await awaiting();
    expect(expectEnvelope(await reject(r.id, 'No', coordinator, plan), 403).message).toBe(
      RESPONSE_MESSAGES.onlyMatchedProvider,
    );
    expectEnvelope(await reject(r.id, 'No', staff, lakeside), 404);
    expectEnvelope(await reject(r.id, 'No', viewer, plan), 403);
    expectEnvelope(await reject(r.id, 'No', null as unknown as string), 401);
    expect(expectEnvelope(await reject(r.id, 'No', cbo, harbor, lakesideProvider), 409).message).toBe(
      RESPONSE_MESSAGES.otherProvider,
    );
    expect((await reject(r.id, 'No room')).statusCode).toBe(200);
    expect(expectEnvelope(await reject(r.id, 'Again'), 409).message).toBe(RESPONSE_MESSAGES.alreadyRejected);
  });
});

describe('GET /api/referrals/{id}/status', () => {
  it('answers the owner and the provider with the state of the answer', async () => {
    const r = await awaiting();
    const before = await status(r.id);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({
      acceptance_status: 'pending',
      accepted_at: null,
      rejected_at: null,
      rejection_reason: null,
      expires_at: expect.any(String),
      phi_shared: false,
      email_sent_to: null,
      phi_email_status: 'none',
    });
    const asProvider = await status(r.id, `?provider_id=${harborProvider}`, cbo, harbor);
    expect(asProvider.statusCode).toBe(200);
    expect(asProvider.json()).toEqual(before.json());
  });

  it('answers 404 for another provider id and for strangers, 400 for a bad query, 401 without a session', async () => {
    const r = await awaiting();
    const wrong = expectEnvelope(await status(r.id, `?provider_id=${lakesideProvider}`), 404, 'not_found');
    expect(wrong.message).toBe(RESPONSE_MESSAGES.providerNotMatched);
    expectEnvelope(await status(r.id, '', staff, lakeside), 404);
    expectEnvelope(await status(r.id, '?provider_id=abc'), 400);
    expectEnvelope(await api('GET', `/api/referrals/${r.id}/status`, null), 401);
  });
});

describe('the API document', () => {
  it('describes accept, reject and status', async () => {
    const paths = (await api('GET', '/api/openapi.json', null)).json().paths as Record<string, object>;
    expect(paths['/api/referrals/{id}/accept']).toHaveProperty('post');
    expect(paths['/api/referrals/{id}/reject']).toHaveProperty('post');
    expect(paths['/api/referrals/{id}/status']).toHaveProperty('get');
  });
});

describe('the provider answering by text message (issue #6: the same rules, no signed-in user)', () => {
  /** A provider of no organization: it answers only by SMS. */
  async function loneProvider() {
    seq += 1;
    const created = await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, phone, email) VALUES ($1, 'Food Bank', '(909) 555-0190', $2)
       RETURNING id`,
      [`Texting Pantry ${seq}`, `intake${seq}@texting.example.org`],
    );
    return created.id;
  }
  // The provider answering by text: no signed-in user, as the SMS module acts for it (sms/inbound-actions.ts).
  const bySms = (providerId: number) =>
    actingAs(systemContext(t.app.deps, 'sms'), {
      kind: 'provider',
      providerId,
      organizationId: null,
      channel: 'sms',
    });

  it('accepts for the matched provider with actor null and the channel on the audit and timeline', async () => {
    const provider = await loneProvider();
    const r = await awaiting(provider);
    const answer = await acceptReferral(bySms(provider), {
      id: r.id,
      providerId: provider,
      communicationId: 4242,
    });
    expect(answer.email_sent_to).toMatch(/@texting\.example\.org$/);
    expect(await row(r.id)).toMatchObject({ status: 'accepted', matched_provider_id: provider });
    const accepted = (await events(r.id)).find((e) => e.type === 'accepted')!;
    expect(accepted).toMatchObject({
      actor_user_id: null,
      details: { provider_id: provider, channel: 'sms', communication_id: 4242 },
    });
    const audit = await one<{
      actor_user_id: number | null;
      organization_id: number | null;
      details: object;
    }>(
      `SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = 'referral.accepted' AND entity_id = $1`,
      [String(r.id)],
    );
    expect(audit).toMatchObject({ actor_user_id: null, organization_id: null, details: { channel: 'sms' } });
    // Answered already: the same refusal as the panel's.
    await expect(
      acceptReferral(bySms(provider), { id: r.id, providerId: provider, communicationId: 4243 }),
    ).rejects.toMatchObject({
      status: 409,
      reason: 'referral.already_accepted',
      message: RESPONSE_MESSAGES.alreadyAccepted,
    });
  });

  it('claims a referral sent to several providers (first accept wins) and refuses a provider it was not sent to', async () => {
    const provider = await loneProvider();
    const stranger = await loneProvider();
    const decliner = await loneProvider();
    const r = await awaiting(harborProvider, { acceptance: null, expiresIn: '7 days' });
    await t.database.query('UPDATE referrals SET matched_provider_id = NULL WHERE id = $1', [r.id]);
    await t.database.query(
      `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, status)
       VALUES ($1, $2, 1, 'sent'), ($1, $3, 2, 'sent'), ($1, $4, 3, 'sent')`,
      [r.id, provider, harborProvider, decliner],
    );
    await expect(
      acceptReferral(bySms(stranger), { id: r.id, providerId: stranger, communicationId: 1 }),
    ).rejects.toMatchObject({
      status: 403,
      reason: 'referral.not_the_matched_provider',
      message: RESPONSE_MESSAGES.onlyMatchedProvider,
    });
    // Issue #14: one of several declining is recorded on its entry; the others are still waited for.
    await rejectReferral(bySms(decliner), {
      id: r.id,
      providerId: decliner,
      communicationId: 2,
      reason: 'Not our area',
    });
    expect(await row(r.id)).toMatchObject({ status: 'matched', matched_provider_id: null });
    await acceptReferral(bySms(provider), { id: r.id, providerId: provider, communicationId: 3 });
    expect(await row(r.id)).toMatchObject({ status: 'accepted', matched_provider_id: provider });
    const entries = await t.database.query<{ provider_id: number; status: string }>(
      'SELECT provider_id, status FROM referral_provider_matches WHERE referral_id = $1 ORDER BY rank',
      [r.id],
    );
    expect(entries).toEqual([
      { provider_id: provider, status: 'accepted' },
      { provider_id: harborProvider, status: 'not_selected' },
      { provider_id: decliner, status: 'declined' },
    ]);
    // The other provider's organization, no longer among those it was sent to, does not see it any more.
    expectEnvelope(await accept(r.id), 404);
  });

  it('rejects with the reason, and refuses an expired referral after expiring it', async () => {
    const provider = await loneProvider();
    const r = await awaiting(provider);
    await rejectReferral(bySms(provider), {
      id: r.id,
      providerId: provider,
      communicationId: 5,
      reason: 'full',
    });
    expect(await row(r.id)).toMatchObject({ status: 'rejected', rejection_reason: 'full' });
    const late = await awaiting(provider, { expiresIn: '-1 minute' });
    await expect(
      acceptReferral(bySms(provider), { id: late.id, providerId: provider, communicationId: 6 }),
    ).rejects.toMatchObject({
      status: 409,
      reason: 'referral.expired',
      message: RESPONSE_MESSAGES.expired,
    });
    expect(await row(late.id)).toMatchObject({ status: 'expired', acceptance_status: 'expired' });
  });
});
