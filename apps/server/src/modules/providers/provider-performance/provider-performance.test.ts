import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ProviderPerformanceList, RATINGS_MESSAGES, type RatingsUpdateResponse } from '@trust/domain';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

// Provider Performance API (001 §2.19, §4 "Dashboard counting", §8 Ratings, §9), on purpose-built referrals.

let t: TestApp;
let plan: number;
let riverbend: number;
let harbor: number;
let coordinator: string;
let viewer: string;
let cbo: string;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const now = Date.now();
const ago = (ms: number) => new Date(now - ms);

async function orgId(name: string): Promise<number> {
  const [row] = await t.database.query<{ id: number }>('SELECT id FROM organizations WHERE name = $1', [
    name,
  ]);
  return row!.id;
}

async function addProvider(
  name: string,
  extra: { address?: string | null; city?: string | null; zip?: string | null; quality?: number } = {},
): Promise<number> {
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO providers (name, organization_type, address, city, state, zip_code, services, data_quality_score)
     VALUES ($1, 'Food Bank', $2, $3, 'CA', $4, $5, $6) RETURNING id`,
    [
      name,
      extra.address === undefined ? '1 Main St' : extra.address,
      extra.city === undefined ? 'Zephyrton' : extra.city,
      extra.zip === undefined ? '90001' : extra.zip,
      ['Food Assistance', 'Case Management', 'Transportation', 'Legal Aid'],
      extra.quality ?? 90,
    ],
  );
  return row!.id;
}

let seq = 0;
async function addReferral(
  org: number,
  providerId: number,
  status: string,
  times: { matched: Date | null; accepted?: Date | null; updated?: Date; phi?: boolean },
): Promise<number> {
  seq += 1;
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO referrals (referral_number, organization_id, first_name, last_name, medicaid_id, primary_diagnosis,
                            status, matched_provider_id, matched_at, accepted_at, updated_at, phi_email_sent)
     VALUES ($1, $2, 'Perf', 'Member', $3, 'Test', $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      `PERF-${seq}-${now}`,
      org,
      `PF${String(seq).padStart(9, '0')}`,
      status,
      providerId,
      times.matched?.toISOString() ?? null,
      times.accepted?.toISOString() ?? null,
      (times.updated ?? new Date(now)).toISOString(),
      times.phi ?? false,
    ],
  );
  return row!.id;
}

/**
 * The member's follow-up question about a Completed referral (issue #14 item 4), as the referrals module stores
 * it: answered 'yes' or 'no' in time, or not answered (answer null; `late` also records a reply that came after
 * the question expired, which stays without an answer).
 */
async function addFollowUp(
  referralId: number,
  org: number,
  providerId: number,
  answer: 'yes' | 'no' | null,
  late = false,
) {
  await t.database.query(
    `INSERT INTO member_follow_ups (referral_id, organization_id, provider_id, due_at, sent_at, expires_at,
                                    phone_digits, language, answer, answered_at)
     VALUES ($1, $2, $3, $4, $4, $5, '5105550100', 'en', $6::text, $7)`,
    [
      referralId,
      org,
      providerId,
      ago(5 * DAY).toISOString(),
      ago(2 * DAY).toISOString(),
      answer,
      answer !== null || late ? ago(DAY).toISOString() : null,
    ],
  );
}

const get = (url: string, token: string | null, org?: number) =>
  t.app.inject({ method: 'GET', url, headers: token ? bearer(token, org) : {} });
const post = (url: string, token: string, payload: unknown, org?: number) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token, org), payload: payload as object });

let alpha: number;
let beta: number;

beforeAll(async () => {
  t = await buildTestApp();
  plan = await orgId('Golden Valley Health Plan');
  riverbend = await orgId('Riverbend Family Clinic');
  harbor = await orgId('Harbor Community Services');
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');

  alpha = await addProvider('Perftest Alpha Pantry', { quality: 80 });
  beta = await addProvider('Perftest Beta Shelter', { quality: 60 });
  const m = ago(10 * DAY);
  // Alpha, for Golden Valley: one referral in each status of 001 §4.
  await addReferral(plan, alpha, 'matched', { matched: m });
  await addReferral(plan, alpha, 'authorized', { matched: m });
  await addReferral(plan, alpha, 'accepted', {
    matched: m,
    accepted: new Date(m.getTime() + 10 * HOUR),
    phi: true,
  });
  await addReferral(plan, alpha, 'in_progress', {
    matched: m,
    accepted: new Date(m.getTime() + 20 * HOUR),
    phi: true,
  });
  await addReferral(plan, alpha, 'on_hold', { matched: m });
  // Closed 5.5 days after the match: 5 whole days.
  await addReferral(plan, alpha, 'completed', {
    matched: m,
    accepted: new Date(m.getTime() + 3 * HOUR),
    updated: new Date(m.getTime() + 5.5 * DAY),
  });
  // Matched 200 days ago and closed 12.2 days later: in All Time and Last Year only.
  const old = ago(200 * DAY);
  await addReferral(plan, alpha, 'completed', {
    matched: old,
    accepted: new Date(old.getTime() + 3 * HOUR),
    updated: new Date(old.getTime() + 12.2 * DAY),
  });
  // Not matched by 001 §4: rejected and pending ones.
  await addReferral(plan, alpha, 'rejected', { matched: m });
  await addReferral(plan, alpha, 'pending', { matched: null });
  // Beta: one accepted referral for Golden Valley.
  await addReferral(plan, beta, 'accepted', { matched: ago(2 * DAY), accepted: ago(2 * DAY - 4 * HOUR) });
  // Another organization's referrals to Alpha are its own outcomes, not Golden Valley's.
  await addReferral(riverbend, alpha, 'completed', { matched: m, updated: new Date(m.getTime() + DAY) });
  await addReferral(riverbend, alpha, 'accepted', { matched: m, accepted: m });
});
afterAll(async () => t?.close());

describe('GET /api/provider-performance', () => {
  it('counts matched, accepted and pending by the rules of 001 §4 and derives the metrics', async () => {
    const res = await get('/api/provider-performance?search=perftest', coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProviderPerformanceList;
    expect(body.providers.map((p) => p.provider.organization_name)).toEqual([
      'Perftest Alpha Pantry',
      'Perftest Beta Shelter',
    ]);
    const a = body.providers[0]!;
    expect(a).toMatchObject({
      referralsMatched: 7,
      referralsAccepted: 5,
      referralsPending: 2,
      acceptanceRate: 71.4,
      // (10 + 20 + 3 + 3) / 4 hours
      avgAcceptanceTime: 9,
      // (5 + 12) / 2 whole days
      avgMatchToCloseTime: 8.5,
      phiEmailsSent: 2,
      // Two Completed referrals, but no member has answered about them: no rate, never 0%.
      memberConfirmed: 0,
      memberAnswers: 0,
      memberConfirmedRate: null,
      dataQualityScore: 80,
      googleRating: null,
      services: ['Food Assistance', 'Case Management', 'Transportation', 'Legal Aid'],
    });
    expect(a.provider.id).toBe(alpha);
    expect(body.providers[1]).toMatchObject({
      referralsMatched: 1,
      referralsAccepted: 1,
      avgAcceptanceTime: 4,
    });
    expect(body.summary).toEqual({ providers: 2, avgQuality: 70, avgRating: null, totalReferrals: 8 });
    expect(body.total).toBe(2);
    expect(body.ratings_configured).toBe(false);
  });

  it('filters by match time with the range chips', async () => {
    const of = async (range: string) => {
      const res = await get(
        `/api/provider-performance?search=perftest%20alpha&range=${range}`,
        coordinator,
        plan,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as ProviderPerformanceList).providers[0]!;
    };
    expect((await of('all')).referralsMatched).toBe(7);
    expect((await of('1y')).referralsMatched).toBe(7);
    const recent = await of('6m');
    expect(recent.referralsMatched).toBe(6);
    expect(recent.avgMatchToCloseTime).toBe(5);
    expect((await of('30d')).referralsMatched).toBe(6);
    const res = await get('/api/provider-performance?search=perftest&range=30d', coordinator, plan);
    expect((res.json() as ProviderPerformanceList).summary.totalReferrals).toBe(7);
  });

  it("shows an organization only its own referrals' outcomes", async () => {
    const res = await get('/api/provider-performance?search=perftest', coordinator, riverbend);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProviderPerformanceList;
    expect(body.providers).toHaveLength(1);
    expect(body.providers[0]).toMatchObject({
      referralsMatched: 2,
      referralsAccepted: 2,
      avgMatchToCloseTime: 1,
    });
    // Harbor sent no referral to them: they are not on its dashboard.
    const harborView = await get('/api/provider-performance?search=perftest', cbo, harbor);
    expect((harborView.json() as ProviderPerformanceList).providers).toEqual([]);
    // A member of one organization cannot act for another.
    expectEnvelope(await get('/api/provider-performance', viewer, riverbend), 403);
  });

  it('searches and pages on the server', async () => {
    const res = await get('/api/provider-performance?search=beta%20shelter', coordinator, plan);
    expect((res.json() as ProviderPerformanceList).providers.map((p) => p.provider.id)).toEqual([beta]);
    const page2 = await get(
      '/api/provider-performance?search=perftest&page=2&page_size=1',
      coordinator,
      plan,
    );
    const body = page2.json() as ProviderPerformanceList;
    expect(body.providers.map((p) => p.provider.id)).toEqual([beta]);
    expect(body).toMatchObject({ total: 2, page: 2, page_size: 1 });
    const all = await get('/api/provider-performance', coordinator, plan);
    expect((all.json() as ProviderPerformanceList).total).toBeGreaterThan(2);
  });

  it('refuses bad input and missing sessions', async () => {
    const bad = expectEnvelope(await get('/api/provider-performance?range=2w', coordinator, plan), 400);
    expect((bad as { fields?: Record<string, string> }).fields?.range).toBe(
      'Range must be one of: all, 30d, 90d, 6m, 1y.',
    );
    const size = expectEnvelope(await get('/api/provider-performance?page_size=500', coordinator, plan), 400);
    expect((size as { fields?: Record<string, string> }).fields?.page_size).toMatch(/between 1 and 100/);
    expectEnvelope(await get('/api/provider-performance', null), 401);
    expect((await get('/api/provider-performance', viewer, plan)).statusCode).toBe(200);
  });
});

describe("GET /api/provider-performance: the members' answers (issue #14 item 4)", () => {
  let gamma: number;
  let delta: number;

  beforeAll(async () => {
    gamma = await addProvider('Followtest Gamma Pantry');
    delta = await addProvider('Followtest Delta Shelter');
    const m = ago(10 * DAY);
    const completed = (org: number, providerId: number, matched = m) =>
      addReferral(org, providerId, 'completed', {
        matched,
        accepted: new Date(matched.getTime() + HOUR),
        updated: new Date(matched.getTime() + 2 * DAY),
      });
    // Gamma, for Golden Valley: YES, YES, NO; one question never answered and one answered too late.
    await addFollowUp(await completed(plan, gamma), plan, gamma, 'yes');
    await addFollowUp(await completed(plan, gamma), plan, gamma, 'yes');
    await addFollowUp(await completed(plan, gamma), plan, gamma, 'no');
    await addFollowUp(await completed(plan, gamma), plan, gamma, null);
    await addFollowUp(await completed(plan, gamma), plan, gamma, null, true);
    // A NO about a referral matched 200 days ago: All Time and Last Year only.
    await addFollowUp(await completed(plan, gamma, ago(200 * DAY)), plan, gamma, 'no');
    // Delta's own YES counts for Delta, not Gamma.
    await addFollowUp(await completed(plan, delta), plan, delta, 'yes');
    // Riverbend's members answered NO twice about Gamma: Riverbend's outcomes, not Golden Valley's.
    await addFollowUp(await completed(riverbend, gamma), riverbend, gamma, 'no');
    await addFollowUp(await completed(riverbend, gamma), riverbend, gamma, 'no');
  });

  const figures = async (org: number, range = 'all') => {
    const res = await get(`/api/provider-performance?search=followtest&range=${range}`, coordinator, org);
    expect(res.statusCode, res.body).toBe(200);
    const byId = new Map((res.json() as ProviderPerformanceList).providers.map((p) => [p.provider.id, p]));
    return { gamma: byId.get(gamma), delta: byId.get(delta) };
  };

  it('counts YES out of YES and NO per provider; unanswered and late questions count nowhere', async () => {
    const { gamma: g, delta: d } = await figures(plan);
    expect(g).toMatchObject({ memberConfirmed: 2, memberAnswers: 4, memberConfirmedRate: 50 });
    expect(d).toMatchObject({ memberConfirmed: 1, memberAnswers: 1, memberConfirmedRate: 100 });
    // The other figures are unchanged by the answers: every Completed referral is still counted once.
    expect(g).toMatchObject({ referralsMatched: 6, referralsAccepted: 6 });
  });

  it('filters the answers by the match time of their referral, like every other figure', async () => {
    expect((await figures(plan, '30d')).gamma).toMatchObject({
      memberConfirmed: 2,
      memberAnswers: 3,
      memberConfirmedRate: 66.7,
    });
    expect((await figures(plan, '1y')).gamma).toMatchObject({ memberConfirmed: 2, memberAnswers: 4 });
  });

  it("shows an organization only its own members' answers", async () => {
    const { gamma: g, delta: d } = await figures(riverbend);
    // A real 0%: two answers, both NO (unlike no answers at all, which is null).
    expect(g).toMatchObject({ memberConfirmed: 0, memberAnswers: 2, memberConfirmedRate: 0 });
    // Riverbend sent nothing to Delta: it is not on Riverbend's dashboard.
    expect(d).toBeUndefined();
    const harborView = await get('/api/provider-performance?search=followtest', cbo, harbor);
    expect((harborView.json() as ProviderPerformanceList).providers).toEqual([]);
  });
});

describe('GET /api/provider-performance/csv', () => {
  const CSV_PROVIDERS = 14; // more than a page (12)
  let csvIds: number[];
  let oldOnly: number;
  let formula: number;

  beforeAll(async () => {
    csvIds = [];
    for (let i = 1; i <= CSV_PROVIDERS; i++) {
      const id = await addProvider(`Csvtest Provider ${String(i).padStart(2, '0')}`);
      // i referrals each, so the order (busiest first) is known: 14, 13, …
      for (let n = 0; n < i; n++) await addReferral(plan, id, 'matched', { matched: ago(3 * DAY) });
      csvIds.push(id);
    }
    oldOnly = await addProvider('Csvtest Old Only');
    await addReferral(plan, oldOnly, 'accepted', { matched: ago(200 * DAY), accepted: ago(199 * DAY) });
    formula = await addProvider('=HYPERLINK("http://evil.example","Csvtest click")');
    await addReferral(plan, formula, 'matched', { matched: ago(DAY) });
    // Riverbend sent one referral to one of them: its own export has that one only.
    await addReferral(riverbend, csvIds[0]!, 'matched', { matched: ago(DAY) });
  });

  const csvOf = async (query: string, token = coordinator, org = plan) => {
    const res = await get(`/api/provider-performance/csv?${query}`, token, org);
    expect(res.statusCode, res.body).toBe(200);
    const text = res.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trimEnd(), { newline: '\r\n' });
    return { res, header: parsed.data[0]!, rows: parsed.data.slice(1) };
  };

  it('exports every provider of the filter, beyond one page, in the list order, with the card columns', async () => {
    const { res, header, rows } = await csvOf('search=csvtest%20provider');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; .*provider-performance-all-\d{4}-\d{2}-\d{2}\.csv/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(header).toEqual([
      'Provider',
      'Organization Type',
      'City',
      'State',
      'Time Range',
      'Referrals Matched',
      'Referrals Accepted',
      'Referrals Pending',
      'Acceptance Rate (%)',
      'Avg Acceptance Time (hours)',
      'Avg Match-to-Close (days)',
      'Match-to-Close Rating',
      'Member-Confirmed Rate (%)',
      'Member Answers',
      'PHI Emails Sent',
      'Data Quality Score',
      'Google Rating',
      'Google Reviews',
      'Services',
    ]);
    expect(rows).toHaveLength(CSV_PROVIDERS);
    expect(rows.map((r) => r[0])).toEqual(
      Array.from(
        { length: CSV_PROVIDERS },
        (_, i) => `Csvtest Provider ${String(CSV_PROVIDERS - i).padStart(2, '0')}`,
      ),
    );
    expect(rows[0]).toEqual([
      'Csvtest Provider 14',
      'Food Bank',
      'Zephyrton',
      'CA',
      'All Time',
      '14',
      '0',
      '14',
      '0',
      '',
      '',
      '',
      '',
      '0',
      '0',
      '90',
      '',
      '',
      'Food Assistance; Case Management; Transportation; Legal Aid',
    ]);
    // The same rows as the list, page after page.
    const page2 = await get('/api/provider-performance?search=csvtest%20provider&page=2', coordinator, plan);
    expect(
      (page2.json() as ProviderPerformanceList).providers.map((p) => p.provider.organization_name),
    ).toEqual(rows.slice(12).map((r) => r[0]));
  });

  it('applies the range and the search like the list', async () => {
    const all = await csvOf('search=csvtest&range=all');
    expect(all.rows.map((r) => r[0])).toContain('Csvtest Old Only');
    expect(all.rows).toHaveLength(CSV_PROVIDERS + 2);
    const recent = await csvOf('search=csvtest&range=90d');
    expect(recent.res.headers['content-disposition']).toMatch(/provider-performance-90d-/);
    expect(recent.rows.map((r) => r[0])).not.toContain('Csvtest Old Only');
    expect(recent.rows).toHaveLength(CSV_PROVIDERS + 1);
    expect(new Set(recent.rows.map((r) => r[4]))).toEqual(new Set(['Last 90 Days']));
    const one = await csvOf('search=provider%2007');
    expect(one.rows.map((r) => r[0])).toEqual(['Csvtest Provider 07']);
  });

  it('never lets a spreadsheet run a cell as a formula', async () => {
    const { res, rows } = await csvOf('search=csvtest%20click');
    expect(rows.map((r) => r[0])).toEqual(['\'=HYPERLINK("http://evil.example","Csvtest click")']);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it("exports only the active organization's outcomes", async () => {
    const river = await csvOf('search=csvtest', coordinator, riverbend);
    expect(river.rows).toEqual([expect.arrayContaining(['Csvtest Provider 01', '1'])]);
    const harborCsv = await csvOf('search=csvtest', cbo, harbor);
    expect(harborCsv.rows).toEqual([]);
  });

  it('refuses missing sessions, other organizations and bad filters; viewers may export', async () => {
    expectEnvelope(await get('/api/provider-performance/csv', null), 401);
    expectEnvelope(await get('/api/provider-performance/csv', viewer, riverbend), 403);
    const bad = expectEnvelope(await get('/api/provider-performance/csv?range=2w', coordinator, plan), 400);
    expect((bad as { fields?: Record<string, string> }).fields?.range).toBe(
      'Range must be one of: all, 30d, 90d, 6m, 1y.',
    );
    expect((await get('/api/provider-performance/csv?search=csvtest', viewer, plan)).statusCode).toBe(200);
  });
});

describe('GET /api/provider-performance/own-listings', () => {
  it("lists the organization's own provider listings with their capacity", async () => {
    const res = await get('/api/provider-performance/own-listings', cbo, harbor);
    expect(res.statusCode, res.body).toBe(200);
    const { providers } = res.json() as { providers: { organization_id: number; capacity_status: string }[] };
    expect(providers.length).toBeGreaterThan(0);
    for (const p of providers) expect(p.organization_id).toBe(harbor);
    expect(['accepting', 'waitlist', 'full']).toContain(providers[0]!.capacity_status);
    const none = await get('/api/provider-performance/own-listings', coordinator, plan);
    expect(none.json()).toEqual({ providers: [] });
  });
});

describe('POST /api/provider-performance/ratings', () => {
  type Seen = { path: string; query: URLSearchParams; at: number };
  const seen: Seen[] = [];
  let server: http.Server;
  let baseUrl: string;
  const places: Record<string, { place_id: string; rating: number; total: number }> = {};

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push({ path: url.pathname, query: url.searchParams, at: Date.now() });
      res.setHeader('content-type', 'application/json');
      if (url.searchParams.get('key') !== 'test-key') {
        return res.end(
          JSON.stringify({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' }),
        );
      }
      // A little latency, so lookups of one batch overlap as they would against Google.
      setTimeout(() => {
        if (url.pathname.endsWith('/textsearch/json')) {
          const q = url.searchParams.get('query') ?? '';
          if (q.includes('Broken')) {
            res.statusCode = 500;
            return res.end('{}');
          }
          const hit = Object.entries(places).find(([name]) => q.startsWith(name));
          return res.end(
            JSON.stringify(
              hit
                ? { status: 'OK', results: [{ place_id: hit[1].place_id }] }
                : { status: 'ZERO_RESULTS', results: [] },
            ),
          );
        }
        if (url.pathname.endsWith('/details/json')) {
          const hit = Object.values(places).find((p) => p.place_id === url.searchParams.get('place_id'));
          if (!hit) return res.end(JSON.stringify({ status: 'NOT_FOUND' }));
          return res.end(
            JSON.stringify({
              status: 'OK',
              result: {
                place_id: hit.place_id,
                rating: hit.rating,
                user_ratings_total: hit.total,
                reviews: [
                  {
                    author_name: 'Ana',
                    rating: 5,
                    text: 'Kind staff.',
                    relative_time_description: 'a week ago',
                    time: 1,
                  },
                ],
              },
            }),
          );
        }
        res.statusCode = 404;
        res.end('{}');
      }, 20);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/place`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  /** Turns the Places driver on or off for the app under test (the config GOOGLE_PLACES_* would set). */
  function configure(apiKey: string | undefined) {
    t.app.deps.config.googlePlaces = { apiKey, baseUrl };
  }

  it('answers 422 when no Places API key is configured', async () => {
    configure(undefined);
    const res = await post('/api/provider-performance/ratings', coordinator, { provider_ids: [alpha] }, plan);
    expect(expectEnvelope(res, 422)).toMatchObject({
      reason: 'ratings.not_configured',
      message: RATINGS_MESSAGES.notConfigured,
    });
  });

  it('looks providers up in batches of 5, 200 ms apart, caches them 24 hours and does not call again', async () => {
    configure('test-key');
    const ids: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const name = `Perftest Rated ${i}`;
      const id = await addProvider(name);
      await addReferral(plan, id, 'matched', { matched: ago(DAY) });
      places[name] = { place_id: `place-${i}`, rating: 3 + i / 10, total: 10 * i };
      ids.push(id);
    }
    seen.length = 0;
    const res = await post('/api/provider-performance/ratings', coordinator, { provider_ids: ids }, plan);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Successfully updated Google ratings for 7 provider(s)!',
      fetched: 7,
      cached: 0,
      rated: 7,
      incomplete: 0,
      failed: 0,
    } satisfies RatingsUpdateResponse);

    const searches = seen.filter((s) => s.path.endsWith('/textsearch/json'));
    expect(searches).toHaveLength(7);
    expect(searches[0]!.query.get('query')).toBe('Perftest Rated 1, 1 Main St, Zephyrton, CA 90001');
    const details = seen.filter((s) => s.path.endsWith('/details/json'));
    expect(details.map((d) => d.query.get('fields'))).toContain('place_id,rating,user_ratings_total,reviews');
    // The sixth lookup starts at least 200 ms after the first batch of five has answered.
    const firstBatchDone = Math.max(...seen.slice(0, 10).map((s) => s.at));
    expect(searches[5]!.at - firstBatchDone).toBeGreaterThanOrEqual(190);
    expect(seen.slice(0, 10).every((s) => s.at < searches[5]!.at)).toBe(true);

    const [row] = await t.database.query<{
      google_rating: number;
      google_review_count: number;
      google_place_id: string;
      google_reviews: { author_name: string }[];
      ratings_updated_at: Date | null;
    }>(
      'SELECT google_rating, google_review_count, google_place_id, google_reviews, ratings_updated_at FROM providers WHERE id = $1',
      [ids[1]],
    );
    expect(row).toMatchObject({ google_rating: 3.2, google_review_count: 20, google_place_id: 'place-2' });
    expect(row!.google_reviews[0]!.author_name).toBe('Ana');
    expect(row!.ratings_updated_at).not.toBeNull();

    // Shown on the dashboard.
    const list = await get('/api/provider-performance?search=perftest%20rated%202', coordinator, plan);
    expect((list.json() as ProviderPerformanceList).providers[0]).toMatchObject({
      googleRating: 3.2,
      googleReviewCount: 20,
      googleReviews: [{ author_name: 'Ana', text: 'Kind staff.' }],
    });

    // Within 24 hours: answered from the cache, no call to Google.
    seen.length = 0;
    const again = await post('/api/provider-performance/ratings', coordinator, { provider_ids: ids }, plan);
    expect(again.json()).toMatchObject({ success: true, fetched: 0, cached: 7, rated: 7 });
    expect(seen).toHaveLength(0);

    // Older than 24 hours: looked up again, straight from the known place id.
    await t.database.query(
      `UPDATE providers SET ratings_updated_at = now() - interval '25 hours' WHERE id = $1`,
      [ids[0]],
    );
    const stale = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [ids[0]] },
      plan,
    );
    expect(stale.json()).toMatchObject({ fetched: 1, cached: 0, rated: 1 });
    expect(seen.map((s) => s.path)).toEqual(['/maps/api/place/details/json']);
  });

  it('says when no rating is found, when location data is incomplete and when Google fails', async () => {
    configure('test-key');
    const unknown = await addProvider('Perftest Unknown Place');
    await addReferral(plan, unknown, 'matched', { matched: ago(DAY) });
    const none = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [unknown] },
      plan,
    );
    expect(none.json()).toMatchObject({ success: false, message: RATINGS_MESSAGES.noneFound, fetched: 1 });

    const nowhere = await addProvider('Perftest Nowhere', { address: null, city: null, zip: null });
    await addReferral(plan, nowhere, 'matched', { matched: ago(DAY) });
    const incomplete = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [nowhere] },
      plan,
    );
    expect(expectEnvelope(incomplete, 422).message).toBe(RATINGS_MESSAGES.locationIncomplete);

    const broken = await addProvider('Perftest Broken Place');
    await addReferral(plan, broken, 'matched', { matched: ago(DAY) });
    const failed = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [broken] },
      plan,
    );
    expect(expectEnvelope(failed, 503)).toMatchObject({
      reason: 'ratings.lookup_failed',
      message: RATINGS_MESSAGES.failed,
    });

    configure('wrong-key');
    const denied = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [beta] },
      plan,
    );
    expect(expectEnvelope(denied, 503).message).toBe(RATINGS_MESSAGES.failed);
    // The key never reaches the answer.
    expect(denied.body).not.toContain('wrong-key');
  });

  it("refuses providers outside the organization's dashboard, viewers and bad bodies", async () => {
    configure('test-key');
    const res = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [alpha] },
      harbor,
    );
    // coordinator is not a member of Harbor at all; as Riverbend, Beta is out of scope.
    expectEnvelope(res, 403);
    const out = await post(
      '/api/provider-performance/ratings',
      coordinator,
      { provider_ids: [beta] },
      riverbend,
    );
    expect(expectEnvelope(out, 403).message).toBe(RATINGS_MESSAGES.outOfScope);
    expectEnvelope(
      await post('/api/provider-performance/ratings', viewer, { provider_ids: [alpha] }, plan),
      403,
    );
    const empty = expectEnvelope(
      await post('/api/provider-performance/ratings', coordinator, { provider_ids: [] }, plan),
      400,
    ) as { fields?: Record<string, string> };
    expect(empty.fields?.provider_ids).toBe(RATINGS_MESSAGES.noProviders);
  });
});
