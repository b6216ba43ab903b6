import { type DirectorySearchResult, IMPORT_MESSAGES, type ImportJob, type ImportStats } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  eventually,
  expectEnvelope,
  login,
  one,
  type TestApp,
} from '../../../../test/helpers.ts';
import {
  type HsdsFixtureServer,
  startHsdsFixtureServer,
} from '../../../adapters/registries/hsds-fixture-server.ts';

// Issue #21 item 2: an HSDS 3.0 directory loaded through the import manager as the source `hsds` — its datapackage
// and its API, both served on loopback — upserted by its service_at_location ids: a second import of the changed
// directory updates the same rows, counts say what changed, and a broken directory fails the job with nothing
// written.

let t: TestApp;
let req: ReturnType<typeof apiOf>;
let operator: string;
let directory: HsdsFixtureServer;

beforeAll(async () => {
  directory = await startHsdsFixtureServer();
  t = await buildTestApp({ jobs: true, env: { HSDS_IMPORT_ALLOW_HOSTS: '127.0.0.1' } });
  req = apiOf(t);
  operator = await login(t.app, 'admin@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await directory?.close();
});

async function run(body: object): Promise<ImportJob> {
  const res = await req('POST', '/api/import/start', operator, undefined, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { job_id: string }).job_id;
  return eventually(
    async () => {
      const job = (await req('GET', `/api/import/jobs/${id}`, operator)).json() as ImportJob;
      return ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    },
    60_000,
    'the HSDS import to end',
  );
}

const hsdsRows = async () =>
  await one<{ n: number; ids: number }>(
    t,
    `SELECT count(*)::int AS n, count(DISTINCT external_id)::int AS ids FROM providers WHERE data_source = 'hsds'`,
  );

const search = async (q: string) =>
  (
    await req(
      'GET',
      `/api/providers?latitude=34.05&longitude=-118.25&radius_miles=25&q=${encodeURIComponent(q)}`,
      null,
    )
  ).json() as DirectorySearchResult;

describe('an HSDS import through the import manager', () => {
  it('loads the datapackage: one listing per service_at_location, searchable, with data_source hsds', async () => {
    const job = await run({ data_source: 'hsds', method: 'file', source_url: directory.datapackageUrl });
    expect(job.status, job.error ?? '').toBe('completed');
    expect(job).toMatchObject({ data_source: 'hsds', method: 'file', states: [], taxonomy: null });
    // 13 places: 11 listed; the defunct service's place and the postal-only place are left out, with why.
    expect(job.results).toEqual({ added: 11, updated: 0, skipped: 2, total_fetched: 13 });
    expect(job.progress.providers_refused).toBe(2);
    expect(job.notes.join('\n')).toMatch(/defunct: not imported/);
    expect(job.notes.join('\n')).toMatch(/has no practice address: not imported/);
    expect(job.usage.api_calls).toBe(10); // the descriptor and the nine CSV files the directory reads
    expect(await hsdsRows()).toEqual({ n: 11, ids: 11 });

    const found = await search('Eastside Harvest');
    expect(found.providers.map((p) => p.organization_name).sort()).toEqual([
      'Eastside Harvest Food Bank – Senior Meal Delivery',
      'Eastside Harvest Food Bank – Weekend Food Pantry',
      'Eastside Harvest Food Bank – Weekend Food Pantry',
    ]);
    const pantry = found.providers.find(
      (p) => p.zip_code === '90033' && p.organization_name.endsWith('Pantry'),
    )!;
    expect(pantry).toMatchObject({
      data_source: 'hsds',
      phone: '(213) 555-0101',
      city: 'Los Angeles',
      state: 'CA',
      organization_type: 'Food Bank',
      languages_spoken: ['English', 'Spanish'],
      latitude: 34.0483,
    });
    expect(pantry.services).toEqual(expect.arrayContaining(['Food Assistance', 'Food Pantries']));
    const stats = (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    expect(stats.by_source.hsds).toBe(11);
  });

  it('a second import of the changed directory, through its API, updates the same rows by external id', async () => {
    const rent = directory.tables['services.csv']!.find((s) => s.name === 'Rental Assistance')!;
    rent.name = 'Rent and Deposit Assistance';
    const rides = directory.tables['services.csv']!.find((s) => s.name === 'Rides to Medical Appointments')!;
    const clinic = directory.tables['locations.csv']!.find((l) => l.name === 'Third Ward Family Clinic')!;
    directory.tables['service_at_location.csv']!.push({
      id: 'b7c2d1e0-0000-4000-8000-000000000001',
      service_id: rides.id!,
      location_id: clinic.id!,
      description: 'Ride pick-up desk in the clinic lobby',
    });
    const job = await run({ data_source: 'hsds', method: 'api', source_url: directory.apiUrl });
    expect(job.status, job.error ?? '').toBe('completed');
    // The API form reads the same listings as the datapackage did: only the renamed and the new place change.
    expect(job.results).toEqual({ added: 1, updated: 1, skipped: 12, total_fetched: 14 });
    expect(await hsdsRows()).toEqual({ n: 12, ids: 12 });
    const renamed = await one<{ name: string; n: number }>(
      t,
      `SELECT min(name) AS name, count(*)::int AS n FROM providers WHERE data_source = 'hsds' AND external_id IN
         (SELECT external_id FROM providers WHERE name LIKE 'Pueblo Housing Collaborative – Rent%')`,
    );
    expect(renamed).toEqual({ name: 'Pueblo Housing Collaborative – Rent and Deposit Assistance', n: 1 });

    const again = await run({ data_source: 'hsds', method: 'api', source_url: directory.apiUrl });
    expect(again.results).toEqual({ added: 0, updated: 0, skipped: 14, total_fetched: 14 });
  });

  it('takes only the states asked for', async () => {
    const job = await run({
      data_source: 'hsds',
      method: 'file',
      source_url: directory.datapackageUrl,
      states: ['TX'],
    });
    expect(job.status).toBe('completed');
    // Houston's places only: 4 listed (unchanged), the postal-only and the defunct ones left out.
    expect(job.results).toEqual({ added: 0, updated: 0, skipped: 6, total_fetched: 6 });
  });
});

describe('refusals and failures', () => {
  it('refuses a bad directory address with 400 on source_url, and no job', async () => {
    const before = (await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM import_jobs`)).n;
    const cases: [object, string | RegExp][] = [
      [{ data_source: 'hsds', method: 'api' }, IMPORT_MESSAGES.sourceUrlRequired],
      [{ data_source: 'hsds', source_url: 'ftp://directory.example.org/' }, IMPORT_MESSAGES.sourceUrlInvalid],
      [
        { data_source: 'hsds', source_url: 'http://directory.example.org/api/' },
        IMPORT_MESSAGES.sourceUrlInvalid,
      ],
      [{ data_source: 'hsds', source_url: 'not a url' }, IMPORT_MESSAGES.sourceUrlInvalid],
      [
        { data_source: 'hsds', source_url: 'https://user:pw@directory.example.org/' },
        IMPORT_MESSAGES.sourceUrlInvalid,
      ],
      [
        { data_source: 'hsds', source_url: 'https://10.1.2.3/hsds/' },
        IMPORT_MESSAGES.sourceUrlPrivate('10.1.2.3'),
      ],
      [{ data_source: 'hsds', source_url: 'https://169.254.169.254/' }, /private or local network address/],
      [
        { data_source: 'cms_nppes', states: ['CA'], limit: 100, source_url: directory.apiUrl },
        IMPORT_MESSAGES.sourceUrlOnlyHsds,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await req('POST', '/api/import/start', operator, undefined, body);
      const envelope = expectEnvelope(res, 400) as { detail: string; fields?: Record<string, string> };
      expect(envelope.fields?.source_url, JSON.stringify(body)).toMatch(message);
    }
    expect((await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM import_jobs`)).n).toBe(before);
  });

  it('an unreachable directory ends the job failed with a readable reason', async () => {
    const gone = await startHsdsFixtureServer();
    const url = gone.apiUrl;
    await gone.close();
    const job = await run({ data_source: 'hsds', method: 'api', source_url: url });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/services could not be reached: .*ECONNREFUSED/,
    );
  });

  it('a malformed or half-served directory fails the job and writes nothing', async () => {
    const before = await one<{ names: string }>(
      t,
      `SELECT string_agg(name || phone, ',' ORDER BY external_id) AS names FROM providers WHERE data_source = 'hsds'`,
    );
    // A change the failed import must not write…
    directory.tables['services.csv']![0]!.name = 'Renamed Pantry';
    // …because a file read after the services fails.
    directory.override('/datapackage/phones.csv', 'Service Unavailable', 503);
    const half = await run({ data_source: 'hsds', method: 'file', source_url: directory.datapackageUrl });
    expect(half.status).toBe('failed');
    expect(half.error).toMatch(/phones\.csv answered HTTP 503\.$/);
    directory.override('/datapackage/phones.csv', null);

    directory.override('/datapackage/service_at_location.csv', 'id;service_id;location_id\nx;y;z\n');
    const malformed = await run({
      data_source: 'hsds',
      method: 'file',
      source_url: directory.datapackageUrl,
    });
    expect(malformed.status).toBe('failed');
    expect(malformed.error).toBe('service_at_location.csv has no column id, service_id, location_id.');
    directory.override('/datapackage/service_at_location.csv', null);

    directory.override('/api/services', '<html>Maintenance</html>');
    const notJson = await run({ data_source: 'hsds', method: 'api', source_url: directory.apiUrl });
    expect(notJson.error).toBe("The HSDS API's page 1 of /services did not answer JSON.");
    directory.override('/api/services', null);

    const after = await one<{ names: string }>(
      t,
      `SELECT string_agg(name || phone, ',' ORDER BY external_id) AS names FROM providers WHERE data_source = 'hsds'`,
    );
    expect(after.names).toBe(before.names);
  });

  it('HSDS imports are started by hand: a schedule for them is refused', async () => {
    const res = await req('POST', '/api/import/schedules', operator, undefined, {
      name: 'Nightly 211',
      data_source: 'hsds',
    });
    const envelope = expectEnvelope(res, 400) as { fields?: Record<string, string> };
    expect(envelope.fields?.data_source).toBe(IMPORT_MESSAGES.hsdsNotSchedulable);
  });
});
