import type { AddressInfo } from 'node:net';
import { IMPORT_MESSAGES, type ImportJob, type ImportStats } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  eventually,
  expectEnvelope,
  login,
  one,
  openEventStream,
  type TestApp,
} from '../../../../test/helpers.ts';
import { nppesPopulation } from '../../../adapters/registries/nppes-fixture.ts';
import {
  type RegistryFixtureServer,
  startRegistryFixtureServer,
} from '../../../adapters/registries/registry-fixture-server.ts';
import { systemContext } from '../../../platform/context.ts';
import { lookupZip, zipsOfState } from '../directory/geography.ts';
import { createJobs } from './job-start.ts';

// Issue #18 item 2 and "Bad input and failure": jobs started single and in batch against a loopback NPPES
// registry (the real client, splitting and normaliser run), their progress, cancel within 5 seconds with the
// directory consistent, the registry failing, and who may do any of it (platform operators only).

let t: TestApp;
let registry: RegistryFixtureServer;
let req: ReturnType<typeof apiOf>;
let operator: string;
let orgAdmin: string;
let coordinator: string;

const cityOf = (zip: string) => lookupZip(zip)?.city ?? null;

beforeAll(async () => {
  registry = await startRegistryFixtureServer(
    nppesPopulation([
      { state: 'NV', taxonomy: 'Family Medicine', count: 450, zips: zipsOfState('NV'), cityOf },
      { state: 'UT', taxonomy: 'Family Medicine', count: 260, zips: zipsOfState('UT'), cityOf },
      { state: 'NV', taxonomy: 'Pediatrics', count: 1_500, zips: zipsOfState('NV'), cityOf },
    ]),
  );
  t = await buildTestApp({
    jobs: true,
    env: {
      NPPES_API_URL: registry.url,
      NPPES_API_MIN_INTERVAL_MS: '0',
      NPPES_API_BACKOFF_MS: '5',
      NPPES_API_RETRIES: '2',
    },
  });
  req = apiOf(t);
  operator = await login(t.app, 'admin@trust.demo');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
  coordinator = await login(t.app, 'coordinator@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await registry?.close();
});

async function job(id: string): Promise<ImportJob> {
  return (await req('GET', `/api/import/jobs/${id}`, operator)).json() as ImportJob;
}

async function ended(id: string, ms = 30_000): Promise<ImportJob> {
  return eventually(
    async () => {
      const j = await job(id);
      return ['completed', 'failed', 'cancelled'].includes(j.status) ? j : undefined;
    },
    ms,
    `import job ${id} to end`,
  );
}

async function start(body: object) {
  const res = await req('POST', '/api/import/start', operator, undefined, body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { job_id: string; job: ImportJob }).job_id;
}

describe('who may import', () => {
  it('needs a session, and a platform operator: an organization admin or a coordinator gets 403', async () => {
    for (const [method, url] of [
      ['GET', '/api/import/stats'],
      ['POST', '/api/import/start'],
      ['POST', '/api/import/batch'],
      ['GET', '/api/import/jobs/00000000-0000-0000-0000-000000000000'],
      ['POST', '/api/import/jobs/00000000-0000-0000-0000-000000000000/cancel'],
    ] as const) {
      const body = method === 'POST' ? { states: ['NV'], limit: 100, limit_per_state: 100 } : undefined;
      expectEnvelope(await req(method, url, null, undefined, body), 401);
      for (const token of [orgAdmin, coordinator]) {
        const res = await req(method, url, token, undefined, body);
        expect(expectEnvelope(res, 403).detail).toBe(IMPORT_MESSAGES.operatorsOnly);
      }
    }
  });
});

describe('bad input', () => {
  it.each([
    [{ states: [], limit: 1000 }, IMPORT_MESSAGES.selectState],
    [{ states: ['NV'], limit: 50 }, IMPORT_MESSAGES.limitRange],
    [{ states: ['NV'], limit: 10_100 }, IMPORT_MESSAGES.limitRange],
    [{ states: ['NV'], limit: 150 }, IMPORT_MESSAGES.limitRange],
    [{ states: ['NV'], limit: '1000' }, IMPORT_MESSAGES.limitRange],
    [{ states: ['XX'], limit: 1000 }, IMPORT_MESSAGES.stateUnknown],
    [{ states: ['NV', 'NV'], limit: 1000 }, IMPORT_MESSAGES.stateTwice],
    [{ states: ['NV'], limit: 1000, taxonomy: 'Astrology' }, IMPORT_MESSAGES.taxonomyUnknown],
    [
      { states: ['NV'], limit: 1000, data_source: 'web_scraping' },
      IMPORT_MESSAGES.comingSoon('web_scraping'),
    ],
    [{ states: ['NV'], limit: 1000, data_source: 'yellow_pages' }, IMPORT_MESSAGES.sourceUnknown],
  ])('start %j → 400 with the message', async (body, message) => {
    const res = await req('POST', '/api/import/start', operator, undefined, body);
    const envelope = expectEnvelope(res, 400);
    expect(JSON.stringify(envelope)).toContain(message);
  });

  it('batch refuses no states and a limit out of range, and starts nothing', async () => {
    const before = (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    expectEnvelope(
      await req('POST', '/api/import/batch', operator, undefined, { states: [], limit_per_state: 1000 }),
      400,
    );
    expectEnvelope(
      await req('POST', '/api/import/batch', operator, undefined, {
        states: ['NV'],
        limit_per_state: 20_000,
      }),
      400,
    );
    const after = (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    expect(after.recent_jobs.length).toBe(before.recent_jobs.length);
  });

  it('answers 404 for a job that does not exist and 400 for an id that is not one', async () => {
    expectEnvelope(await req('GET', '/api/import/jobs/00000000-0000-0000-0000-000000000000', operator), 404);
    expectEnvelope(await req('GET', '/api/import/jobs/nope', operator), 400);
  });
});

describe('an NPPES import', () => {
  let first: ImportJob;

  it('imports a state into the directory: NPI, services, place, and progress, usage and cost recorded', async () => {
    const before = (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    const id = await start({
      data_source: 'cms_nppes',
      states: ['NV'],
      limit: 300,
      taxonomy: 'Family Medicine',
    });
    first = await ended(id);
    expect(first).toMatchObject({
      status: 'completed',
      states: ['NV'],
      limit: 300,
      taxonomy: 'Family Medicine',
      progress: {
        providers_fetched: 300,
        providers_added: 300,
        providers_updated: 0,
        states_completed: ['NV'],
      },
      results: { added: 300, skipped: 0, total_fetched: 300 },
      error: null,
    });
    expect(first.usage.api_calls).toBe(2); // 200 + the first 100 of the next page
    expect(first.usage.bytes_downloaded).toBeGreaterThan(0);
    expect(first.usage.rows_written).toBe(300);
    expect(first.cost_usd).not.toBeNull();
    expect(first.started_at && first.completed_at).toBeTruthy();

    const provider = await one<Record<string, unknown>>(
      t,
      `SELECT name, npi, data_source, services, state, zip_code, latitude, city, phone, registry_status
         FROM providers WHERE data_source = 'cms_nppes' ORDER BY npi LIMIT 1`,
    );
    expect(provider).toMatchObject({ data_source: 'cms_nppes', state: 'NV', registry_status: 'active' });
    expect(provider.npi).toMatch(/^\d{10}$/);
    expect(provider.services).toEqual(expect.arrayContaining(['Primary Care', 'Family Medicine']));
    expect(provider.latitude).not.toBeNull();
    expect(provider.phone).toMatch(/^\(\d{3}\) 555-\d{4}$/);
    expect(String(provider.name)).not.toEqual(String(provider.name).toUpperCase());

    const after = (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    expect(after.total_providers).toBe(before.total_providers + 300);
    expect(after.by_source.cms_nppes).toBe((before.by_source.cms_nppes ?? 0) + 300);
    expect(after.recent_jobs[0]!.job_id).toBe(id);
    expect(after.active_jobs).toBe(0);

    // In the public directory, found by its ZIP.
    const zip = String(provider.zip_code);
    const search = await req('GET', `/directory/search/by-zip?zip_code=${zip}&radius_miles=5`, null);
    expect(
      search
        .json()
        .providers.some((p: { organization_name: string }) => p.organization_name === provider.name),
    ).toBe(true);
  });

  it('a second import of the same registry adds nothing and confirms every listing (skipped as unchanged)', async () => {
    const verifiedBefore = await one<{ at: Date }>(
      t,
      `SELECT max(last_verified_at) AS at FROM providers WHERE data_source = 'cms_nppes'`,
    );
    const again = await ended(
      await start({ data_source: 'cms_nppes', states: ['NV'], limit: 300, taxonomy: 'Family Medicine' }),
    );
    expect(again.progress).toMatchObject({
      providers_fetched: 300,
      providers_added: 0,
      providers_updated: 0,
      providers_skipped: 300,
    });
    const verifiedAfter = await one<{ at: Date; n: number }>(
      t,
      `SELECT min(last_verified_at) AS at, count(*)::int AS n FROM providers WHERE data_source = 'cms_nppes'`,
    );
    expect(verifiedAfter.n).toBe(300);
    expect(new Date(verifiedAfter.at).getTime()).toBeGreaterThan(new Date(verifiedBefore.at).getTime());
  });

  it('a changed registry record is updated in place', async () => {
    await t.database.query(
      `UPDATE providers SET registry_hash = 'stale', phone = '(000) 000-0000' WHERE npi = (SELECT min(npi) FROM providers WHERE data_source = 'cms_nppes')`,
    );
    const again = await ended(
      await start({ data_source: 'cms_nppes', states: ['NV'], limit: 300, taxonomy: 'Family Medicine' }),
    );
    expect(again.progress).toMatchObject({
      providers_added: 0,
      providers_updated: 1,
      providers_skipped: 299,
    });
    const fixed = await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM providers WHERE phone = '(000) 000-0000'`,
    );
    expect(fixed.n).toBe(0);
  });

  it('a batch starts one job per state, and each completes on its own', async () => {
    const res = await req('POST', '/api/import/batch', operator, undefined, {
      states: ['NV', 'UT'],
      limit_per_state: 500,
      taxonomy: 'Family Medicine',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { jobs } = res.json() as { jobs: ImportJob[] };
    expect(jobs.map((j) => j.states)).toEqual([['NV'], ['UT']]);
    expect(jobs.every((j) => j.status === 'queued' && j.data_source === 'cms_nppes')).toBe(true);
    const [nv, ut] = await Promise.all(jobs.map((j) => ended(j.job_id)));
    expect(nv!.progress).toMatchObject({ providers_fetched: 450, providers_added: 150 });
    expect(ut!.progress).toMatchObject({ providers_fetched: 260, providers_added: 260 });
  });

  it('splits a state over the registry window and reaches every provider of it', async () => {
    const done = await ended(
      await start({ data_source: 'cms_nppes', states: ['NV'], limit: 2_000, taxonomy: 'Pediatrics' }),
      60_000,
    );
    expect(done.status).toBe('completed');
    expect(done.progress.providers_fetched).toBe(1_500);
    expect(done.notes).toEqual([]);
    for (const q of registry.queries) {
      expect(Number(q.get('limit'))).toBeLessThanOrEqual(200);
      expect(Number(q.get('skip'))).toBeLessThanOrEqual(1_000);
    }
    expect(registry.queries.some((q) => q.get('postal_code')?.endsWith('*'))).toBe(true);
  });
});

describe('cancel and failure', () => {
  it('cancel stops a running job within 5 seconds; only whole blocks stay; a second cancel is a 409', async () => {
    registry.setDelay(700);
    try {
      const id = await start({
        data_source: 'cms_nppes',
        states: ['NV'],
        limit: 1_500,
        taxonomy: 'Pediatrics',
      });
      await eventually(
        async () => ((await job(id)).progress.providers_fetched >= 200 ? true : undefined),
        20_000,
      );
      const res = await req('POST', `/api/import/jobs/${id}/cancel`, operator);
      expect(res.statusCode, res.body).toBe(200);
      expect((res.json() as ImportJob).status).toBe('cancelled');
      const cancelledAt = Date.now();
      const calls = () => registry.queries.length;
      // Within 5 s nothing more is asked of the registry.
      await new Promise((r) => setTimeout(r, 2_500));
      const settled = calls();
      await new Promise((r) => setTimeout(r, 2_500));
      expect(calls()).toBe(settled);
      expect(Date.now() - cancelledAt).toBeLessThan(10_000);
      const final = await job(id);
      expect(final.status).toBe('cancelled');
      expect(final.progress.providers_fetched % 200).toBe(0);
      expect(final.cost_usd).not.toBeNull();
      expectEnvelope(await req('POST', `/api/import/jobs/${id}/cancel`, operator), 409);
    } finally {
      registry.setDelay(0);
    }
  });

  it('cancelling a finished job is a 409 naming its status', async () => {
    const done = await ended(await start({ states: ['UT'], limit: 100 }));
    const res = await req('POST', `/api/import/jobs/${done.job_id}/cancel`, operator);
    expect(expectEnvelope(res, 409).detail).toBe(IMPORT_MESSAGES.notCancellable('completed'));
  });

  it('a registry answering 503 is retried with backoff, then the job fails with the reason recorded', async () => {
    registry.failNext(100, 503);
    try {
      const failed = await ended(await start({ states: ['UT'], limit: 100 }));
      expect(failed.status).toBe('failed');
      expect(failed.error).toMatch(
        /did not answer the query UT Family Medicine after 3 tries \(last: HTTP 503\)/,
      );
      expect(failed.usage.api_calls).toBe(3);
    } finally {
      registry.failNext(0, 503);
    }
  });

  it('a 429 that clears is retried and the job completes', async () => {
    registry.failNext(1, 429);
    const done = await ended(await start({ states: ['UT'], limit: 100 }));
    expect(done.status).toBe('completed');
    expect(done.usage.api_calls).toBe(2);
  });
});

describe('the directory service alone (SERVER_MODULES=directory)', () => {
  it('serves the import API and runs import jobs on its own queue', async () => {
    const alone = await buildTestApp({
      jobs: true,
      env: { SERVER_MODULES: 'directory', NPPES_API_URL: registry.url, NPPES_API_MIN_INTERVAL_MS: '0' },
    });
    try {
      expect((await alone.app.inject({ method: 'POST', url: '/auth/login', payload: {} })).statusCode).toBe(
        404,
      );
      expectEnvelope(await alone.app.inject({ method: 'GET', url: '/api/import/stats' }), 401);
      const ctx = systemContext(alone.app.deps, 'test');
      const [row] = await createJobs(ctx, [
        {
          dataSource: 'cms_nppes',
          states: ['UT'],
          limitPerState: 100,
          taxonomy: 'Family Medicine',
          trigger: 'manual',
          createdBy: null,
        },
      ]);
      const done = await eventually(
        async () => {
          const [j] = await alone.database.query<{ status: string }>(
            'SELECT status FROM import_jobs WHERE id = $1',
            [row!.id],
          );
          return j?.status === 'completed' ? j : undefined;
        },
        30_000,
        'the import on the directory service',
      );
      expect(done.status).toBe('completed');
    } finally {
      await alone.close();
    }
  }, 60_000);
});

describe('live progress', () => {
  it("reaches the platform operators' event streams, and no organization's", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const operatorStream = await openEventStream(base, operator);
    const others = [await openEventStream(base, orgAdmin), await openEventStream(base, coordinator)];
    const done = await ended(await start({ states: ['UT'], limit: 200 }));
    const mine = (e: { type: string; data: unknown }) =>
      e.type === 'import.job_changed' && (e.data as { job: ImportJob }).job.job_id === done.job_id;
    expect(
      await operatorStream.waitFor(() =>
        operatorStream.events.some(
          (e) => mine(e) && (e.data as { job: ImportJob }).job.status === 'completed',
        ),
      ),
    ).toBe(true);
    // Running, a progress block, then completed: each change was announced.
    const statuses = operatorStream.events.filter(mine).map((e) => (e.data as { job: ImportJob }).job.status);
    expect(statuses).toEqual(expect.arrayContaining(['running', 'completed']));
    await t.app.deps.events.publish('test.marker', { kind: 'public' }, {});
    for (const stream of others) {
      expect(await stream.waitForType('test.marker')).toBe(true);
      expect(stream.events.some(mine)).toBe(false);
    }
    for (const stream of [...others, operatorStream]) stream.close();
  });
});
