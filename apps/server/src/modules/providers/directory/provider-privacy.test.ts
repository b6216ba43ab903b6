import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DirectoryProvider,
  type DirectorySearchResult,
  type MatchingReferral,
  type MatchReferralResponse,
  PROVIDER_MESSAGES,
  PROVIDER_VERIFICATION_MESSAGES,
  type ProviderVerifyResponse,
  type Referral,
  type ReferralCreateInput,
  type SavedProvider,
  type SavedProviderList,
  type UnverifiedProviderList,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  login,
  orgContextOf,
  orgId as orgIdOf,
  one as queryOne,
  type TestApp,
} from '../../../../test/helpers.ts';
import { systemContext } from '../../../platform/context.ts';
import { runWebFormSubmission } from '../../communications/web-forms/submission-job.ts';
import { discoverProviderMethods } from '../../referrals/referral-sending/methods-service.ts';

// Issue #12 "Unvetted providers get PHI": a provider added by hand by one organization entered the shared
// public directory and other organizations' auto-match at distance 0 (its ZIP's centre), with a web-form URL of
// the adder's choosing as its top-priority method. Now it is private to the organization that added it until a
// platform operator verifies it, and its web form (or website) is never opened before that.
//
// Organization A (Golden Valley Health Plan, coordinator@) adds a provider at ZIP 59001 (Absarokee, MT, far
// from the demo metros); organization B (Riverbend Family Clinic, provider@) has a referral at that ZIP. The
// provider's website is a local HTTP server that counts the requests it gets.

const ZIP = '59001';
const CENTER = { latitude: 45.5154, longitude: -109.4692 };
const MILE_LAT = 1 / 69.05;

let t: TestApp;
let site: Server;
let siteUrl: string;
let siteRequests = 0;
let orgA: number;
let orgB: number;
let userA: string; // coordinator@trust.demo, staff of A
let userB: string; // provider@trust.demo, staff of B
let operator: string; // admin@trust.demo: super_admin (a platform operator)
let orgAdmin: string; // orgadmin@trust.demo: product role admin, org_admin of A only
let publicId: number;
let privateId: number;
let referralB: Referral;
let referralA: Referral;

const one = <T>(text: string, params: unknown[] = []) => queryOne<T>(t, text, params);
const orgId = (name: string) => orgIdOf(t, name);
const api = (...args: Parameters<ReturnType<typeof apiOf>>) => apiOf(t)(...args);

/** A member at ZIP 59001 who needs food: what the providers placed around it are found and ranked for. */
const atZip = { zip_code: ZIP, city: 'Absarokee', state: 'MT', sdoh_needs: ['Food Assistance'] };

const newReferral = (token: string, org: number, overrides: Partial<ReferralCreateInput> = {}) =>
  createReferral(t, { token, orgId: org, ...atZip, ...overrides });

const ids = (list: { id: number }[]) => list.map((p) => p.id);

async function byZip(token: string | null, org?: number) {
  const res = await api('GET', `/directory/search/by-zip?zip_code=${ZIP}&radius_miles=10`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return ids((res.json() as DirectorySearchResult).providers);
}

async function ranking(token: string, org: number, referralId: number) {
  const res = await api('POST', '/match_referral', token, org, { referral_id: referralId });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as MatchReferralResponse).matches.map((m) => m.cbo_id);
}

async function selectProviderSearch(token: string, org: number) {
  const res = await api('GET', '/api/providers/search?q=absarokee', token, org);
  expect(res.statusCode, res.body).toBe(200);
  return ids((res.json() as { providers: DirectoryProvider[] }).providers);
}

beforeAll(async () => {
  site = createServer((_req, res) => {
    siteRequests += 1;
    res.setHeader('content-type', 'text/html');
    res.end(
      '<form><input name="first_name"><a href="tel:+1-406-555-0188">Call</a><button>Send</button></form>',
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/refer`;
  // Loopback pages are allowed here, so a web form that the rules let through would really be opened.
  t = await buildTestApp({ env: { WEB_FORM_ALLOW_PRIVATE_HOSTS: 'true' } });
  orgA = await orgId('Golden Valley Health Plan');
  orgB = await orgId('Riverbend Family Clinic');
  userA = await login(t.app, 'coordinator@trust.demo');
  userB = await login(t.app, 'provider@trust.demo');
  operator = await login(t.app, 'admin@trust.demo');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
  // A public directory provider 3 miles from the ZIP's centre, so B's matching has a candidate.
  publicId = (
    await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, city, state, zip_code, county, services, languages,
         latitude, longitude, data_quality_score)
       VALUES ('Absarokee Registry Pantry', 'Food Bank', 'Absarokee', 'MT', $1, 'Stillwater',
         ARRAY['Food Assistance'], ARRAY['English'], $2, $3, 80) RETURNING id`,
      [ZIP, CENTER.latitude + 3 * MILE_LAT, CENTER.longitude],
    )
  ).id;
  referralB = await newReferral(userB, orgB);
  referralA = await newReferral(userA, orgA);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (site ? site.close(() => resolve()) : resolve()));
});

describe('Add New Provider', () => {
  it('needs an organization to act for', async () => {
    // provider@ acting for an organization it is not a member of: 403, nothing stored.
    const res = await api('POST', '/api/saved-providers', userB, orgA, {
      organization_name: 'Nobody Pantry',
      organization_type: 'Food Bank',
      street_address: '1 Main St',
      city: 'Absarokee',
      state: 'MT',
      zip_code: ZIP,
      primary_phone: '4065550100',
      services: ['Food Assistance'],
      languages_spoken: ['English'],
    });
    expectEnvelope(res, 403);
    expect(
      (await one<{ n: number }>("SELECT count(*)::int AS n FROM providers WHERE name = 'Nobody Pantry'")).n,
    ).toBe(0);
  });

  it("keeps the provider private to the adding organization, with the adder's website, and audits it", async () => {
    const res = await api('POST', '/api/saved-providers', userA, orgA, {
      organization_name: 'Absarokee Kitchen Collective',
      organization_type: 'Food Bank',
      street_address: '12 Woodard Ave',
      city: 'Absarokee',
      state: 'MT',
      zip_code: ZIP,
      primary_phone: '(406) 555-0142',
      primary_email: 'intake@kitchen.example.org',
      website: siteUrl,
      services: ['Food Assistance'],
      languages_spoken: ['English'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json() as SavedProvider;
    privateId = saved.id;
    expect(saved).toMatchObject({ source: 'user', verification_status: 'private', website: siteUrl });
    const row = await one<{ owner_organization_id: number; verified_at: Date | null }>(
      'SELECT owner_organization_id, verified_at FROM providers WHERE id = $1',
      [privateId],
    );
    expect(row).toEqual({ owner_organization_id: orgA, verified_at: null });
    const audited = await one<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'provider.created' AND entity_id = $1",
      [String(privateId)],
    );
    expect(audited.n).toBe(1);
    // My Providers shows it to its adder, marked private.
    const mine = (await api('GET', '/api/saved-providers', userA, orgA)).json() as SavedProviderList;
    expect(mine.providers.find((p) => p.id === privateId)?.verification_status).toBe('private');
  });
});

describe('another organization never sees a provider awaiting verification', () => {
  it('is not in B’s ranking, auto-match or Select Provider search', async () => {
    const ranked = await ranking(userB, orgB, referralB.id);
    expect(ranked).toContain(publicId);
    expect(ranked).not.toContain(privateId);
    expect(await selectProviderSearch(userB, orgB)).not.toContain(privateId);

    const res = await api('POST', `/api/referrals/${referralB.id}/auto-match`, userB, orgB);
    expect(res.statusCode, res.body).toBe(200);
    const matched = (res.json() as { matched_providers: MatchingReferral['matched_providers'] })
      .matched_providers;
    expect(matched.map((m) => m.provider_id)).toEqual([publicId]);
  });

  it('is not in the public directory, signed out or signed in as B, and its details are 404', async () => {
    for (const [token, org] of [
      [null, undefined],
      [userB, orgB],
    ] as const) {
      expect(await byZip(token, org)).toEqual([publicId]);
      const radius = await api(
        'GET',
        `/directory/search/radius?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}&radius_miles=10`,
        token,
        org,
      );
      expect(ids((radius.json() as DirectorySearchResult).providers)).not.toContain(privateId);
      const county = await api('GET', '/directory/search/by-county?state=MT&county=Stillwater', token, org);
      expect(ids((county.json() as DirectorySearchResult).providers)).not.toContain(privateId);
      const list = await api('GET', '/api/providers?q=kitchen%20collective', token, org);
      expect((list.json() as DirectorySearchResult).providers).toEqual([]);
      expectEnvelope(await api('GET', `/directory/providers/${privateId}`, token, org), 404);
      expectEnvelope(await api('GET', `/api/providers/${privateId}`, token, org), 404);
    }
    // Its services do not reach the public list of services either; feedback about it is 404.
    expectEnvelope(
      await api('POST', '/directory/feedback', null, undefined, {
        organization_id: privateId,
        feedback_type: 'incorrect_info',
      }),
      404,
    );
  });

  it('leaves My Providers of its own adder while the adder acts for another organization', async () => {
    // coordinator@ is also a manager of B: its personal list shows what the organization it acts for may use.
    const forB = (await api('GET', '/api/saved-providers', userA, orgB)).json() as SavedProviderList;
    expect(ids(forB.providers)).not.toContain(privateId);
    const forA = (await api('GET', '/api/saved-providers', userA, orgA)).json() as SavedProviderList;
    expect(ids(forA.providers)).toContain(privateId);
    // Nor does it reach B's ranking through the same user.
    expect(await ranking(userA, orgB, referralB.id)).not.toContain(privateId);
  });

  it('cannot be saved, matched by hand, contacted or sent to by B (404)', async () => {
    expectEnvelope(
      await api('POST', '/api/saved-providers', userB, orgB, { provider_id: privateId }),
      404,
      'not_found',
    );
    const pending = await newReferral(userB, orgB);
    expectEnvelope(
      await api('PUT', `/api/referrals/${pending.id}/match`, userB, orgB, {
        provider_id: privateId,
        communication_method: 'phone',
      }),
      404,
    );
    const still = await one<{ status: string }>('SELECT status FROM referrals WHERE id = $1', [pending.id]);
    expect(still.status).toBe('pending');
    expectEnvelope(
      await api('GET', `/api/provider-communication-methods?provider_id=${privateId}`, userB, orgB),
      404,
    );
    expectEnvelope(
      await api('GET', `/api/provider-communication-methods/discover/${privateId}`, userB, orgB),
      404,
    );
    expectEnvelope(
      await api('POST', '/api/referral-communications', userB, orgB, {
        referral_id: pending.id,
        provider_id: privateId,
        method_type: 'phone',
        message_content: 'A referral for you',
      }),
      404,
    );
    expectEnvelope(
      await api('POST', '/api/sms/send', userB, orgB, {
        referral_id: pending.id,
        provider_id: privateId,
        message_text: 'Hello',
      }),
      404,
    );
    expectEnvelope(
      await api('POST', `/api/providers/${privateId}/communications/webform`, userB, orgB, {
        referral_id: pending.id,
      }),
      404,
    );
    expectEnvelope(await api('GET', `/api/providers/${privateId}/referrals`, userB, orgB), 404);
    expect(siteRequests).toBe(0);
  });
});

describe('the adding organization', () => {
  it('sees it in its own ranking (at distance 0), search and directory', async () => {
    const res = await api('POST', '/match_referral', userA, orgA, { referral_id: referralA.id });
    const matches = (res.json() as MatchReferralResponse).matches;
    expect(matches.find((m) => m.cbo_id === privateId)?.distance_miles).toBe(0);
    expect(await selectProviderSearch(userA, orgA)).toContain(privateId);
    expect(await byZip(userA, orgA)).toEqual([privateId, publicId]);
    expect((await api('GET', `/directory/providers/${privateId}`, userA, orgA)).statusCode).toBe(200);
  });

  it('may phone or email it, but gets no web-form method and no website fallback', async () => {
    const res = await api('GET', `/api/provider-communication-methods?provider_id=${privateId}`, userA, orgA);
    expect(res.statusCode, res.body).toBe(200);
    const methods = (res.json() as { methods: { method_type: string }[] }).methods;
    expect(methods.map((m) => m.method_type).sort()).toEqual(['email', 'phone']);
  });

  it('is refused (422) discovery, web-form sends and a manual match by web form, and nothing is fetched', async () => {
    const refused = PROVIDER_VERIFICATION_MESSAGES.webFormUnverified;
    const discover = await api(
      'GET',
      `/api/provider-communication-methods/discover/${privateId}`,
      userA,
      orgA,
    );
    expect(expectEnvelope(discover, 422, 'rule_broken').message).toBe(
      PROVIDER_VERIFICATION_MESSAGES.discoveryUnverified,
    );
    // Even with private addresses allowed, the service reads nothing.
    const asA = await orgContextOf(t, 'coordinator@trust.demo', orgA, 'staff');
    await expect(
      discoverProviderMethods(asA, { providerId: privateId, options: { allowPrivateAddresses: true } }),
    ).rejects.toMatchObject({
      reason: 'provider.unverified_discovery',
      message: PROVIDER_VERIFICATION_MESSAGES.discoveryUnverified,
    });

    for (const url of [
      `/api/providers/${privateId}/communications/webform`,
      `/api/providers/${privateId}/submit-web-form`,
    ]) {
      const res = await api('POST', url, userA, orgA, { referral_id: referralA.id });
      expect(expectEnvelope(res, 422, 'rule_broken').message).toBe(refused);
    }
    const send = await api('POST', '/api/referral-communications', userA, orgA, {
      referral_id: referralA.id,
      provider_id: privateId,
      method_type: 'web_form',
      contact_value: siteUrl,
    });
    expect(expectEnvelope(send, 422).message).toBe(refused);

    const pending = await newReferral(userA, orgA);
    const match = await api('PUT', `/api/referrals/${pending.id}/match`, userA, orgA, {
      provider_id: privateId,
      communication_method: 'web_form',
    });
    expect(expectEnvelope(match, 422).message).toBe(refused);
    expect(
      (await one<{ status: string }>('SELECT status FROM referrals WHERE id = $1', [pending.id])).status,
    ).toBe('pending');
    const stored = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM web_form_submissions WHERE provider_id = $1',
      [privateId],
    );
    expect(stored.n).toBe(0);
    expect(siteRequests).toBe(0);
  });

  it('the web-form job ends a submission of an unverified provider as failed without opening the page', async () => {
    // A submission queued before the rule existed (or by a path that missed it).
    const [coordinator] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'coordinator@trust.demo'",
    );
    const submission = await one<{ id: number }>(
      `INSERT INTO web_form_submissions (referral_id, provider_id, organization_id, created_by, status, target_url)
       VALUES ($1, $2, $3, $4, 'queued', $5) RETURNING id`,
      [referralA.id, privateId, orgA, coordinator!.id, siteUrl],
    );
    await runWebFormSubmission(systemContext(t.app.deps, 'test'), {
      submissionId: submission.id,
      referrer: { name: 'Casey', email: 'casey@example.org', phone: null, organization: 'A' },
    });
    const row = await one<{ status: string; error: string | null }>(
      'SELECT status, error FROM web_form_submissions WHERE id = $1',
      [submission.id],
    );
    expect(row.status).toBe('failed');
    expect(row.error).toBe(PROVIDER_VERIFICATION_MESSAGES.webFormUnverified);
    expect(siteRequests).toBe(0);
  });
});

describe('verification by a platform operator', () => {
  it('is refused to everyone else: an organization admin, a coordinator (403), signed out (401)', async () => {
    for (const token of [orgAdmin, userA, userB]) {
      const list = await api('GET', '/api/providers/unverified', token);
      expect(expectEnvelope(list, 403, 'forbidden').message).toBe(
        PROVIDER_VERIFICATION_MESSAGES.operatorsOnly,
      );
      expectEnvelope(await api('POST', `/api/providers/${privateId}/verify`, token), 403, 'forbidden');
    }
    expectEnvelope(await api('GET', '/api/providers/unverified', null), 401);
    expectEnvelope(await api('POST', `/api/providers/${privateId}/verify`, null), 401);
    const row = await one<{ verified_at: Date | null }>('SELECT verified_at FROM providers WHERE id = $1', [
      privateId,
    ]);
    expect(row.verified_at).toBeNull();
  });

  it('lists the providers awaiting verification with who added them, for which organization, and when', async () => {
    const res = await api('GET', '/api/providers/unverified?search=kitchen&page=1&page_size=10', operator);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UnverifiedProviderList;
    expect(body).toMatchObject({ total: 1, page: 1, page_size: 10 });
    expect(body.providers[0]).toMatchObject({
      id: privateId,
      verification_status: 'private',
      owner_organization_id: orgA,
      owner_organization_name: 'Golden Valley Health Plan',
      added_by_name: 'Casey Coordinator',
      added_by_email: 'coordinator@trust.demo',
      website: siteUrl,
    });
    expect(Date.parse(body.providers[0]!.added_at)).not.toBeNaN();
    // The adding organization's name is searched too; an unknown term finds nothing.
    const byOrg = (await api('GET', '/api/providers/unverified?search=golden%20valley', operator)).json();
    expect(ids((byOrg as UnverifiedProviderList).providers)).toContain(privateId);
    const none = (await api('GET', '/api/providers/unverified?search=zz-nothing', operator)).json();
    expect(none).toMatchObject({ providers: [], total: 0 });
    expectEnvelope(await api('GET', '/api/providers/unverified?page_size=1000', operator), 400);
  });

  it('verifies it once (audited), then 409; a registry provider or an unknown id is 404', async () => {
    const res = await api('POST', `/api/providers/${privateId}/verify`, operator);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as ProviderVerifyResponse;
    expect(body.provider).toMatchObject({ id: privateId, verification_status: 'verified' });
    expect(body.message).toBe(PROVIDER_VERIFICATION_MESSAGES.verified('Absarokee Kitchen Collective'));
    const [admin] = await t.database.query<{ id: number }>(
      "SELECT id FROM users WHERE email = 'admin@trust.demo'",
    );
    const row = await one<{ verified_by: number; verified_at: Date | null }>(
      'SELECT verified_by, verified_at FROM providers WHERE id = $1',
      [privateId],
    );
    expect(row.verified_by).toBe(admin!.id);
    expect(row.verified_at).not.toBeNull();
    const audited = await one<{ n: number; actor: number }>(
      `SELECT count(*)::int AS n, max(actor_user_id) AS actor FROM audit_log
        WHERE action = 'provider.verified' AND entity_type = 'provider' AND entity_id = $1`,
      [String(privateId)],
    );
    expect(audited).toEqual({ n: 1, actor: admin!.id });

    expectEnvelope(await api('POST', `/api/providers/${privateId}/verify`, operator), 409, 'conflict');
    expectEnvelope(await api('POST', `/api/providers/${publicId}/verify`, operator), 404, 'not_found');
    expectEnvelope(await api('POST', '/api/providers/99999999/verify', operator), 404, 'not_found');
    const list = (await api('GET', '/api/providers/unverified', operator)).json() as UnverifiedProviderList;
    expect(ids(list.providers)).not.toContain(privateId);
  });

  it('after verification, B and signed-out visitors see it, and B can save and rank it', async () => {
    expect(await byZip(null)).toEqual([privateId, publicId]);
    expect(await byZip(userB, orgB)).toEqual([privateId, publicId]);
    expect((await api('GET', `/directory/providers/${privateId}`, null)).statusCode).toBe(200);
    const saved = await api('POST', '/api/saved-providers', userB, orgB, { provider_id: privateId });
    expect(saved.statusCode, saved.body).toBe(201);
    expect((saved.json() as SavedProvider).verification_status).toBe('verified');
    const fresh = await newReferral(userB, orgB);
    expect(await ranking(userB, orgB, fresh.id)).toContain(privateId);
    // Its website is now a method like any other.
    const methods = await api(
      'GET',
      `/api/provider-communication-methods?provider_id=${privateId}`,
      userB,
      orgB,
    );
    expect((methods.json() as { methods: { method_type: string }[] }).methods[0]!.method_type).toBe(
      'web_form',
    );
  });
});

describe('the nearest search keeps its index with the visibility rule', () => {
  it('runs tm_nearest_providers’ query on the GiST index, ordered by <->, without a sort', async () => {
    // The function's own statement (migration 0006), planned as the function plans it (bitmap scans off).
    const point = `ll_to_earth(${CENTER.latitude}::float8, ${CENTER.longitude}::float8)`;
    await t.database.exec('BEGIN; SET LOCAL enable_bitmapscan = off');
    const plan = await t.database.exec(
      `EXPLAIN SELECT p.id FROM providers p
        WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL
          AND earth_box(${point}, 80467::float8) @> ll_to_earth(p.latitude, p.longitude)
          AND earth_distance(ll_to_earth(p.latitude, p.longitude), ${point}) <= 80467::float8
          AND tm_provider_visible(p.source, p.verified_at, p.owner_organization_id, ${orgB})
          AND p.services && ARRAY['Food Assistance']
        ORDER BY ll_to_earth(p.latitude, p.longitude) <-> ${point} LIMIT 4`,
    );
    await t.database.exec('COMMIT');
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Index Scan using providers_earth_idx');
    expect(text).toContain('Order By');
    expect(text).not.toMatch(/\bSort\b/);
    // Inlined: the rule is a plain filter on the scan, not a function call per row.
    expect(text).not.toContain('tm_provider_visible');
  });

  it('is the only signature: no caller can search without saying who is looking', async () => {
    const rows = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'tm_nearest_providers'",
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('auto-match message without candidates', () => {
  it('still says no provider is near when only another organization’s private one is', async () => {
    // A fresh private provider of A, alone at a remote ZIP; B's referral there finds nothing.
    const added = await api('POST', '/api/saved-providers', userA, orgA, {
      organization_name: 'Tundra Pantry',
      organization_type: 'Food Bank',
      street_address: '1 Front St',
      city: 'Utqiagvik',
      state: 'AK',
      zip_code: '99723',
      primary_phone: '9075550100',
      services: ['Food Assistance'],
      languages_spoken: ['English'],
    });
    expect(added.statusCode, added.body).toBe(201);
    const created = await newReferral(userB, orgB, { zip_code: '99723', city: 'Utqiagvik', state: 'AK' });
    const res = await api('POST', `/api/referrals/${created.id}/auto-match`, userB, orgB);
    expect(expectEnvelope(res, 422).message).toBe(PROVIDER_MESSAGES.autoMatchNoProviders);
  });
});

describe('the OpenAPI document', () => {
  it('describes the verification calls with their schemas', async () => {
    const doc = (await api('GET', '/api/openapi.json', null)).json() as {
      paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: unknown[] }>>;
    };
    const list = doc.paths['/api/providers/unverified']?.get;
    expect(Object.keys(list?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(JSON.stringify(list)).toContain('page_size');
    const verify = doc.paths['/api/providers/{id}/verify']?.post;
    expect(Object.keys(verify?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '401', '403', '404', '409']),
    );
    expect(JSON.stringify(doc)).toContain('verification_status');
  });
});
