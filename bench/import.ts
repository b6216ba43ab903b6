import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { IMPORT_STATES, type ImportJob } from '@trust/domain';
import pg from 'pg';
import { generateNppesFileLines } from '../apps/server/src/adapters/registries/nppes-file-fixture.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { lookupZip, zipsOfState } from '../apps/server/src/modules/providers/directory/geography.ts';
import {
  createBenchDatabase,
  machine,
  positiveInt,
  ROOT,
  round,
  runBench,
  signIn,
  startServer,
  tempDir,
} from './lib.ts';

const run = promisify(execFile);

/**
 * The registry file path at scale (issue #18 "Done when"), on PostgreSQL:
 * 1. A generated BENCH_IMPORT_NPPES_ROWS-row (default 1,000,000) NPPES-format file (330 quoted columns) over the
 *    51 states' ZIPs.
 * 2. Plain COPY of that file into a table of 330 text columns (the ceiling: no parsing in Node, no index), run
 *    before and after the import, in a process of its own.
 * 3. The import manager's file path on the same file, in a process of its own: stream, parse, normalise (ZIP
 *    place, services), COPY into the unlogged staging table, one merge into the directory's indexed providers
 *    table. Rows/s as a ratio of plain COPY's (aim ≥ 50 %), and that process's peak RSS (aim ≤ 300 MB).
 * 4. Cancel latency: the real server imports the file as a job (every state, 10,000 each); it is cancelled while
 *    staging; the time until its worker has stopped (its staging table dropped) is the latency (aim ≤ 5 s).
 */
await runBench(async () => {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error(
      'bench:import needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const rows = positiveInt('BENCH_IMPORT_NPPES_ROWS', 1_000_000);

  // --- 1. The file ---
  const dir = tempDir('tm-bench-import-');
  const file = path.join(dir, 'npidata_pfile_bench.csv');
  const places = IMPORT_STATES.flatMap((state) =>
    zipsOfState(state)
      .slice(0, 40)
      .map((zip) => ({ state, zip, city: lookupZip(zip)?.city ?? 'Springfield' })),
  );
  const generatedAt = Date.now();
  const out = fs.createWriteStream(file, { highWaterMark: 4 * 1024 * 1024 });
  let buffer = '';
  for (const line of generateNppesFileLines(rows, places)) {
    buffer += `${line}\n`;
    if (buffer.length > 4 * 1024 * 1024) {
      if (!out.write(buffer)) await new Promise<void>((r) => out.once('drain', () => r()));
      buffer = '';
    }
  }
  out.write(buffer);
  await new Promise<void>((resolve) => out.end(resolve));
  const bytes = fs.statSync(file).size;
  console.error(
    `bench: ${rows.toLocaleString('en-US')}-row NPPES file, ${round(bytes / 1024 / 1024, 0)} MB, generated in ${round((Date.now() - generatedAt) / 1000, 0)} s`,
  );

  // --- 2 and 3. Plain COPY, the import, plain COPY again, each in its own process on one migrated database ---
  const loadUrl = await createBenchDatabase(databaseUrl);
  const database = await openDatabase({ kind: 'postgres', url: loadUrl, poolMax: 2 });
  await migrate(database);
  await database.close();
  const side = async (mode: 'copy' | 'load') => {
    console.error(`bench: ${mode === 'copy' ? 'plain COPY' : 'the import’s file path'}…`);
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/import-loader.ts'), mode, loadUrl, file],
      { cwd: ROOT, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: '' } },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown> & {
      seconds: number;
      rss_peak_mb: number;
    };
  };
  const copy1 = await side('copy');
  const load = await side('load');
  const copy2 = await side('copy');
  const copySeconds = (copy1.seconds + copy2.seconds) / 2;
  const copyRate = rows / copySeconds;
  const loadRate = rows / load.seconds;
  const progress = load.progress as Record<string, number>;
  console.error(`bench: phases ${JSON.stringify(load.phases)}`);
  console.error(
    `bench: plain COPY ${round(copyRate, 0)} rows/s; import ${round(loadRate, 0)} rows/s (${round((100 * loadRate) / copyRate, 1)} %), added ${progress.providers_added}, peak RSS ${load.rss_peak_mb} MB`,
  );

  // --- 4. Cancel latency on the real server ---
  const server = await startServer({ NPPES_FILE_URL: file });
  const token = await signIn(server.base, 'admin@trust.demo', server.password);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const started = await fetch(`${server.base}/api/import/start`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      data_source: 'cms_nppes',
      method: 'file',
      states: [...IMPORT_STATES],
      limit: 10_000,
    }),
  });
  if (!started.ok) throw new Error(`start failed: HTTP ${started.status} ${await started.text()}`);
  const jobId = ((await started.json()) as { job_id: string }).job_id;
  const job = async () =>
    (await (await fetch(`${server.base}/api/import/jobs/${jobId}`, { headers })).json()) as ImportJob;
  for (let i = 0; i < 600 && (await job()).progress.providers_fetched < 100_000; i++)
    await new Promise((r) => setTimeout(r, 100));
  const client = new pg.Client({ connectionString: server.databaseUrl });
  // The bench database is dropped at the end, under this connection.
  client.on('error', () => {});
  await client.connect();
  const staging = `registry_staging_${jobId.replace(/-/g, '')}`;
  const stagingExists = async () =>
    (await client.query('SELECT 1 FROM pg_tables WHERE tablename = $1', [staging])).rowCount === 1;
  const cancelAt = Date.now();
  const cancelled = await fetch(`${server.base}/api/import/jobs/${jobId}/cancel`, {
    method: 'POST',
    headers: { authorization: headers.authorization },
  });
  if (!cancelled.ok) throw new Error(`cancel failed: HTTP ${cancelled.status} ${await cancelled.text()}`);
  while ((await stagingExists()) && Date.now() - cancelAt < 60_000)
    await new Promise((r) => setTimeout(r, 20));
  const cancelMs = Date.now() - cancelAt;
  const merged = (
    await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM providers WHERE data_source = 'cms_nppes'`,
    )
  ).rows[0]!.n;
  await client.end();
  const final = await job();
  console.error(
    `bench: cancelled at ${final.progress.providers_fetched} rows read; the worker stopped ${cancelMs} ms after the cancel; ${merged} providers merged`,
  );

  console.log('');
  console.log(
    `Trust Marketplace import bench: postgres, ${rows.toLocaleString('en-US')}-row NPPES file (${round(bytes / 1024 / 1024, 0)} MB), ${os.cpus().length} cpus, node ${process.version}`,
  );
  console.log(
    `plain COPY:      ${round(copyRate, 0)} rows/s (${round(copy1.seconds, 1)} s, ${round(copy2.seconds, 1)} s)`,
  );
  console.log(
    `import (file):   ${round(loadRate, 0)} rows/s (${round(load.seconds, 1)} s) = ${round((100 * loadRate) / copyRate, 1)} % of plain COPY; peak RSS ${load.rss_peak_mb} MB`,
  );
  console.log(`cancel latency:  ${cancelMs} ms (staging dropped; ${merged} providers merged)`);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'import',
      date: new Date().toISOString(),
      machine: machine(),
      rows,
      bytes,
      plain_copy: { rows_per_s: round(copyRate, 0), runs: [copy1, copy2] },
      import: { rows_per_s: round(loadRate, 0), ratio: round(loadRate / copyRate, 3), ...load },
      cancel: {
        latency_ms: cancelMs,
        rows_read: final.progress.providers_fetched,
        merged,
        status: final.status,
      },
    }),
  );
});
