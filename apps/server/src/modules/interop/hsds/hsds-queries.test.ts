import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, one, orgId, type TestApp } from '../../../../test/helpers.ts';
import { zipCentroid } from '../../providers/directory/published-service.ts';
import { hsdsId, SERVICES_TAXONOMY_ID, taxonomyTermId } from './ids.ts';
import { type HsdsValidator, hsdsValidator } from './schema-validation.ts';

// Issue #21 item 2: the HSDS API's paging, filters, radius search and refusals, and the rule that it publishes
// only what the public directory shows (a provider added by hand stays private until verified; a deactivated
// registry listing is gone). Every page is also checked against the official list schemas.

type Item = { id: string; location?: { latitude?: number; longitude?: number } };
type Page = {
  total_items: number;
  total_pages: number;
  page_number: number;
  size: number;
  first_page: boolean;
  last_page: boolean;
  empty: boolean;
  contents: Item[];
};

const ZIP = '90012';
const EXTERNAL = '3f1c1d2e-5b6a-4c7d-8e9f-0a1b2c3d4e5f';

/** Meters between two points (haversine on a 6,371 km sphere; earthdistance uses 6,378 km: 0.1% apart). */
function meters(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
    Math.cos(a.latitude * rad) *
      Math.cos(b.latitude * rad) *
      Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

describe('HSDS 3.0 API: paging, filters, radius, refusals and privacy', () => {
  let t: TestApp;
  let v: HsdsValidator;
  const ids: Record<string, number> = {};
  const center = zipCentroid(ZIP)!;

  const get = (url: string, headers?: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });
  async function page(url: string): Promise<Page> {
    const res = await get(url);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    const body = res.json() as Page;
    const schema = url.startsWith('/hsds/service_at_locations')
      ? 'compiled/service_at_location_list.json'
      : url.startsWith('/hsds/organizations')
        ? 'compiled/organization_list.json'
        : url.startsWith('/hsds/locations')
          ? 'location.json'
          : 'compiled/service_list.json';
    v.assertPage(schema, body, url);
    return body;
  }
  const providerIds = (p: Page) => p.contents.map((c) => Number.parseInt(c.id.slice(-12), 16));

  async function insert(name: string, values: Record<string, unknown>): Promise<number> {
    const columns = ['name', 'organization_type', ...Object.keys(values)];
    const params = [name, 'Community Organization', ...Object.values(values)];
    const row = await one<{ id: number }>(
      t,
      `INSERT INTO providers (${columns.join(', ')}) VALUES (${params.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
      params,
    );
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp();
    v = hsdsValidator([
      'compiled/service_list.json',
      'compiled/organization_list.json',
      'compiled/service_at_location_list.json',
      'location.json',
    ]);
    const north = (m: number) => center.latitude + m / 111_320;
    ids.near = await insert('Quokka Near Shelter', {
      latitude: north(300),
      longitude: center.longitude,
      services: ['Quokka Grooming Aid'],
      zip_code: ZIP,
    });
    ids.middle = await insert('Quokka Middle Shelter', {
      latitude: north(3_000),
      longitude: center.longitude,
      services: ['quokka grooming aid'],
    });
    ids.far = await insert('Quokka Far Shelter', { latitude: north(20_000), longitude: center.longitude });
    ids.recent = await insert('Wombat Recently Changed Pantry', { updated_at: '2035-06-01T00:00:00Z' });
    ids.imported = await insert('Numbat Imported Listing', { data_source: 'hsds', external_id: EXTERNAL });
    ids.deactivated = await insert('Bilby Deactivated Clinic', {
      data_source: 'cms_nppes',
      registry_status: 'deactivated',
    });
    const golden = await orgId(t, 'Golden Valley Health Plan');
    ids.private = await insert('Platypus Private Clinic', {
      source: 'user',
      data_source: 'organization',
      owner_organization_id: golden,
      latitude: north(100),
      longitude: center.longitude,
      zip_code: ZIP,
      services: ['Quokka Grooming Aid'],
    });
    ids.golden = golden;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('pages with page and per_page, and says where the page stands', async () => {
    const first = await page('/hsds/services?per_page=5');
    expect(first).toMatchObject({
      page_number: 1,
      size: 5,
      first_page: true,
      last_page: false,
      empty: false,
    });
    expect(first.total_pages).toBe(Math.ceil(first.total_items / 5));
    const second = await page('/hsds/services?per_page=5&page=2');
    expect(second).toMatchObject({
      page_number: 2,
      size: 5,
      first_page: false,
      total_items: first.total_items,
    });
    expect(providerIds(second).every((id) => !providerIds(first).includes(id))).toBe(true);
    // Stable order (by id), so a harvester walking the pages meets every listing once.
    expect(Math.min(...providerIds(second))).toBeGreaterThan(Math.max(...providerIds(first)));
    const last = await page(`/hsds/services?per_page=5&page=${first.total_pages}`);
    expect(last).toMatchObject({ last_page: true, empty: false });
    const beyond = await page(`/hsds/services?per_page=5&page=${first.total_pages + 1}`);
    expect(beyond).toMatchObject({ empty: true, size: 0, contents: [], last_page: true });
    // The default page is 50 listings.
    expect((await page('/hsds/organizations')).size).toBe(Math.min(50, first.total_items));
  });

  it('searches text', async () => {
    const found = await page('/hsds/services?search=quokka%20near');
    expect(providerIds(found)).toEqual([ids.near]);
    expect(found.total_items).toBe(1);
    expect(providerIds(await page('/hsds/organizations?search=Wombat'))).toEqual([ids.recent]);
  });

  it('filters by taxonomy term (any case of the service name) and by taxonomy', async () => {
    const term = taxonomyTermId('Quokka Grooming Aid');
    expect(taxonomyTermId('quokka grooming aid')).toBe(term);
    for (const list of ['services', 'service_at_locations']) {
      const found = await page(`/hsds/${list}?taxonomy_term_id=${term}`);
      expect(providerIds(found).sort(), list).toEqual([ids.near, ids.middle].sort());
    }
    const none = await page(`/hsds/services?taxonomy_term_id=${taxonomyTermId('No such service')}`);
    expect(none).toMatchObject({ total_items: 0, total_pages: 0, empty: true });
    const all = await page('/hsds/services');
    const withServices = await page(`/hsds/services?taxonomy_id=${SERVICES_TAXONOMY_ID}`);
    expect(withServices.total_items).toBeGreaterThan(0);
    // The far shelter lists no service: in every service, not under the taxonomy.
    expect(withServices.total_items).toBeLessThan(all.total_items);
    expect((await page(`/hsds/services?taxonomy_id=${EXTERNAL}`)).total_items).toBe(0);
  });

  it('filters by organization_id and modified_after', async () => {
    const org = hsdsId('organization', ids.near!);
    for (const list of ['services', 'service_at_locations', 'locations']) {
      expect(providerIds(await page(`/hsds/${list}?organization_id=${org}`)), list).toEqual([ids.near]);
    }
    expect((await page(`/hsds/services?organization_id=${EXTERNAL}`)).total_items).toBe(0);
    expect(providerIds(await page('/hsds/services?modified_after=2035-01-01'))).toEqual([ids.recent]);
    expect(providerIds(await page('/hsds/services?modified_after=2035-06-01T00:00:01Z'))).toEqual([]);
  });

  it('finds service_at_locations within proximity meters of a postcode, nearest first', async () => {
    const within = async (url: string) => {
      const found = await page(url);
      const distances = found.contents.map((c) =>
        meters(center, { latitude: c.location!.latitude!, longitude: c.location!.longitude! }),
      );
      for (const d of distances)
        expect(d).toBeLessThanOrEqual(Number(new URL(url, 'http://x').searchParams.get('proximity')) * 1.01);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      return providerIds(found);
    };
    const oneKm = await within(`/hsds/service_at_locations?postcode=${ZIP}&proximity=1000&per_page=100`);
    expect(oneKm).toContain(ids.near);
    expect(oneKm).not.toContain(ids.middle);
    const fiveKm = await within(`/hsds/service_at_locations?postcode=${ZIP}&proximity=5000&per_page=100`);
    expect(fiveKm).toEqual(expect.arrayContaining([ids.near, ids.middle]));
    expect(fiveKm).not.toContain(ids.far);
    // Services take the same place filter; a postcode alone keeps the listings at that ZIP code.
    expect(providerIds(await page(`/hsds/services?postcode=${ZIP}&proximity=1000&search=quokka`))).toEqual([
      ids.near,
    ]);
    const atZip = await page(`/hsds/locations?postcode=${ZIP}&per_page=100`);
    expect(providerIds(atZip)).toContain(ids.near);
    expect(providerIds(atZip)).not.toContain(ids.middle);
  });

  it('refuses bad paging, radius and malformed parameters with a 400 in the HSDS error shape', async () => {
    const bad: [string, string][] = [
      ['/hsds/services?per_page=0', 'per_page'],
      ['/hsds/services?per_page=101', 'per_page'],
      ['/hsds/organizations?page=0', 'page'],
      ['/hsds/locations?page=two', 'page'],
      ['/hsds/services?page=01', 'page'],
      [`/hsds/service_at_locations?postcode=${ZIP}&proximity=0`, 'proximity'],
      [`/hsds/service_at_locations?postcode=${ZIP}&proximity=80468`, 'proximity'],
      [`/hsds/service_at_locations?postcode=${ZIP}&proximity=1.5`, 'proximity'],
      ['/hsds/service_at_locations?proximity=1000', 'proximity'],
      ['/hsds/service_at_locations?postcode=00000&proximity=1000', 'postcode'],
      ['/hsds/services?postcode=LA', 'postcode'],
      ['/hsds/services?taxonomy_term_id=housing', 'taxonomy_term_id'],
      ['/hsds/services?organization_id=12', 'organization_id'],
      ['/hsds/services?modified_after=yesterday', 'modified_after'],
      ['/hsds/services?format=ndjson', 'format'],
      ['/hsds/services?full=yes', 'full'],
      ['/hsds/services/not-a-uuid', 'id'],
    ];
    for (const [url, parameter] of bad) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        status: 400,
        error: 'invalid_parameter',
        message: expect.stringContaining(parameter),
        parameters: { [parameter]: expect.any(String) },
      });
    }
  });

  it('answers an unknown id or path with a 404 in the HSDS error shape', async () => {
    const unknown = [
      `/hsds/services/${hsdsId('service', 2_000_000_000)}`,
      `/hsds/services/${hsdsId('organization', ids.near!)}`,
      `/hsds/organizations/${EXTERNAL.replace('3f', '4f')}`,
      `/hsds/service_at_locations/${EXTERNAL.replace('3f', '4f')}`,
      '/hsds/taxonomies/nope',
    ];
    for (const url of unknown) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ status: 404, error: 'not_found', message: expect.any(String) });
    }
  });

  it('keeps the id an HSDS import brought for the service_at_location', async () => {
    const found = await page(`/hsds/service_at_locations?search=numbat`);
    expect(found.contents.map((c) => c.id)).toEqual([EXTERNAL]);
    const res = await get(`/hsds/service_at_locations/${EXTERNAL.toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().service.id).toBe(hsdsId('service', ids.imported!));
  });

  it('never shows a provider added by hand and not verified, even to its own organization', async () => {
    const token = await login(t.app, 'coordinator@trust.demo');
    const own = bearer(token, ids.golden);
    const lists = [
      '/hsds/services?search=platypus',
      '/hsds/organizations?search=platypus',
      '/hsds/locations?search=platypus',
      '/hsds/service_at_locations?search=platypus',
      `/hsds/service_at_locations?postcode=${ZIP}&proximity=1000&per_page=100`,
      `/hsds/services?taxonomy_term_id=${taxonomyTermId('Quokka Grooming Aid')}`,
    ];
    const details = [
      `/hsds/services/${hsdsId('service', ids.private!)}`,
      `/hsds/organizations/${hsdsId('organization', ids.private!)}`,
      `/hsds/service_at_locations/${hsdsId('service_at_location', ids.private!)}`,
    ];
    for (const headers of [undefined, own]) {
      for (const url of lists) {
        const res = await get(url, headers);
        expect(res.statusCode, url).toBe(200);
        expect(providerIds(res.json() as Page), url).not.toContain(ids.private);
      }
      for (const url of details) expect((await get(url, headers)).statusCode, url).toBe(404);
    }
    // Once a platform operator verifies it, it is public, and published.
    await t.database.query('UPDATE providers SET verified_at = now() WHERE id = $1', [ids.private]);
    expect(providerIds(await page('/hsds/services?search=platypus'))).toEqual([ids.private]);
    expect((await get(details[0]!)).statusCode).toBe(200);
  });

  it('leaves out a listing the registry deactivated', async () => {
    expect((await page('/hsds/services?search=bilby')).total_items).toBe(0);
    expect((await get(`/hsds/services/${hsdsId('service', ids.deactivated!)}`)).statusCode).toBe(404);
  });
});
