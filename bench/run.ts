import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Child, freePort, startChild, stopChild, waitForHttp } from '../scripts/lib/processes.ts';

/**
 * HTTP throughput of the server against the ceiling of this machine (a bare Fastify hello-world).
 *
 * The machine is shared and noisy, so the figures that mean something are the ratios to the ceiling measured
 * in the same run, not the absolute requests per second. See RESULTS.md.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = positiveInt('BENCH_DURATION', 10);
const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);
const WARMUP_S = 3;
const DEMO_PASSWORD = `Bench-${randomBytes(6).toString('hex')}!`;

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive integer (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

type Case = { name: string; url: string; headers?: Record<string, string> };

type Figures = {
  case: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  ratio_to_ceiling: number;
};

// Everything started or created here, undone in `cleanUp` whatever happens.
const children: Child[] = [];
const tempDirs: string[] = [];
let dropDatabase: (() => Promise<void>) | undefined;
let cleaning: Promise<void> | undefined;

function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled(children.map((c) => stopChild(c)));
    if (dropDatabase) {
      try {
        await dropDatabase();
      } catch (err) {
        console.error(`could not drop the bench database: ${err instanceof Error ? err.message : err}`);
      }
    }
    for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  })();
  return cleaning;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the children and cleaning up`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database on the server named by DATABASE_URL, dropped at the end. */
async function createBenchDatabase(url: string): Promise<string> {
  const name = `tm_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return withDatabase(url, name);
}

async function load(c: Case, durationS: number): Promise<autocannon.Result> {
  return autocannon({
    url: c.url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: durationS,
    headers: c.headers,
  });
}

async function measure(c: Case): Promise<Omit<Figures, 'ratio_to_ceiling'>> {
  process.stderr.write(`  ${c.name}: warm-up ${WARMUP_S} s… `);
  await load(c, WARMUP_S);
  process.stderr.write(`measuring ${DURATION_S} s… `);
  const r = await load(c, DURATION_S);
  process.stderr.write(`${Math.round(r.requests.average)} req/s\n`);
  return {
    case: c.name,
    requests_per_s: round(r.requests.average, 1),
    p50_ms: round(r.latency.p50, 2),
    p99_ms: round(r.latency.p99, 2),
    requests: r.requests.total,
    errors: r.errors,
    timeouts: r.timeouts,
    non_2xx: r.non2xx,
  };
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function printTable(rows: Figures[]) {
  const header = ['case', 'req/s (mean)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs ceiling'];
  const body = rows.map((r) => [
    r.case,
    r.requests_per_s.toFixed(0),
    r.p50_ms.toFixed(1),
    r.p99_ms.toFixed(1),
    String(r.errors),
    String(r.non_2xx),
    `${(r.ratio_to_ceiling * 100).toFixed(1)}%`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const databaseKind = databaseUrl ? 'postgres' : 'pglite';

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));
  tempDirs.push(dataDir);
  const serverDatabaseUrl = databaseUrl ? await createBenchDatabase(databaseUrl) : undefined;

  const [serverPort, helloPort] = [await freePort(), await freePort()];
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(serverPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS: 'on',
    DEMO_DATA: 'on',
    DEMO_PASSWORD,
  };
  delete serverEnv.DATABASE_URL;
  if (serverDatabaseUrl) serverEnv.DATABASE_URL = serverDatabaseUrl;

  console.error(`bench: starting the server on :${serverPort} (${databaseKind}, fresh demo data)…`);
  const startedAt = Date.now();
  const server = startChild('server', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: serverEnv,
  });
  children.push(server);
  const hello = startChild('hello', ['--import', 'tsx', 'bench/hello.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(helloPort) },
  });
  children.push(hello);

  const base = `http://127.0.0.1:${serverPort}`;
  await waitForHttp(`http://127.0.0.1:${helloPort}/`, hello, 30_000);
  await waitForHttp(`${base}/health`, server, 300_000);
  const startupS = round((Date.now() - startedAt) / 1000, 1);
  const health = (await (await fetch(`${base}/health`)).json()) as Record<string, unknown>;
  console.error(
    `bench: server ready in ${startupS} s (database ${String(health.database)}, ${String(health.providers_count)} providers)`,
  );

  // One successful login: the login route is rate-limited per account, and the token is all /auth/me needs.
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'coordinator@trust.demo', password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: HTTP ${login.status} ${await login.text()}`);
  const token = ((await login.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('login answered without an access_token');
  const me = await fetch(`${base}/auth/me`, { headers: { authorization: `Bearer ${token}` } });
  if (!me.ok) throw new Error(`GET /auth/me with the token failed: HTTP ${me.status}`);

  const cases: Case[] = [
    { name: 'hello-world (ceiling)', url: `http://127.0.0.1:${helloPort}/` },
    { name: 'GET /health', url: `${base}/health` },
    { name: 'GET /auth/me', url: `${base}/auth/me`, headers: { authorization: `Bearer ${token}` } },
  ];

  console.error(
    `bench: ${CONNECTIONS} connections, pipelining 1, ${WARMUP_S} s warm-up (discarded) + ${DURATION_S} s per case`,
  );
  const measured: Omit<Figures, 'ratio_to_ceiling'>[] = [];
  for (const c of cases) measured.push(await measure(c));
  const ceiling = measured[0]!.requests_per_s;
  const rows: Figures[] = measured.map((m) => ({
    ...m,
    ratio_to_ceiling: ceiling > 0 ? round(m.requests_per_s / ceiling, 3) : 0,
  }));

  console.log('');
  console.log(
    `Trust Marketplace HTTP bench: ${databaseKind}, ${os.cpus().length} cpus, node ${process.version}`,
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'http',
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        cpu_model: os.cpus()[0]?.model ?? 'unknown',
        memory_mb: Math.round(os.totalmem() / 1024 / 1024),
        node: process.version,
        platform: `${os.platform()} ${os.release()}`,
      },
      database: databaseKind,
      connections: CONNECTIONS,
      pipelining: 1,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      server_startup_s: startupS,
      providers_count: health.providers_count ?? null,
      cases: rows,
    }),
  );
}

let exitCode = 0;
try {
  await main();
} catch (err) {
  console.error(`bench failed: ${err instanceof Error ? err.message : err}`);
  exitCode = 1;
} finally {
  await cleanUp();
}
process.exit(exitCode);
