import { randomUUID } from 'node:crypto';
import {
  DAY_MS,
  DIRECTORY_STALE_AFTER_DAYS_DEFAULT,
  type DirectoryProvider,
  type DirectorySearchResult,
  dataQualityScore,
  FRESHNESS_MESSAGES,
  type MatchingReferral,
  type MatchReferralResponse,
} from '@trust/domain';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import {
  api as apiOf,
  buildTestApp,
  expectEnvelope,
  forgetCachedSessions,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { providers } from '../../../db/schema/index.ts';
import { systemContext } from '../../../platform/context.ts';
import { recomputeScores, scoresOf } from './freshness-repo.ts';
import { recomputeDataQuality } from './freshness-service.ts';
import { lookupZip } from './geography.ts';
import { FRESHNESS_JOB } from './jobs.ts';
import {
  createRegistryStaging,
  dropRegistryStaging,
  mergeRegistryStaging,
  type RegistryProviderValues,
  registryStagingTableOf,
  stageRegistryRows,
  writeRegistryProviders,
} from './registry-service.ts';

// Issue #18 item 7, directory freshness: the data quality score (the domain's rule, mirrored in SQL and
// recomputed set-wise), "may be out of date" on the wire, the demotion in the directory's orders and in matching,
// the recompute after an import, and "Confirm listing" by a provider's own organization. Providers placed around
// Sheridan, WY (82801), far from the demo metros, so searches and matches there see only them.

const SHERIDAN = lookupZip('82801')!;
const MILE_LAT = 1 / 69.05;
const STALE_DAYS = 180; // the default DIRECTORY_STALE_AFTER_DAYS the test app runs with

let t: TestApp;
let req: ReturnType<typeof apiOf>;
let coordinator: string;
let cbo: string;
let viewer: string;
let plan: number;
let harbor: number;
let harborListing: number;
const ids: Record<string, number> = {};

/** A listing `miles` north of Sheridan, last verified `ageDays` ago. */
async function place(name: string, miles: number, ageDays: number, values: Record<string, unknown> = {}) {
  const cols: Record<string, unknown> = {
    name,
    organization_type: 'Food Bank',
    address: '1 Main St',
    city: 'Sheridan',
    state: 'WY',
    zip_code: '82801',
    county: 'Sheridan',
    phone: '(307) 555-0100',
    latitude: SHERIDAN.latitude + miles * MILE_LAT,
    longitude: SHERIDAN.longitude,
    services: ['Food Assistance'],
    languages: ['English'],
    data_quality_score: 50,
    ...values,
  };
  const keys = Object.keys(cols);
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO providers (${keys.join(', ')}, last_verified_at)
     VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}, now() - make_interval(days => $${keys.length + 1}))
     RETURNING id`,
    [...Object.values(cols), ageDays],
  );
  ids[name] = row!.id;
  return row!.id;
}

const storedScore = async (id: number) =>
  (await one<{ s: number }>(t, 'SELECT data_quality_score AS s FROM providers WHERE id = $1', [id])).s;

/** The domain rule's score of stored rows, read back as the server reads them. */
async function domainScores(list: readonly number[], now: Date, staleAfterDays: number) {
  const rows = await t.database.db
    .select()
    .from(providers)
    .where(inArray(providers.id, [...list]));
  return new Map(
    rows.map((r) => [
      r.id,
      dataQualityScore({
        ...r,
        hoursOfOperation: r.hoursOfOperation,
        lastVerifiedAt: r.lastVerifiedAt,
        registryStatus: r.registryStatus,
        now,
        staleAfterDays,
      }),
    ]),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  req = apiOf(t);
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  plan = await orgId(t, 'Golden Valley Health Plan');
  harbor = await orgId(t, 'Harbor Community Services');
  harborListing = (
    await one<{ id: number }>(t, 'SELECT id FROM providers WHERE organization_id = $1 ORDER BY id LIMIT 1', [
      harbor,
    ])
  ).id;
  // For the demotion: an out-of-date listing at the door, confirmed ones further out.
  await place('Zfr Stale Door', 0.5, 400);
  await place('Zfr Fresh Three', 3, 10);
  await place('Zfr Fresh Five', 5, 20);
  await place('Zfr Fresh Eight', 8, 30);
  await place('Zfr Fresh Ten', 10, 40);
  await place('Zfr Fresh Twenty', 20, 5);
  // For the score: every shape of completeness, recency and registry status.
  await place('Zfq Complete', 60, 0, {
    email: 'intake@zfq.example.org',
    website: 'https://zfq.example.org',
    hours_of_operation: JSON.stringify({ monday: '9-5', sunday: 'Closed' }),
  });
  await place('Zfq Bare', 61, 100, {
    phone: '  ',
    address: null,
    latitude: null,
    longitude: null,
    services: [],
    languages: [],
  });
  await place('Zfq Aging', 62, 150, { hours_of_operation: JSON.stringify({ monday: ' ' }) });
  await place('Zfq Stale', 63, 170, { email: 'x@zfq.example.org' });
  await place('Zfq Gone', 64, 10, { registry_status: 'deactivated', email: 'y@zfq.example.org' });
  await place('Zfq Future', 65, -3, { website: '' });
});
afterAll(async () => t?.close());

describe('the data quality score in SQL', () => {
  it('is the domain rule, provider by provider (hand-made shapes and demo listings)', async () => {
    const demo = await t.database.query<{ id: number }>(
      "SELECT id FROM providers WHERE name NOT LIKE 'Zf%' ORDER BY id LIMIT 40",
    );
    const list = [...Object.values(ids), ...demo.map((d) => d.id)];
    const now = new Date();
    for (const stale of [STALE_DAYS, 90, 365, 7]) {
      const sql = await scoresOf(t.database.db, list, now, stale);
      const ts = await domainScores(list, now, stale);
      expect(Object.fromEntries(sql)).toEqual(Object.fromEntries(ts));
    }
    const expected = await domainScores(list, now, STALE_DAYS);
    expect(expected.get(ids['Zfq Complete']!)).toBe(100);
    expect(expected.get(ids['Zfq Bare']!)).toBe(40); // the ZIP's 4 + 2·40·80/180 = 39.6
    expect(expected.get(ids['Zfq Gone']!)).toBe(9); // deactivated: 52 / 6 = 8.7
    expect(expected.get(ids['Zfq Stale']!)).toBe(56); // 52 + 2·40·10/180 = 56.4
  });

  it("recomputes every listing in one UPDATE (the daily job's work), writing only the scores that moved", async () => {
    const ctx = systemContext(t.app.deps, FRESHNESS_JOB);
    const changed = await recomputeDataQuality(ctx);
    expect(changed).toBeGreaterThanOrEqual(Object.keys(ids).length);
    const list = Object.values(ids);
    const expected = await domainScores(list, new Date(), STALE_DAYS);
    for (const id of list) expect(await storedScore(id)).toBe(expected.get(id));
    expect(await recomputeDataQuality(ctx)).toBe(0);
  });
});

describe('"may be out of date" on the wire', () => {
  it('gives every provider its source, last confirmation and whether it may be out of date', async () => {
    const stale = (
      await req('GET', `/api/providers/${ids['Zfr Stale Door']}`, null)
    ).json() as DirectoryProvider;
    const fresh = (
      await req('GET', `/api/providers/${ids['Zfr Fresh Three']}`, null)
    ).json() as DirectoryProvider;
    expect(stale).toMatchObject({ data_source: 'demo', may_be_out_of_date: true });
    expect(fresh).toMatchObject({ data_source: 'demo', may_be_out_of_date: false });
    expect(Date.now() - Date.parse(stale.last_verified_at)).toBeGreaterThan(399 * DAY_MS);
    expect(Date.now() - Date.parse(fresh.last_verified_at)).toBeLessThan(11 * DAY_MS);
  });

  it('follows the configured stale time (DIRECTORY_STALE_AFTER_DAYS)', async () => {
    const strict = await buildTestApp({ env: { DIRECTORY_STALE_AFTER_DAYS: '7' } });
    try {
      const res = await strict.app.inject({ method: 'GET', url: `/api/providers/${harborListing}` });
      expect(res.statusCode).toBe(200);
      // The demo's own listings were confirmed two days ago; most others long before a week.
      expect((res.json() as DirectoryProvider).may_be_out_of_date).toBe(false);
      const [old] = await strict.database.query<{ id: number }>(
        "SELECT id FROM providers WHERE last_verified_at < now() - interval '8 days' LIMIT 1",
      );
      const other = await strict.app.inject({ method: 'GET', url: `/api/providers/${old!.id}` });
      expect((other.json() as DirectoryProvider).may_be_out_of_date).toBe(true);
    } finally {
      await strict.close();
    }
  });
});

describe('the demotion of out-of-date listings', () => {
  const near = `latitude=${SHERIDAN.latitude}&longitude=${SHERIDAN.longitude}&radius_miles=25`;
  const names = (r: DirectorySearchResult) => r.providers.map((p) => p.organization_name);

  it('puts them 15 miles farther in the radius search, with their true distance', async () => {
    const res = await req('GET', `/directory/search/radius?${near}&q=zfr`, null);
    const body = res.json() as DirectorySearchResult;
    expect(names(body)).toEqual([
      'Zfr Fresh Three',
      'Zfr Fresh Five',
      'Zfr Fresh Eight',
      'Zfr Fresh Ten',
      'Zfr Stale Door',
      'Zfr Fresh Twenty',
    ]);
    expect(body.providers[4]).toMatchObject({ distance_miles: 0.5, may_be_out_of_date: true });
    // The limit keeps the best of the reordered list.
    const one = (await req('GET', `/directory/search/radius?${near}&q=zfr&limit=1`, null)).json();
    expect(names(one as DirectorySearchResult)).toEqual(['Zfr Fresh Three']);
  });

  it('lists them after the others in the by-name order (county, text search)', async () => {
    const county = (
      await req('GET', '/directory/search/by-county?state=WY&county=Sheridan&q=zfr', null)
    ).json();
    expect(names(county as DirectorySearchResult)).toEqual([
      'Zfr Fresh Eight',
      'Zfr Fresh Five',
      'Zfr Fresh Ten',
      'Zfr Fresh Three',
      'Zfr Fresh Twenty',
      'Zfr Stale Door',
    ]);
  });

  it('auto-match passes them by for confirmed providers within 15 miles; the ranking says why', async () => {
    const r = await createReferral(t, {
      token: coordinator,
      orgId: plan,
      zip_code: '82801',
      city: 'Sheridan',
      state: 'WY',
      sdoh_needs: ['Food Assistance'],
    });
    const matched = await req('POST', `/api/referrals/${r.id}/auto-match`, coordinator, plan);
    expect(matched.statusCode, matched.body).toBe(200);
    const entries = (matched.json() as { matched_providers: MatchingReferral['matched_providers'] })
      .matched_providers;
    expect(entries.map((e) => e.organization_name)).toEqual([
      'Zfr Fresh Three',
      'Zfr Fresh Five',
      'Zfr Fresh Eight',
      'Zfr Fresh Ten',
    ]);

    const ranked = await req('POST', '/match_referral', coordinator, plan, { referral_id: r.id, limit: 25 });
    expect(ranked.statusCode, ranked.body).toBe(200);
    const matches = (ranked.json() as MatchReferralResponse).matches;
    const door = matches.find((m) => m.cbo_id === ids['Zfr Stale Door'])!;
    const three = matches.find((m) => m.cbo_id === ids['Zfr Fresh Three'])!;
    expect(door.reasons.at(-1)).toMatchObject({
      factor: 'out_of_date',
      label: 'May be out of date',
      weight: -0.09,
    });
    expect(door.reasons.at(-1)!.detail).toMatch(
      /^Listing may be out of date: last verified \d{4}-\d{2}-\d{2}$/,
    );
    expect(three.reasons.some((x) => x.factor === 'out_of_date')).toBe(false);
    expect(three.rank).toBeLessThan(door.rank);
  });
});

describe('after an import', () => {
  const npi = '1999000017';
  const values: RegistryProviderValues = {
    npi,
    dataSource: 'cms_nppes',
    name: 'Zfi Registry Clinic',
    organizationType: 'Health Center',
    address: '5 Coffeen Ave',
    city: 'Sheridan',
    state: 'WY',
    zipCode: '82801',
    county: 'Sheridan',
    latitude: SHERIDAN.latitude + 70 * MILE_LAT,
    longitude: SHERIDAN.longitude,
    phone: '(307) 555-0190',
    website: null,
    services: ['Primary Care'],
    languages: [],
    acceptsMedicaid: true,
    acceptsMedicare: true,
    hash: 'h1',
  };
  const byNpi = () =>
    one<{ id: number; s: number; status: string }>(
      t,
      'SELECT id, data_quality_score AS s, registry_status AS status FROM providers WHERE npi = $1',
      [npi],
    );

  it('scores the listings an API import wrote or confirmed, in its transaction', async () => {
    await t.database.db.transaction((tx) => writeRegistryProviders(tx, [values]));
    // Phone, services, address, ZIP and coordinates (42) and full recency (40).
    expect((await byNpi()).s).toBe(82);
    await t.database.query(
      "UPDATE providers SET last_verified_at = now() - interval '400 days', data_quality_score = 42 WHERE npi = $1",
      [npi],
    );
    // The registry sends it again unchanged: confirmed, so fresh and scored again.
    const written = await t.database.db.transaction((tx) => writeRegistryProviders(tx, [values]));
    expect(written).toEqual({ added: 0, updated: 0, unchanged: 1 });
    expect((await byNpi()).s).toBe(82);
  });

  it("scores the listings a file's merge touched, a deactivated NPI very low", async () => {
    const table = registryStagingTableOf(randomUUID());
    await createRegistryStaging(t.database.db, table);
    try {
      await stageRegistryRows(
        t.database,
        table,
        (async function* () {
          yield [
            { line: 2, values: { ...values, website: 'https://zfi.example.org', hash: 'h2' } },
            { line: 3, deactivation: { npi, deactivatedOn: '2026-01-15', reason: 'Retired' } },
          ];
        })(),
      );
      await t.database.db.transaction((tx) => mergeRegistryStaging(tx, table));
    } finally {
      await dropRegistryStaging(t.database.db, table);
    }
    // The last line of an NPI wins, the deactivation: its listing's 42 completeness points count a sixth, 7.
    expect(await byNpi()).toMatchObject({ status: 'deactivated', s: 7 });
  });

  it("inserts a file's new listings with their score already right (the merge does not rewrite them again)", async () => {
    const fresh = '1999000025';
    const table = registryStagingTableOf(randomUUID());
    await createRegistryStaging(t.database.db, table);
    try {
      await stageRegistryRows(
        t.database,
        table,
        (async function* () {
          yield [{ line: 2, values: { ...values, npi: fresh, name: 'Zfi New Clinic', hash: 'n1' } }];
        })(),
      );
      const merged = await t.database.db.transaction((tx) => mergeRegistryStaging(tx, table));
      expect(merged).toMatchObject({ added: 1, rescored: 0 });
    } finally {
      await dropRegistryStaging(t.database.db, table);
    }
    const row = await one<{ id: number; s: number }>(
      t,
      'SELECT id, data_quality_score AS s FROM providers WHERE npi = $1',
      [fresh],
    );
    const expected = (
      await scoresOf(t.database.db, [row.id], new Date(), DIRECTORY_STALE_AFTER_DAYS_DEFAULT)
    ).get(row.id);
    expect(row.s).toBe(expected);
    expect(row.s).toBeGreaterThan(50);
    expect(
      await recomputeScores(t.database.db, {
        scope: { npis: [fresh] },
        now: new Date(),
        staleAfterDays: DIRECTORY_STALE_AFTER_DAYS_DEFAULT,
      }),
    ).toBe(0);
  });
});

describe('POST /api/providers/{id}/confirm-listing', () => {
  const confirm = (token: string | null, org: number | undefined, id = harborListing) =>
    req('POST', `/api/providers/${id}/confirm-listing`, token, org);

  it("lets its own organization's administrator confirm it: verified now, scored again, audited", async () => {
    await t.database.query(
      "UPDATE providers SET last_verified_at = now() - interval '300 days', data_quality_score = 12 WHERE id = $1",
      [harborListing],
    );
    const before = (
      await req('GET', `/api/providers/${harborListing}`, cbo, harbor)
    ).json() as DirectoryProvider;
    expect(before.may_be_out_of_date).toBe(true);

    const res = await confirm(cbo, harbor);
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as DirectoryProvider;
    expect(after).toMatchObject({ id: harborListing, may_be_out_of_date: false });
    expect(Date.now() - Date.parse(after.last_verified_at)).toBeLessThan(60_000);
    const expected = await domainScores([harborListing], new Date(), STALE_DAYS);
    expect(after.data_quality_score).toBe(expected.get(harborListing));
    expect(after.data_quality_score).toBeGreaterThan(80);
    expect(await storedScore(harborListing)).toBe(after.data_quality_score);

    const audit = await one<{ n: number; actor: number; details: { data_quality_score: { from: number } } }>(
      t,
      `SELECT count(*) OVER ()::int AS n, actor_user_id AS actor, details FROM audit_log
        WHERE action = 'provider.listing_confirmed' AND entity_id = $1`,
      [String(harborListing)],
    );
    const me = await one<{ id: number }>(t, "SELECT id FROM users WHERE email = 'cbo@trust.demo'");
    expect(audit).toMatchObject({ n: 1, actor: me.id });
    expect(audit.details.data_quality_score.from).toBe(12);
  });

  it('needs a session', async () => {
    expectEnvelope(await confirm(null, undefined), 401);
  });

  it("refuses another organization's users and its own viewers with 403", async () => {
    const other = expectEnvelope(await confirm(coordinator, plan), 403, 'forbidden');
    expect(other.message).toBe(FRESHNESS_MESSAGES.notOwn('Harbor Community Services'));
    expectEnvelope(await confirm(viewer, plan), 403, 'forbidden');
    // The viewer made a viewer of Harbor too: its organization, but not an administrator or manager.
    const v = await one<{ id: number }>(t, "SELECT id FROM users WHERE email = 'viewer@trust.demo'");
    await t.database.query(
      "INSERT INTO memberships (user_id, organization_id, role, is_primary) VALUES ($1, $2, 'viewer', false)",
      [v.id, harbor],
    );
    // Added in SQL, unannounced: the app's session cache still holds the memberships it read (issue #22).
    forgetCachedSessions(t);
    const role = expectEnvelope(await confirm(viewer, harbor), 403, 'forbidden');
    expect(role.message).toBe(FRESHNESS_MESSAGES.roleRequired('Harbor Community Services'));
    // A listing with no organization on the platform is nobody's to confirm.
    expectEnvelope(await confirm(cbo, harbor, ids['Zfr Fresh Three']), 403, 'forbidden');
  });

  it('answers 404 for a provider the caller cannot see, 400 for an id that is not one', async () => {
    expectEnvelope(await confirm(cbo, harbor, 2_000_000_000), 404, 'not_found');
    // Another organization's provider added by hand, not verified yet, is as unknown as a missing one.
    const hidden = await place('Zfp Private', 80, 1, { source: 'user', owner_organization_id: plan });
    expectEnvelope(await confirm(cbo, harbor, hidden), 404, 'not_found');
    expectEnvelope(await req('POST', '/api/providers/abc/confirm-listing', cbo, harbor), 400);
  });
});
