import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Child, freePort, startChild, stopChild, waitForHttp } from '../scripts/lib/processes.ts';

// What every benchmark of bench/ shares: knobs from the environment, a throwaway database, the server and the
// hello-world ceiling as child processes, autocannon runs, the printed table, and clean-up whatever happens.

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const WARMUP_S = 3;

export function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`${name} must be a positive integer (got "${raw}")`);
    process.exit(2);
  }
  return value;
}

export const DURATION_S = positiveInt('BENCH_DURATION', 10);
export const CONNECTIONS = positiveInt('BENCH_CONNECTIONS', 100);

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** The p-th percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

// Everything started or created, undone by cleanUp() whatever happens.
const children: Child[] = [];
const tempDirs: string[] = [];
const finalizers: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

/** A temporary directory removed by cleanUp(). */
export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await Promise.allSettled(children.map((c) => stopChild(c)));
    for (const finalize of finalizers) {
      try {
        await finalize();
      } catch (err) {
        console.error(`clean-up step failed: ${err instanceof Error ? err.message : err}`);
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

/** Runs `main`, cleans up, exits 0 or 1 (printing the failure). */
export async function runBench(main: () => Promise<void>): Promise<never> {
  let exitCode = 0;
  try {
    await main();
  } catch (err) {
    console.error(`bench failed: ${err instanceof Error ? (err.stack ?? err.message) : err}`);
    exitCode = 1;
  } finally {
    await cleanUp();
  }
  process.exit(exitCode);
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A database kept across runs (BENCH_DATABASE=<name>: loaded by an earlier run with BENCH_KEEP=1), so a change
 * can be measured again without loading millions of rows each time. Nothing is generated into it again.
 */
export const KEPT_DATABASE = process.env.BENCH_DATABASE || undefined;
/** The demo accounts' password: fixed when a database is kept or reused (it was set when the data was loaded). */
export const BENCH_PASSWORD = process.env.BENCH_PASSWORD || `Bench-${randomBytes(6).toString('hex')}!`;

/**
 * A fresh database on the server named by `url`, dropped by cleanUp() unless BENCH_KEEP=1; or the kept one
 * named by BENCH_DATABASE.
 */
export async function createBenchDatabase(url: string): Promise<string> {
  if (KEPT_DATABASE) return withDatabase(url, KEPT_DATABASE);
  const name = `tm_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  if (process.env.BENCH_KEEP === '1') {
    console.error(
      `bench: keeping the database ${name}: run again with BENCH_DATABASE=${name} BENCH_PASSWORD='${BENCH_PASSWORD}'`,
    );
    return withDatabase(url, name);
  }
  finalizers.push(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  });
  return withDatabase(url, name);
}

export type StartedServer = {
  base: string;
  databaseKind: 'pglite' | 'postgres';
  /** The bench database's URL when on PostgreSQL (for bulk loading). */
  databaseUrl: string | undefined;
  password: string;
  startupS: number;
  providersCount: unknown;
  /** The server process (its memory is read from /proc/<pid>/status). */
  pid: number;
  /** Stops the server before the run ends (SIGTERM: it drains, and writes a `--cpu-prof` profile). */
  stop: () => Promise<void>;
};

/**
 * The server on a free port with fresh demo data: on PostgreSQL in a new `tm_bench_…` database when
 * DATABASE_URL is set, else on PGlite in a temporary directory. `root` is the checkout whose server runs
 * (another worktree, to measure an older commit beside this one).
 */
export async function startServer(
  extraEnv: NodeJS.ProcessEnv = {},
  root = ROOT,
  /** Node options before the entry point (e.g. `--cpu-prof` for bench/profile.ts). */
  nodeArgs: string[] = [],
): Promise<StartedServer> {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));
  tempDirs.push(dataDir);
  const serverDatabaseUrl = databaseUrl ? await createBenchDatabase(databaseUrl) : undefined;
  const password = BENCH_PASSWORD;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS: 'on',
    DEMO_DATA: 'on',
    DEMO_PASSWORD: password,
    ...extraEnv,
  };
  delete env.DATABASE_URL;
  if (serverDatabaseUrl) env.DATABASE_URL = serverDatabaseUrl;
  // Node options for the server processes only (not this load generator), e.g. to compare heap settings.
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  const databaseKind = serverDatabaseUrl ? 'postgres' : 'pglite';
  console.error(`bench: starting the server on :${port} (${databaseKind}, fresh demo data)…`);
  const startedAt = Date.now();
  const server = startChild('server', [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health`, server, 300_000);
  const startupS = round((Date.now() - startedAt) / 1000, 1);
  const health = (await (await fetch(`${base}/health`)).json()) as Record<string, unknown>;
  console.error(`bench: server ready in ${startupS} s (database ${String(health.database)})`);
  return {
    base,
    databaseKind,
    databaseUrl: serverDatabaseUrl,
    password,
    startupS,
    providersCount: health.providers_count ?? null,
    pid: server.process.pid ?? 0,
    stop: () => stopChild(server),
  };
}

/**
 * One more server process on the database of `first` (PostgreSQL only): the work of the job queue is shared by
 * every process. Migrations and demo data are already there; this one loads nothing.
 */
export async function startAnotherServer(
  first: StartedServer,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ base: string; pid: number }> {
  if (!first.databaseUrl) throw new Error('a second server process needs PostgreSQL (DATABASE_URL)');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-bench-'));
  tempDirs.push(dataDir);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    JOBS: 'on',
    DEMO_DATA: 'off',
    DEMO_PASSWORD: first.password,
    DATABASE_URL: first.databaseUrl,
    ...extraEnv,
  };
  if (process.env.BENCH_SERVER_NODE_OPTIONS) env.NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;
  const server = startChild(`server-${port}`, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
  });
  children.push(server);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health`, server, 120_000);
  return { base, pid: server.process.pid ?? 0 };
}

/** A local round-robin (bench/round-robin.ts) in front of `backends`; answers its base URL. */
export async function startRoundRobin(backends: string[]): Promise<{ base: string; pid: number }> {
  const port = await freePort();
  const proxy = startChild('round-robin', ['--import', 'tsx', 'bench/round-robin.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), BACKENDS: backends.join(',') },
  });
  children.push(proxy);
  const base = `http://127.0.0.1:${port}`;
  await waitForHttp(`${base}/health`, proxy, 30_000);
  return { base, pid: proxy.process.pid ?? 0 };
}

/** Stops a child started here before the run ends (e.g. a proxy between two measurements). */
export async function stopStarted(pid: number): Promise<void> {
  const child = children.find((c) => c.process.pid === pid);
  if (child) await stopChild(child);
}

/** A process's resident set (VmRSS) now, in MB, from /proc. */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** The bare Fastify hello-world (bench/hello.ts): the ceiling of this machine in the same run. */
export async function startHello(): Promise<string> {
  const port = await freePort();
  const hello = startChild('hello', ['--import', 'tsx', 'bench/hello.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port) },
  });
  children.push(hello);
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, hello, 30_000);
  return url;
}

/** Signs in once (sign-in is rate-limited per account) and returns the bearer token. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login as ${email} failed: HTTP ${res.status} ${await res.text()}`);
  const token = ((await res.json()) as { access_token?: string }).access_token;
  if (!token) throw new Error('login answered without an access_token');
  return token;
}

/**
 * The plain-`pg` page (bench/plain-pg.ts) on the bench database: one prepared query of a 50-row page of the
 * organization's referrals, no ORM, no auth. The limit of a database-backed page in the same run (issue #22).
 */
export async function startPlainPg(databaseUrl: string, orgId: number): Promise<string> {
  const port = await freePort();
  const plain = startChild('plain-pg', ['--import', 'tsx', 'bench/plain-pg.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, ORG_ID: String(orgId) },
  });
  children.push(plain);
  const url = `http://127.0.0.1:${port}/`;
  await waitForHttp(url, plain, 30_000);
  return url;
}

export type Case = { name: string; url: string; headers?: Record<string, string> };

export type Figures = {
  case: string;
  requests_per_s: number;
  p50_ms: number;
  p99_ms: number;
  requests: number;
  errors: number;
  timeouts: number;
  non_2xx: number;
  ratio_to_ceiling: number;
  /** Share of the plain-`pg` page's throughput (issue #22), when the run measured it. */
  ratio_to_plain_pg?: number;
};

function load(c: Case, durationS: number): Promise<autocannon.Result> {
  return autocannon({
    url: c.url,
    connections: CONNECTIONS,
    pipelining: 1,
    duration: durationS,
    headers: c.headers,
  });
}

export async function measure(c: Case): Promise<Omit<Figures, 'ratio_to_ceiling'>> {
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

/** Measures every case in order; the first one is the ceiling the others are divided by. */
export async function measureAgainstCeiling(cases: Case[]): Promise<Figures[]> {
  console.error(
    `bench: ${CONNECTIONS} connections, pipelining 1, ${WARMUP_S} s warm-up (discarded) + ${DURATION_S} s per case`,
  );
  const measured: Omit<Figures, 'ratio_to_ceiling'>[] = [];
  for (const c of cases) measured.push(await measure(c));
  const ceiling = measured[0]!.requests_per_s;
  return measured.map((m) => ({
    ...m,
    ratio_to_ceiling: ceiling > 0 ? round(m.requests_per_s / ceiling, 3) : 0,
  }));
}

/**
 * Measures every case in order: the first is the ceiling (hello-world), the second the plain-`pg` page; every
 * case is reported as a share of both (issue #22).
 */
export async function measureAgainstLimits(cases: Case[]): Promise<Figures[]> {
  const rows = await measureAgainstCeiling(cases);
  const plain = rows[1]!.requests_per_s;
  return rows.map((r) => ({ ...r, ratio_to_plain_pg: plain > 0 ? round(r.requests_per_s / plain, 3) : 0 }));
}

export function printTable(rows: Figures[]) {
  const withPlain = rows.some((r) => r.ratio_to_plain_pg !== undefined);
  const header = ['case', 'req/s (mean)', 'p50 ms', 'p99 ms', 'errors', 'non-2xx', 'vs ceiling'];
  if (withPlain) header.push('vs plain pg');
  const percent = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
  const body = rows.map((r) => {
    const cells = [
      r.case,
      r.requests_per_s.toFixed(0),
      r.p50_ms.toFixed(1),
      r.p99_ms.toFixed(1),
      String(r.errors),
      String(r.non_2xx),
      percent(r.ratio_to_ceiling),
    ];
    if (withPlain) cells.push(r.ratio_to_plain_pg === undefined ? '' : percent(r.ratio_to_plain_pg));
    return cells;
  });
  printColumns(header, body);
}

/** A plain-text table: the first column left-aligned, the figures right-aligned. */
export function printColumns(header: string[], body: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}

export function machine() {
  return {
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? 'unknown',
    memory_mb: Math.round(os.totalmem() / 1024 / 1024),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}
