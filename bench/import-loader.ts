import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { emptyImportProgress, emptyImportUsage, IMPORT_STATES } from '@trust/domain';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { NPPES_FILE_COLUMNS } from '../apps/server/src/adapters/registries/nppes-file-format.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runFileImport } from '../apps/server/src/modules/providers/provider-imports/file-import.ts';
import * as repo from '../apps/server/src/modules/providers/provider-imports/repo.ts';
import { UsageMeter } from '../apps/server/src/modules/providers/provider-imports/usage-meter.ts';
import type { ServiceContext } from '../apps/server/src/platform/context.ts';
import type { AppDeps } from '../apps/server/src/platform/deps.ts';

// One side of `npm run bench:import`, in a process of its own so its peak memory is its own (VmHWM):
//   copy <database-url> <file>  plain COPY of the file into a table of 330 text columns (the ceiling);
//   load <database-url> <file>  the import manager's file path (stream, parse, normalise, COPY into staging,
//                               one merge into the directory), every state, no limit.
// Prints one JSON line with its figures.

const [mode, url, file] = process.argv.slice(2);
if (!mode || !url || !file) throw new Error('usage: import-loader.ts copy|load <database-url> <file>');

function peakRssMb(): number {
  const status = fs.readFileSync('/proc/self/status', 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

if (mode === 'copy') {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('DROP TABLE IF EXISTS bench_plain_copy');
  await client.query(
    `CREATE UNLOGGED TABLE bench_plain_copy (${NPPES_FILE_COLUMNS.map((_, i) => `c${i} text`).join(', ')})`,
  );
  const started = Date.now();
  const sink = client.query(copyFrom('COPY bench_plain_copy FROM STDIN WITH (FORMAT csv, HEADER true)'));
  await pipeline(fs.createReadStream(file, { highWaterMark: 1024 * 1024 }), sink);
  const seconds = (Date.now() - started) / 1000;
  const rows = Number(sink.rowCount);
  await client.query('DROP TABLE bench_plain_copy');
  await client.end();
  console.log(JSON.stringify({ mode, rows, seconds, rss_peak_mb: peakRssMb() }));
} else {
  const database = await openDatabase({ kind: 'postgres', url, poolMax: 4 });
  const config = loadConfig({ ...process.env, NPPES_FILE_URL: file, LOG_LEVEL: 'silent' });
  const phases: unknown[] = [];
  const log = { error() {}, warn() {}, info: (o: unknown) => phases.push(o), debug() {} };
  const ctx = {
    deps: { config, database, log } as unknown as AppDeps,
    db: database.db,
    actor: { kind: 'system', job: 'bench' },
    meta: { ip: null, userAgent: null, requestId: null },
    log,
  } as ServiceContext;
  const [job] = await repo.insertJobs(database.db, [
    {
      status: 'running',
      dataSource: 'cms_nppes',
      method: 'file',
      states: [...IMPORT_STATES],
      limitPerState: 100_000_000,
      taxonomy: null,
      progress: emptyImportProgress(),
      usage: emptyImportUsage(),
      startedAt: new Date(),
    },
  ]);
  const meter = new UsageMeter(emptyImportUsage());
  const started = Date.now();
  const final = await runFileImport(ctx, job!, job!.progress, {
    signal: new AbortController().signal,
    meter,
    report: async () => {},
    commit: async () => true,
  });
  const seconds = (Date.now() - started) / 1000;
  await database.close();
  console.log(
    JSON.stringify({
      mode,
      seconds,
      progress: final,
      usage: meter.snapshot(),
      phases,
      rss_peak_mb: peakRssMb(),
    }),
  );
}
