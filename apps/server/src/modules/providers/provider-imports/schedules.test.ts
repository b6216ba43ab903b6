import {
  IMPORT_DEPENDENCY_MESSAGES,
  IMPORT_SCHEDULE_MESSAGES,
  type ImportDependency,
  type ImportJob,
  type ImportMonthlyCost,
  type ImportRecommendation,
  type ImportSchedule,
  type ImportTrend,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  eventually,
  expectEnvelope,
  login,
  type TestApp,
} from '../../../../test/helpers.ts';
import { nppesPopulation } from '../../../adapters/registries/nppes-fixture.ts';
import {
  type RegistryFixtureServer,
  startRegistryFixtureServer,
} from '../../../adapters/registries/registry-fixture-server.ts';
import { systemContext } from '../../../platform/context.ts';
import { zipsOfState } from '../directory/geography.ts';
import { runDueSchedules } from './schedules-service.ts';

// Issue #18 items 3–6: schedules (defaults, limits, presets and custom cron, toggle, run now, delete, the tick
// that runs each due schedule once), dependencies (types, the cycle refused with its path, execution order,
// dependents run when their type is satisfied), costs from the runs' recorded usage, and recommendations.

let t: TestApp;
let registry: RegistryFixtureServer;
let req: ReturnType<typeof apiOf>;
let operator: string;
let orgAdmin: string;

beforeAll(async () => {
  registry = await startRegistryFixtureServer(
    nppesPopulation([
      { state: 'WY', taxonomy: 'Family Medicine', count: 150, zips: zipsOfState('WY') },
      { state: 'VT', taxonomy: 'Family Medicine', count: 120, zips: zipsOfState('VT') },
      { state: 'ND', taxonomy: 'Family Medicine', count: 110, zips: zipsOfState('ND') },
    ]),
  );
  t = await buildTestApp({
    jobs: true,
    env: {
      NPPES_API_URL: registry.url,
      NPPES_API_MIN_INTERVAL_MS: '0',
      NPPES_API_BACKOFF_MS: '5',
      NPPES_API_RETRIES: '0',
      // A cent a registry call, so the costs below are exact sums of the recorded calls.
      IMPORT_COST_PER_API_CALL: '0.01',
      IMPORT_COST_PER_CPU_HOUR: '0',
    },
  });
  req = apiOf(t);
  operator = await login(t.app, 'admin@trust.demo');
  orgAdmin = await login(t.app, 'orgadmin@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  await registry?.close();
});

async function create(body: object): Promise<ImportSchedule> {
  const res = await req('POST', '/api/import/schedules', operator, undefined, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ImportSchedule;
}

async function schedule(id: number): Promise<ImportSchedule> {
  const list = (await req('GET', '/api/import/schedules', operator)).json() as {
    schedules: ImportSchedule[];
  };
  return list.schedules.find((s) => s.id === id) as ImportSchedule;
}

async function jobsOf(id: number): Promise<ImportJob[]> {
  const rows = await t.database.query<{ id: string }>(
    'SELECT id FROM import_jobs WHERE schedule_id = $1 ORDER BY created_at',
    [id],
  );
  return Promise.all(
    rows.map(async (r) => (await req('GET', `/api/import/jobs/${r.id}`, operator)).json() as ImportJob),
  );
}

async function settled(id: number, runs: number): Promise<ImportSchedule> {
  return eventually(
    async () => {
      const s = await schedule(id);
      return s.total_runs >= runs && s.last_status !== 'running' && s.last_status !== 'queued'
        ? s
        : undefined;
    },
    30_000,
    `schedule ${id} to finish ${runs} runs`,
  );
}

async function runNow(id: number): Promise<ImportJob> {
  const res = await req('POST', `/api/import/schedules/${id}/run`, operator);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { job: ImportJob }).job;
}

describe('schedules', () => {
  it('creates with the spec’s defaults: cms_nppes, weekly (Mondays 02:00 UTC), CA, 5,000 a run, enabled', async () => {
    const s = await create({ name: 'California weekly' });
    expect(s).toMatchObject({
      name: 'California weekly',
      data_source: 'cms_nppes',
      frequency: 'weekly',
      cron_expression: '0 2 * * 1',
      states: ['CA'],
      limit_per_run: 5000,
      enabled: true,
      successful_runs: 0,
      total_runs: 0,
      last_run: null,
      last_status: null,
    });
    const next = new Date(s.next_run!);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(2);
    expect(next.getTime()).toBeGreaterThan(Date.now());
  });

  it.each([
    [{}, IMPORT_SCHEDULE_MESSAGES.nameRequired],
    [{ name: 'x', limit_per_run: 50 }, IMPORT_SCHEDULE_MESSAGES.limitRange],
    [{ name: 'x', limit_per_run: 60_000 }, IMPORT_SCHEDULE_MESSAGES.limitRange],
    [{ name: 'x', frequency: 'hourly' }, IMPORT_SCHEDULE_MESSAGES.frequencyUnknown],
    [{ name: 'x', frequency: 'custom' }, IMPORT_SCHEDULE_MESSAGES.cronRequired],
    [{ name: 'x', frequency: 'custom', cron_expression: '61 * * * *' }, 'Invalid cron expression'],
    [{ name: 'x', states: [] }, 'Please select at least one state'],
  ])('refuses %j with a 400 naming the problem', async (body, message) => {
    const res = await req('POST', '/api/import/schedules', operator, undefined, body);
    expect(JSON.stringify(expectEnvelope(res, 400))).toContain(message);
  });

  it('is for platform operators only', async () => {
    for (const [method, url] of [
      ['GET', '/api/import/schedules'],
      ['POST', '/api/import/schedules'],
      ['POST', '/api/import/schedules/1/run'],
      ['GET', '/api/import/costs/monthly'],
    ] as const) {
      expectEnvelope(
        await req(method, url, orgAdmin, undefined, method === 'POST' ? { name: 'x' } : undefined),
        403,
      );
      expectEnvelope(
        await req(method, url, null, undefined, method === 'POST' ? { name: 'x' } : undefined),
        401,
      );
    }
  });

  it('changes timing to a custom cron and shows the next run; toggles; deletes with 404 after', async () => {
    const s = await create({ name: 'Timing', frequency: 'daily' });
    expect(s.cron_expression).toBe('0 2 * * *');
    const res = await req('PUT', `/api/import/schedules/${s.id}`, operator, undefined, {
      frequency: 'custom',
      cron_expression: '30 4 * * 3',
    });
    const updated = res.json() as ImportSchedule;
    expect(updated).toMatchObject({ frequency: 'custom', cron_expression: '30 4 * * 3' });
    expect(new Date(updated.next_run!).getUTCDay()).toBe(3);
    const off = (
      await req('POST', `/api/import/schedules/${s.id}/toggle`, operator)
    ).json() as ImportSchedule;
    expect(off).toMatchObject({ enabled: false, next_run: null });
    const on = (await req('POST', `/api/import/schedules/${s.id}/toggle`, operator)).json() as ImportSchedule;
    expect(on.enabled).toBe(true);
    expect(on.next_run).not.toBeNull();
    expect((await req('DELETE', `/api/import/schedules/${s.id}`, operator)).statusCode).toBe(200);
    expectEnvelope(await req('DELETE', `/api/import/schedules/${s.id}`, operator), 404);
    expectEnvelope(await req('POST', `/api/import/schedules/${s.id}/toggle`, operator), 404);
    expectEnvelope(
      await req('PUT', `/api/import/schedules/${s.id}`, operator, undefined, { frequency: 'daily' }),
      404,
    );
  });

  it('runs now: a job of the schedule whose end is counted; a second run while one is going is a 409', async () => {
    registry.setDelay(300);
    const s = await create({ name: 'Wyoming', states: ['WY'], limit_per_run: 200, frequency: 'monthly' });
    const job = await runNow(s.id);
    expect(job).toMatchObject({ schedule_id: s.id, states: ['WY'], limit: 200, status: 'queued' });
    expectEnvelope(await req('POST', `/api/import/schedules/${s.id}/run`, operator), 409);
    registry.setDelay(0);
    const done = await settled(s.id, 1);
    expect(done).toMatchObject({
      total_runs: 1,
      successful_runs: 1,
      last_status: 'completed',
      last_job_id: job.job_id,
    });
    expect(done.last_run).not.toBeNull();
    expect(done.next_run).toBe(s.next_run);
  });

  it('the tick starts a due schedule once, however many ticks run at once, and sets its next run', async () => {
    const s = await create({ name: 'Vermont', states: ['VT'], limit_per_run: 100, frequency: 'daily' });
    await t.database.query(
      `UPDATE import_schedules SET next_run_at = now() - interval '1 minute' WHERE id = $1`,
      [s.id],
    );
    const ctx = systemContext(t.app.deps, 'test');
    const started = await Promise.all([runDueSchedules(ctx), runDueSchedules(ctx), runDueSchedules(ctx)]);
    expect(started.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const after = await settled(s.id, 1);
    expect((await jobsOf(s.id)).filter((j) => j.schedule_id === s.id)).toHaveLength(1);
    expect(new Date(after.next_run!).getTime()).toBeGreaterThan(Date.now());
    expect(await runDueSchedules(ctx)).toBe(0);
  });
});

describe('dependencies', () => {
  let a: ImportSchedule;
  let b: ImportSchedule;
  let c: ImportSchedule;
  let d: ImportSchedule;

  beforeAll(async () => {
    // A imports North Dakota, which nothing imported before: its first run changes the directory.
    a = await create({ name: 'A: North Dakota', states: ['ND'], limit_per_run: 100, frequency: 'monthly' });
    b = await create({ name: 'B: Vermont', states: ['VT'], limit_per_run: 100, frequency: 'monthly' });
    c = await create({ name: 'C: Wyoming again', states: ['WY'], limit_per_run: 100, frequency: 'monthly' });
    d = await create({ name: 'D: conditional', states: ['VT'], limit_per_run: 100, frequency: 'monthly' });
  });

  const add = (id: number, body: object) =>
    req('POST', `/api/import/schedules/${id}/dependencies`, operator, undefined, body);

  it('adds dependencies of each type and lists them', async () => {
    const ab = (await add(b.id, { depends_on_schedule_id: a.id })).json() as ImportDependency;
    expect(ab).toMatchObject({ schedule_id: b.id, depends_on_schedule_id: a.id, dependency_type: 'success' });
    expect(
      (await add(c.id, { depends_on_schedule_id: b.id, dependency_type: 'completion' })).statusCode,
    ).toBe(200);
    expect(
      (await add(d.id, { depends_on_schedule_id: a.id, dependency_type: 'conditional' })).statusCode,
    ).toBe(200);
    const list = (await req('GET', `/api/import/schedules/${b.id}/dependencies`, operator)).json() as {
      dependencies: ImportDependency[];
    };
    expect(list.dependencies.map((x) => [x.schedule_id, x.depends_on_schedule_id])).toEqual([
      [b.id, a.id],
      [c.id, b.id],
    ]);
  });

  it('refuses a cycle with a 409 naming it, a schedule on itself, a repeat and an unknown schedule', async () => {
    const cycle = expectEnvelope(await add(a.id, { depends_on_schedule_id: c.id }), 409);
    expect(cycle.detail).toBe(IMPORT_DEPENDENCY_MESSAGES.cycle([a.name, c.name, b.name, a.name]));
    expect(expectEnvelope(await add(a.id, { depends_on_schedule_id: a.id }), 400).detail).toBe(
      IMPORT_DEPENDENCY_MESSAGES.self,
    );
    expect(expectEnvelope(await add(b.id, { depends_on_schedule_id: a.id }), 409).detail).toBe(
      IMPORT_DEPENDENCY_MESSAGES.exists,
    );
    expectEnvelope(await add(b.id, { depends_on_schedule_id: 999_999 }), 400);
    expectEnvelope(await add(999_999, { depends_on_schedule_id: a.id }), 404);
    expectEnvelope(await add(b.id, { depends_on_schedule_id: a.id, dependency_type: 'sometimes' }), 400);
  });

  it('orders execution topologically', async () => {
    const res = await req(
      'GET',
      `/api/import/schedules/execution-order?schedule_ids=${c.id}&schedule_ids=${d.id}&schedule_ids=${a.id}&schedule_ids=${b.id}`,
      operator,
    );
    expect(res.json()).toEqual({ execution_order: [a.id, b.id, c.id, d.id] });
    expectEnvelope(
      await req('GET', '/api/import/schedules/execution-order?schedule_ids=999999', operator),
      400,
    );
  });

  it('when a run ends its satisfied dependents run: success then completion; conditional only if it changed the directory', async () => {
    await runNow(a.id);
    await settled(c.id, 1);
    for (const s of [a, b, c, d]) expect((await schedule(s.id)).total_runs).toBe(1);
    const triggers = (await jobsOf(b.id)).map((j) => j.status);
    expect(triggers).toEqual(['completed']);
    // A again: North Dakota is unchanged now (nothing added or updated), so the conditional D does not run again.
    await runNow(a.id);
    await settled(c.id, 2);
    expect((await schedule(d.id)).total_runs).toBe(1);
    expect((await schedule(b.id)).total_runs).toBe(2);
  });

  it('a failed run starts completion dependents but not success ones', async () => {
    registry.failNext(1, 503);
    await runNow(b.id);
    const failedB = await settled(b.id, 3);
    expect(failedB.last_status).toBe('failed');
    expect(failedB.successful_runs).toBe(2);
    // C depends on B by completion: it ran a third time.
    await settled(c.id, 3);
  });
});

describe('costs and recommendations', () => {
  it('sums the month’s runs by type and source from their recorded usage', async () => {
    const res = await req('GET', '/api/import/costs/monthly', operator);
    const month = res.json() as ImportMonthlyCost;
    const [row] = await t.database.query<{ calls: number; runs: number }>(
      `SELECT sum((usage->>'api_calls')::int)::int AS calls, count(*)::int AS runs FROM import_jobs WHERE completed_at IS NOT NULL`,
    );
    expect(month.billing_period).toBe(new Date().toISOString().slice(0, 7));
    expect(month.runs).toBe(row!.runs);
    expect(month.total).toBeCloseTo(row!.calls * 0.01, 6);
    expect(month.by_type.api_calls!.total).toBeCloseTo(row!.calls * 0.01, 6);
    expect(month.by_source.cms_nppes!.count).toBe(row!.runs);
    const empty = (await req('GET', '/api/import/costs/monthly?billing_period=2020-01', operator)).json();
    expect(empty).toMatchObject({ billing_period: '2020-01', total: 0, runs: 0, by_type: {}, by_source: {} });
    expectEnvelope(await req('GET', '/api/import/costs/monthly?billing_period=2020-13', operator), 400);
  });

  it('gives a schedule’s 6-month trend with this month’s runs last', async () => {
    const s = (await req('GET', '/api/import/schedules', operator)).json().schedules[0] as ImportSchedule;
    const trend = (
      await req('GET', `/api/import/costs/schedule/${s.id}/trend?months=6`, operator)
    ).json() as ImportTrend;
    expect(trend.trend).toHaveLength(6);
    expect(trend.trend.at(-1)!.period).toBe(new Date().toISOString().slice(0, 7));
    expect(trend.trend.slice(0, 5).every((m) => m.cost === 0 && m.runs === 0)).toBe(true);
    expectEnvelope(await req('GET', '/api/import/costs/schedule/999999/trend', operator), 404);
    expectEnvelope(await req('GET', `/api/import/costs/schedule/${s.id}/trend?months=30`, operator), 400);
  });

  it('recommends a time only after 5 runs, from the runs’ recorded times, durations and failures', async () => {
    const s = await create({ name: 'Recommend me', states: ['WY'], limit_per_run: 100 });
    const early = expectEnvelope(
      await req('GET', `/api/import/schedules/${s.id}/optimal-time`, operator),
      422,
    );
    expect(early.detail).toBe('Recommendations need at least 5 runs; this schedule has 0.');
    // Ten runs recorded over past weeks: Tuesdays 03:00 quick, Thursdays 14:00 slow and failing.
    for (let week = 0; week < 5; week++) {
      for (const [day, hour, minutes, status] of [
        [1, 3, 10, 'completed'],
        [3, 14, 30, week % 2 ? 'failed' : 'completed'],
      ] as const) {
        // September 2026: the 1st is a Tuesday, the 3rd a Thursday.
        const started = new Date(Date.UTC(2026, 8, day + 7 * week, hour));
        await t.database.query(
          `INSERT INTO import_jobs (status, data_source, states, limit_per_state, schedule_id, trigger, progress, usage,
             started_at, completed_at, cost_usd)
           VALUES ($1, 'cms_nppes', '{WY}', 100, $2, 'schedule', '{}'::jsonb, $3::jsonb, $4, $5, 0)`,
          [
            status,
            s.id,
            JSON.stringify({
              api_calls: 1,
              bytes_downloaded: 0,
              rows_written: 0,
              cpu_seconds: 0,
              duration_ms: minutes * 60_000,
            }),
            started,
            new Date(started.getTime() + minutes * 60_000),
          ],
        );
      }
    }
    const r = (
      await req('GET', `/api/import/schedules/${s.id}/optimal-time`, operator)
    ).json() as ImportRecommendation;
    expect(r).toMatchObject({
      suggested_day: 2,
      suggested_hour: 3,
      cron_expression: '0 3 * * 2',
      runs_considered: 10,
    });
    expect(r.confidence).toBeGreaterThanOrEqual(0.7);
    // Applying it: a custom weekly cron at that hour and weekday.
    const applied = (
      await req('PUT', `/api/import/schedules/${s.id}`, operator, undefined, {
        frequency: 'custom',
        cron_expression: r.cron_expression,
      })
    ).json() as ImportSchedule;
    expect(applied).toMatchObject({ frequency: 'custom', cron_expression: '0 3 * * 2' });
  });
});
