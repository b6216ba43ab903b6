import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  CONNECTIONS,
  KEPT_DATABASE,
  positiveInt,
  printColumns,
  round,
  runBench,
  signIn,
  startServer,
  tempDir,
} from './lib.ts';

/**
 * Where one request's CPU goes in the server (issue #22): `npm run bench:profile -- <path>` starts the server with
 * `--cpu-prof` on a kept bench database (BENCH_DATABASE and BENCH_PASSWORD from a `BENCH_KEEP=1` run of
 * `npm run bench`), loads `<path>` (e.g. `/api/referrals?page=1&page_size=25`) as the coordinator of the
 * Golden Valley Health Plan at BENCH_CONNECTIONS for BENCH_PROFILE_S seconds, stops the server, and prints the
 * self time by area (our code, Drizzle, pg, Fastify, zod, the garbage collector, idle) and the top functions.
 */
type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function areaOf(url: string, name: string): string {
  if (name === '(garbage collector)') return 'garbage collector';
  if (name === '(idle)') return 'idle';
  if (name === '(program)') return 'V8 / native';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/apps/server/src/platform/')) return 'ours: platform';
  if (url.includes('/apps/server/src/modules/')) return 'ours: modules';
  if (url.includes('/apps/server/') || url.includes('/packages/domain/')) return 'ours: other';
  if (url.startsWith('node:') || url === '') return 'node core';
  return 'other';
}

function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const key = `${functionName || '(anonymous)'} ${url.replace(/^.*node_modules\//, '').replace(/^.*\/work\/[^/]+\//, '')}:${lineNumber + 1}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const share = (us: number) => `${round((us / total) * 100, 1)}%`;
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => [k, share(us)]);
  return { areas: top(areas, 20), functions: top(functions, Number(process.env.BENCH_PROFILE_TOP ?? 30)) };
}

await runBench(async () => {
  const target = process.argv[2];
  if (!process.env.DATABASE_URL || !KEPT_DATABASE || !target) {
    console.error('usage: DATABASE_URL=… BENCH_DATABASE=… BENCH_PASSWORD=… npm run bench:profile -- <path>');
    process.exitCode = 2;
    return;
  }
  const seconds = positiveInt('BENCH_PROFILE_S', 10);
  const dir = tempDir('tm-profile-');
  const server = await startServer(
    { SECRET_KEY: process.env.BENCH_SECRET_KEY ?? 'b'.repeat(64) },
    undefined,
    ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  );
  const token = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const plan = Number(process.env.BENCH_ORG ?? 1);
  const headers = { authorization: `Bearer ${token}`, 'x-cbo-id': String(plan) };
  const probe = await fetch(`${server.base}${target}`, { headers });
  if (!probe.ok) throw new Error(`${target}: HTTP ${probe.status} ${await probe.text()}`);
  const result = await autocannon({
    url: `${server.base}${target}`,
    connections: CONNECTIONS,
    duration: seconds,
    headers,
  });
  console.log(
    `${target}: ${Math.round(result.requests.average)} req/s, p99 ${result.latency.p99} ms, ${result.non2xx} non-2xx`,
  );
  await server.stop();
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the server wrote no CPU profile');
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Profile;
  const { areas, functions } = summarise(profile);
  console.log('');
  printColumns(['area (self time)', 'share'], areas as string[][]);
  console.log('');
  printColumns(['function (self time)', 'share'], functions as string[][]);
  if (process.env.BENCH_PROFILE_KEEP) {
    fs.copyFileSync(path.join(dir, file), process.env.BENCH_PROFILE_KEEP);
    console.log(`\nprofile kept in ${process.env.BENCH_PROFILE_KEEP}`);
  }
});
