import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DIRECTORY_STALE_AFTER_DAYS_DEFAULT, staleBefore } from '@trust/domain';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { nearest } from '../apps/server/src/modules/providers/directory/repo.ts';
import {
  type Case,
  CONNECTIONS,
  DURATION_S,
  machine,
  measureAgainstCeiling,
  percentile,
  positiveInt,
  printTable,
  round,
  runBench,
  startHello,
  startServer,
  tempDir,
  WARMUP_S,
} from './lib.ts';
import { DENSE_CENTER, generateProviders, SPARSE_CENTER } from './provider-generator.ts';

/**
 * The directory's nearest-N search at scale (issue #5 "Performance"): BENCH_PROVIDERS generated providers
 * (default 2,000,000 on PostgreSQL when DATABASE_URL is set, 200,000 on PGlite otherwise), a tenth of them
 * within 50 miles of downtown Houston and the rest uniform over the US. For the dense metro and for a sparse
 * point: the nearest 4 within 50 miles offering "Food Assistance", as the query (the directory's own query
 * behind nearestProviders, sequentially, p50/p99) and as GET /directory/search/radius at BENCH_CONNECTIONS,
 * against the hello-world ceiling and against a full-scan haversine over the same table.
 */
const SERVICE = 'Food Assistance';
const QUERY_RUNS = positiveInt('BENCH_QUERY_RUNS', 300);
const SCAN_RUNS = positiveInt('BENCH_SCAN_RUNS', 5);

const FULL_SCAN = `
  SELECT id, d FROM (
    SELECT id, 2 * 3959 * asin(sqrt(power(sin(radians(latitude - $1) / 2), 2)
             + cos(radians($1)) * cos(radians(latitude)) * power(sin(radians(longitude - $2) / 2), 2))) AS d
      FROM providers
     WHERE latitude IS NOT NULL AND longitude IS NOT NULL AND services && ARRAY[$3]::text[]
  ) s
  WHERE d <= 50 ORDER BY d LIMIT 4`;

/**
 * The query of tm_nearest_providers (migrations 0003 and 0006) as the function plans it, for EXPLAIN ANALYZE; a
 * signed-out viewer (NULL), as the public directory asks.
 */
const INDEXED = `
  SELECT p.id FROM providers p
   WHERE p.latitude IS NOT NULL AND p.longitude IS NOT NULL
     AND earth_box(ll_to_earth($1, $2), 80467.2) @> ll_to_earth(p.latitude, p.longitude)
     AND earth_distance(ll_to_earth(p.latitude, p.longitude), ll_to_earth($1, $2)) <= 80467.2
     AND tm_provider_visible(p.source, p.verified_at, p.owner_organization_id, NULL::int)
     AND p.services && ARRAY[$3]::text[]
   ORDER BY ll_to_earth(p.latitude, p.longitude) <-> ll_to_earth($1, $2) LIMIT 4`;

type Point = { latitude: number; longitude: number };

/** Execution time inside the database (EXPLAIN ANALYZE), without the round trip, planning or the client. */
async function executionTimes(database: Database, sqlText: string, point: Point, runs: number) {
  const literal = sqlText
    .replaceAll('$1', String(point.latitude))
    .replaceAll('$2', String(point.longitude))
    .replaceAll('$3', `'${SERVICE}'`);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    // As the function runs it: bitmap scans off for this transaction only.
    const rows = await database.exec(
      `BEGIN; SET LOCAL enable_bitmapscan = off; EXPLAIN (ANALYZE, FORMAT JSON) ${literal}`,
    );
    await database.exec('COMMIT');
    const plan = rows[0]?.['QUERY PLAN'] as unknown;
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { 'Execution Time': number }[];
    samples.push(parsed[0]!['Execution Time']);
  }
  return { p50_ms: round(percentile(samples, 50), 3), p99_ms: round(percentile(samples, 99), 3), runs };
}
type QueryFigures = { p50_ms: number; p99_ms: number; runs: number };

async function time(runs: number, fn: () => Promise<unknown>): Promise<QueryFigures> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    samples.push(performance.now() - started);
  }
  return { p50_ms: round(percentile(samples, 50), 3), p99_ms: round(percentile(samples, 99), 3), runs };
}

async function measureQueries(database: Database, label: string, point: Point) {
  // As auto-match asks it: the out-of-date demotion on (the generated listings are all confirmed now).
  const before = staleBefore(new Date(), DIRECTORY_STALE_AFTER_DAYS_DEFAULT);
  const indexed = () => nearest(database.db, null, point, 50, 4, { services: [SERVICE] }, before);
  const scan = () =>
    database.query<{ id: number; d: number }>(FULL_SCAN, [point.latitude, point.longitude, SERVICE]);
  // Both must find the same providers, or the comparison means nothing.
  const a = (await indexed()).map((r) => r.row.id);
  const b = (await scan()).map((r) => r.id);
  if (a.join() !== b.join()) throw new Error(`${label}: index search found ${a} but the full scan ${b}`);
  for (let i = 0; i < 20; i++) await indexed();
  const index = await time(QUERY_RUNS, indexed);
  const fullScan = await time(SCAN_RUNS, scan);
  const indexExecution = await executionTimes(database, INDEXED, point, QUERY_RUNS);
  const scanExecution = await executionTimes(database, FULL_SCAN, point, SCAN_RUNS);
  console.error(
    `  ${label}: index p50 ${index.p50_ms} ms p99 ${index.p99_ms} ms; full scan p50 ${fullScan.p50_ms} ms`,
  );
  return {
    label,
    found: a.length,
    index,
    full_scan: fullScan,
    speedup_p50: round(fullScan.p50_ms / index.p50_ms, 0),
    index_execution: indexExecution,
    full_scan_execution: scanExecution,
    execution_speedup_p50: round(scanExecution.p50_ms / indexExecution.p50_ms, 0),
  };
}

await runBench(async () => {
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const count = positiveInt('BENCH_PROVIDERS', onPostgres ? 2_000_000 : 200_000);
  const dense = Math.round(count / 10);
  const helloUrl = await startHello();
  const progress = (done: number) => process.stderr.write(`\r  providers: ${done.toLocaleString('en-US')}`);

  const cases = [
    { label: 'dense metro (Houston, 10 % of all providers within 50 mi)', point: DENSE_CENTER },
    { label: 'elsewhere (central Kansas)', point: SPARSE_CENTER },
  ];
  const measureAll = async (database: Database) => {
    const figures: Awaited<ReturnType<typeof measureQueries>>[] = [];
    for (const c of cases) figures.push(await measureQueries(database, c.label, c.point));
    return figures;
  };

  let server: Awaited<ReturnType<typeof startServer>>;
  let load: { loadS: number; indexS: number };
  let queries: Awaited<ReturnType<typeof measureQueries>>[];
  if (onPostgres) {
    server = await startServer();
    const database = await openDatabase({ kind: 'postgres', url: server.databaseUrl!, poolMax: 2 });
    console.error(`bench: generating ${count.toLocaleString('en-US')} providers…`);
    load = await generateProviders(database, { count, dense, onProgress: progress });
    console.error(
      `\nbench: loaded in ${round(load.loadS, 1)} s, indexes built in ${round(load.indexS, 1)} s`,
    );
    queries = await measureAll(database);
    await database.close();
  } else {
    // PGlite is one process with one connection: load and time the queries before the server opens the same
    // data directory.
    const dataDir = tempDir('tm-bench-directory-');
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
    await migrate(database);
    console.error(`bench: generating ${count.toLocaleString('en-US')} providers in PGlite…`);
    load = await generateProviders(database, { count, dense, onProgress: progress });
    console.error(
      `\nbench: loaded in ${round(load.loadS, 1)} s, indexes built in ${round(load.indexS, 1)} s`,
    );
    queries = await measureAll(database);
    await database.close();
    server = await startServer({ DATA_DIR: dataDir });
  }
  const search = (p: Point) =>
    `${server.base}/directory/search/radius?latitude=${p.latitude}&longitude=${p.longitude}&radius_miles=50&limit=4&services=${encodeURIComponent(SERVICE)}`;

  const http = await measureAgainstCeiling([
    { name: 'hello-world (ceiling)', url: helloUrl },
    ...cases.map((c) => ({ name: `GET /directory/search/radius: ${c.label}`, url: search(c.point) })),
  ] satisfies Case[]);

  console.log('');
  console.log(
    `Trust Marketplace directory bench: ${server.databaseKind}, ${count.toLocaleString('en-US')} providers (${dense.toLocaleString('en-US')} within 50 mi of Houston), ${os.cpus().length} cpus, node ${process.version}`,
  );
  for (const q of queries) {
    console.log(
      `query ${q.label}: index p50 ${q.index.p50_ms} ms, p99 ${q.index.p99_ms} ms; full-scan haversine p50 ${q.full_scan.p50_ms} ms (${q.speedup_p50}× slower); in the database: index p50 ${q.index_execution.p50_ms} ms, p99 ${q.index_execution.p99_ms} ms, full scan p50 ${q.full_scan_execution.p50_ms} ms (${q.execution_speedup_p50}×)`,
    );
  }
  printTable(http);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'directory',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      providers: count,
      dense_metro_providers: dense,
      load_s: round(load.loadS, 1),
      index_build_s: round(load.indexS, 1),
      queries,
      connections: CONNECTIONS,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: http,
    }),
  );
});
