import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, one, type TestApp } from '../../../../test/helpers.ts';
import { hsdsId } from './ids.ts';
import { type HsdsValidator, hsdsValidator } from './schema-validation.ts';

// Issue #21 "Done when": every HSDS response valid against the official 3.0 schemas. Each route is called on
// the demo directory and on a listing with untidy data (a website without scheme, a malformed email, no
// street address), and each body checked with Ajv against schema-3.0/ — a failure names the path that broke.

type Page = { total_items: number; contents: { id: string }[] };

describe('HSDS 3.0 API: every response conforms to the official schemas', () => {
  let t: TestApp;
  let v: HsdsValidator;
  let untidy: number;

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  beforeAll(async () => {
    t = await buildTestApp();
    // The compiled schemas inline every nested object: seconds each to compile, once for the file.
    v = hsdsValidator([
      'compiled/service.json',
      'compiled/organization.json',
      'compiled/service_at_location.json',
      'compiled/service_list.json',
      'compiled/organization_list.json',
      'compiled/service_at_location_list.json',
      'location.json',
    ]);
    untidy = (
      await one<{ id: number }>(
        t,
        `INSERT INTO providers (name, organization_type, phone, email, website, services, languages, latitude, longitude,
           wheelchair_accessible, hours_of_operation, data_source, capacity_status, capacity_wait_days)
         VALUES ('Untidy Listing Pantry', 'Food Pantry', '(213) 555-0100', 'not an email', 'www.untidy.example.org',
           ARRAY['Food Assistance'], ARRAY['English','Spanish'], 34.05, -118.24, true,
           '{"monday":"9am-5pm","friday":"10am-2pm"}', 'demo', 'waitlist', 12)
         RETURNING id`,
      )
    ).id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('GET /hsds/ answers the API root metadata', async () => {
    const root = await get('/hsds/');
    expect(root).toEqual({
      version: '3.0',
      profile: expect.stringMatching(/^https:\/\//),
      openapi_url: 'https://raw.githubusercontent.com/openreferral/specification/3.0/schema/openapi.json',
    });
  });

  it('lists services, organizations, locations and service_at_locations in the paging envelope', async () => {
    const lists = [
      ['/hsds/services?per_page=100', 'compiled/service_list.json'],
      ['/hsds/services?per_page=100&full=true', 'compiled/service.json'],
      ['/hsds/organizations?per_page=100', 'compiled/organization_list.json'],
      ['/hsds/organizations?per_page=100&full=true', 'compiled/organization.json'],
      ['/hsds/locations?per_page=100', 'location.json'],
      ['/hsds/service_at_locations?per_page=100', 'compiled/service_at_location_list.json'],
      ['/hsds/service_at_locations?per_page=100&full=true', 'compiled/service_at_location.json'],
    ] as const;
    for (const [url, schema] of lists) {
      const page = (await get(url)) as Page;
      v.assertPage(schema, page, url);
      // The test directory is small: every public listing fits on one page, and there is more than one.
      expect(page.contents.length, url).toBe(page.total_items);
      expect(page.total_items, url).toBeGreaterThan(10);
    }
  });

  it('answers each object by id, fully nested, for demo listings and an untidy one', async () => {
    const page = (await get('/hsds/services?per_page=20')) as Page;
    const demoIds = page.contents.map((s) => Number.parseInt(s.id.slice(-12), 16));
    for (const providerId of [...demoIds, untidy]) {
      v.assertValid('compiled/service.json', await get(`/hsds/services/${hsdsId('service', providerId)}`));
      const org = `/hsds/organizations/${hsdsId('organization', providerId)}`;
      v.assertValid('compiled/organization.json', await get(org), org);
      v.assertValid(
        'compiled/organization.json',
        await get(`${org}?full_service=true`),
        `${org} full_service`,
      );
      const sal = `/hsds/service_at_locations/${hsdsId('service_at_location', providerId)}`;
      v.assertValid('compiled/service_at_location.json', await get(sal), sal);
    }
  });

  it('sends untidy values in the form the schemas require, or leaves them out', async () => {
    const service = await get(`/hsds/services/${hsdsId('service', untidy)}`);
    expect(service.url).toBe('https://www.untidy.example.org/');
    expect(service).not.toHaveProperty('email');
    expect(service.wait_time).toMatch(/12 days/);
    expect(service.attributes[0].taxonomy_term.name).toBe('Food Assistance');
    const location = service.service_at_locations[0].location;
    expect(location).not.toHaveProperty('addresses');
    expect(location.accessibility[0].description).toMatch(/wheelchair/i);
    expect(location.schedules[0].description).toBe('Monday: 9am-5pm; Friday: 10am-2pm');
    expect(location.languages.map((l: { name: string }) => l.name)).toEqual(['English', 'Spanish']);
  });

  it('fails validation when a required field is missing (the check can fail)', () => {
    expect(() => v.assertValid('compiled/service.json', { id: hsdsId('service', 1), name: 'x' })).toThrow(
      /must have required property 'status'/,
    );
    expect(() =>
      v.assertValid('compiled/service_list.json', { id: 'not-a-uuid', name: 'x', status: 'active' }),
    ).toThrow(/\/id must match format "uuid"/);
  });
});
