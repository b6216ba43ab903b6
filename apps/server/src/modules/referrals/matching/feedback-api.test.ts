import type { Feedback, FeedbackList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';

// 003 §7.5 product API over match feedback: POST /api/feedback, GET /api/feedback/{id}, GET /api/feedback.

let t: TestApp;
let call: ReturnType<typeof apiOf>;
let plan: number;
let harbor: number;
let provider: number;
let otherProvider: number;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  call = apiOf(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  for (const who of ['coordinator', 'manager', 'orgadmin', 'viewer', 'admin', 'cbo']) {
    tokens[who] = await login(t.app, `${who}@trust.demo`);
  }
  const providers = await t.database.query<{ id: number }>('SELECT id FROM providers ORDER BY id LIMIT 2');
  provider = providers[0]!.id;
  otherProvider = providers[1]!.id;
});
afterAll(async () => t?.close());

const post = (who: string, body: unknown, org = plan) =>
  call('POST', '/api/feedback', tokens[who]!, org, body);

describe('POST /api/feedback', () => {
  it('records feedback of every writing role with the organization and the user, and audits it', async () => {
    const r = await createReferral(t, { token: tokens.coordinator!, orgId: plan });
    for (const who of ['coordinator', 'manager', 'orgadmin', 'admin']) {
      const res = await post(who, {
        referral_id: r.id,
        provider_id: provider,
        status: 'accepted',
        score: 0.8,
        notes: `From ${who}`,
      });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as Feedback;
      const { id: userId } = await one<{ id: number }>(t, 'SELECT id FROM users WHERE email = $1', [
        `${who}@trust.demo`,
      ]);
      expect(body).toMatchObject({
        referral_id: r.id,
        referral_number: r.referral_number,
        provider_id: provider,
        organization_id: plan,
        user_id: userId,
        status: 'accepted',
        score: 0.8,
        notes: `From ${who}`,
      });
      expect(body.provider_name).toEqual(expect.any(String));
      const audit = await one<{ n: number }>(
        t,
        `SELECT count(*)::int AS n FROM audit_log WHERE action = 'match.feedback' AND details->>'feedback_id' = $1`,
        [String(body.id)],
      );
      expect(audit.n).toBe(1);
    }
  });

  it('takes feedback without a referral, score or notes', async () => {
    const res = await post('coordinator', { provider_id: provider, status: 'failed' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ referral_id: null, referral_number: null, score: null, notes: null });
  });

  it('refuses a bad body and unknown fields (400)', async () => {
    const cases: unknown[] = [
      { provider_id: provider, status: 'meh' },
      { provider_id: provider, status: 'accepted', score: 1.5 },
      { provider_id: provider, status: 'accepted', score: -0.1 },
      { provider_id: '12', status: 'accepted' },
      { status: 'accepted' },
      { provider_id: provider, status: 'accepted', user_id: 1 },
      { provider_id: provider, status: 'accepted', notes: 'x'.repeat(2001) },
    ];
    for (const body of cases) expectEnvelope(await post('coordinator', body), 400);
  });

  it('needs a session (401); a viewer may not write (403)', async () => {
    expectEnvelope(
      await call('POST', '/api/feedback', null, undefined, { provider_id: provider, status: 'accepted' }),
      401,
    );
    expectEnvelope(await post('viewer', { provider_id: provider, status: 'accepted' }), 403);
  });

  it("404 for another organization's referral (even its matched provider's) and an unknown provider", async () => {
    const r = await createReferral(t, { token: tokens.coordinator!, orgId: plan });
    expectEnvelope(
      await post('cbo', { referral_id: r.id, provider_id: provider, status: 'accepted' }, harbor),
      404,
    );
    expectEnvelope(
      await post('coordinator', { referral_id: 99_999_999, provider_id: provider, status: 'accepted' }),
      404,
    );
    expectEnvelope(await post('coordinator', { provider_id: 99_999_999, status: 'accepted' }), 404);
  });
});

describe('GET /api/feedback and GET /api/feedback/{id}', () => {
  let mine: Feedback;
  let theirs: Feedback;
  beforeAll(async () => {
    const r = await createReferral(t, { token: tokens.coordinator!, orgId: plan });
    mine = (
      await post('coordinator', {
        referral_id: r.id,
        provider_id: otherProvider,
        status: 'completed',
        score: 1,
      })
    ).json() as Feedback;
    await post('coordinator', { referral_id: r.id, provider_id: otherProvider, status: 'rejected' });
    const res = await post(
      'cbo',
      { provider_id: otherProvider, status: 'rejected', notes: 'Harbor only' },
      harbor,
    );
    expect(res.statusCode, res.body).toBe(201);
    theirs = res.json() as Feedback;
  });

  it("lists the organization's feedback newest first, paged, for every role (the viewer reads)", async () => {
    for (const who of ['coordinator', 'manager', 'orgadmin', 'viewer', 'admin']) {
      const res = await call('GET', '/api/feedback?page_size=200', tokens[who]!, plan);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as FeedbackList;
      expect(body.feedback.every((f) => f.organization_id === plan)).toBe(true);
      expect(body.feedback.some((f) => f.id === theirs.id)).toBe(false);
      expect(body.feedback.some((f) => f.id === mine.id)).toBe(true);
      const times = body.feedback.map((f) => Date.parse(f.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    }
    const page = (await call('GET', '/api/feedback?page_size=1&page=2', tokens.coordinator!, plan)).json();
    expect(page).toMatchObject({ page: 2, page_size: 1 });
    expect(page.feedback).toHaveLength(1);
    expect(page.total).toBeGreaterThan(1);
  });

  it('filters by provider, referral and status', async () => {
    const byReferral = (
      await call('GET', `/api/feedback?referral_id=${mine.referral_id}`, tokens.coordinator!, plan)
    ).json() as FeedbackList;
    expect(byReferral.total).toBe(2);
    const completed = (
      await call(
        'GET',
        `/api/feedback?referral_id=${mine.referral_id}&provider_id=${otherProvider}&status=completed`,
        tokens.coordinator!,
        plan,
      )
    ).json() as FeedbackList;
    expect(completed.feedback.map((f) => f.id)).toEqual([mine.id]);
  });

  it('reads one of its own; 404 for another organization', async () => {
    const res = await call('GET', `/api/feedback/${mine.id}`, tokens.viewer!, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(mine);
    expectEnvelope(await call('GET', `/api/feedback/${theirs.id}`, tokens.coordinator!, plan), 404);
    expectEnvelope(await call('GET', `/api/feedback/${mine.id}`, tokens.cbo!, harbor), 404);
    expectEnvelope(await call('GET', '/api/feedback/99999999', tokens.coordinator!, plan), 404);
  });

  it('400 for a bad id, filter or unknown parameter; 401 without a session', async () => {
    for (const url of [
      '/api/feedback/abc',
      '/api/feedback?status=meh',
      '/api/feedback?provider_id=0',
      '/api/feedback?sort=id',
    ]) {
      expectEnvelope(await call('GET', url, tokens.coordinator!, plan), 400);
    }
    expectEnvelope(await call('GET', '/api/feedback', null), 401);
    expectEnvelope(await call('GET', `/api/feedback/${mine.id}`, null), 401);
  });
});
