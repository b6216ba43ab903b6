import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { encryptionKey, encryptSecret } from '../apps/server/src/platform/secret-box.ts';
import { generateCare } from './care-generator.ts';
import { generateCommunications } from './communications-generator.ts';
import { cpuSplit } from './cpu.ts';
import {
  type Case,
  CONNECTIONS,
  DURATION_S,
  type Figures,
  KEPT_DATABASE,
  machine,
  measure,
  measureAgainstLimits,
  positiveInt,
  printColumns,
  printTable,
  round,
  rssMb,
  runBench,
  signIn,
  startAnotherServer,
  startHello,
  startPlainPg,
  startRoundRobin,
  startServer,
  stopStarted,
  WARMUP_S,
} from './lib.ts';
import { generateMembers } from './member-generator.ts';
import { DENSE_CENTER, generateProviders } from './provider-generator.ts';
import { generateReferrals, surnameAt } from './referral-generator.ts';

/**
 * A statewide network on this machine (issue #22), `npm run bench`: on PostgreSQL, BENCH_REFERRALS referrals
 * (default 1,000,000; 70 % the coordinator's organization's), BENCH_MEMBERS members (1,000,000) and
 * BENCH_PROVIDERS providers (2,000,000; a tenth around Houston), BENCH_MESSAGES messages (1,000,000). Then, at
 * BENCH_CONNECTIONS (100), every busy screen's request against the two limits of the same run: the hello-world
 * ceiling and the plain-`pg` 50-row page (bench/plain-pg.ts). Then two server processes behind a local
 * round-robin against one behind the same round-robin, with the CPU split; then BENCH_SOAK_S (600) seconds of
 * the mix at 100 connections, with the server's resident memory sampled.
 *
 * BENCH_KEEP=1 keeps the loaded database; BENCH_DATABASE=<name> (with the printed BENCH_PASSWORD) measures it
 * again without loading. BENCH_ONLY=limits,queue,… picks parts: limits, queue, directory, members, care, inbox,
 * scale-out, soak.
 */
const SECRET_KEY = process.env.BENCH_SECRET_KEY ?? 'b'.repeat(64);
const PARTS = new Set(
  (process.env.BENCH_ONLY ?? 'limits,queue,directory,members,care,inbox,scale-out,soak')
    .split(',')
    .filter(Boolean),
);
const SOAK_S = positiveInt('BENCH_SOAK_S', 600);

async function load(databaseUrl: string) {
  const referrals = positiveInt('BENCH_REFERRALS', 1_000_000);
  const members = positiveInt('BENCH_MEMBERS', 1_000_000);
  const providers = positiveInt('BENCH_PROVIDERS', 2_000_000);
  const messages = positiveInt('BENCH_MESSAGES', 1_000_000);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const orgs = await client.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
    const idOf = (name: string) => orgs.rows.find((o) => o.name === name)!.id;
    const plan = idOf('Golden Valley Health Plan');
    const demoProviders = await client.query<{ id: number }>('SELECT id FROM providers ORDER BY id');
    let started = Date.now();
    const took = () => `${Math.round((Date.now() - started) / 1000)} s`;
    console.error(`bench: generating ${referrals.toLocaleString('en-US')} referrals…`);
    // As any bulk load may (bench/analytics.ts): the analytics triggers off, the summaries rebuilt once after.
    await client.query('ALTER TABLE referrals DISABLE TRIGGER USER');
    await generateReferrals(client, {
      count: referrals,
      mainOrg: plan,
      otherOrg: idOf('Riverbend Family Clinic'),
      share: 0.7,
      providerIds: demoProviders.rows.map((p) => p.id),
    });
    await client.query('ALTER TABLE referrals ENABLE TRIGGER USER');
    await client.query('SELECT analytics_rebuild()');
    console.error(`bench: referrals in ${took()}; ${members.toLocaleString('en-US')} members…`);
    started = Date.now();
    await generateMembers(client, plan, members);
    console.error(`bench: members in ${took()}; an enrollment, a form and a workflow run for each…`);
    started = Date.now();
    const staff = await client.query<{ id: number }>("SELECT id FROM users WHERE email = 'staff@trust.demo'");
    await generateCare(client, plan, members, staff.rows[0]!.id);
    console.error(`bench: care rows in ${took()}; ${messages.toLocaleString('en-US')} messages…`);
    started = Date.now();
    const sealed = encryptSecret(
      encryptionKey({ secretKey: SECRET_KEY, dataDir: os.tmpdir() }),
      'Hello, could you take referral 4821006633 this week? The member needs food assistance.',
    );
    await generateCommunications(client, {
      plan,
      others: orgs.rows.filter((o) => o.id !== plan).map((o) => o.id),
      threads: Math.max(10, Math.floor(messages / 5)),
      count: messages,
      sealed,
    });
    console.error(`bench: messages in ${took()}; ${providers.toLocaleString('en-US')} providers…`);
    started = Date.now();
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl, poolMax: 2 });
    try {
      await generateProviders(database, { count: providers, dense: Math.round(providers / 10) });
    } finally {
      await database.close();
    }
    console.error(`bench: providers in ${took()}; VACUUM ANALYZE…`);
    await client.query('VACUUM ANALYZE');
  } finally {
    await client.end();
  }
}

async function sizes(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, number>>(
      `SELECT (SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan') AS plan,
              (SELECT count(*)::int FROM referrals) AS referrals,
              (SELECT count(*)::int FROM members) AS members,
              (SELECT count(*)::int FROM enrollments) AS enrollments,
              (SELECT count(*)::int FROM form_instances) AS form_instances,
              (SELECT count(*)::int FROM workflow_instances) AS workflow_instances,
              (SELECT count(*)::int FROM providers) AS providers,
              (SELECT count(*)::int FROM communications) AS messages`,
    );
    return rows[0]!;
  } finally {
    await client.end();
  }
}

await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'npm run bench needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const helloUrl = await startHello();
  const server = await startServer({ SECRET_KEY });
  const databaseUrl = server.databaseUrl!;
  if (!KEPT_DATABASE) await load(databaseUrl);
  const data = await sizes(databaseUrl);
  const plan = data.plan!;
  console.error(`bench: ${JSON.stringify(data)}`);
  const plainUrl = await startPlainPg(databaseUrl, plan);

  const token = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const managerToken = await signIn(server.base, 'manager@trust.demo', server.password);
  const headers = { authorization: `Bearer ${token}`, 'x-cbo-id': String(plan) };
  const managerHeaders = { authorization: `Bearer ${managerToken}`, 'x-cbo-id': String(plan) };
  const term = surnameAt(123).toLowerCase();
  const path = {
    queue: (q: string) => `/api/referrals?${q}`,
    radius: `/directory/search/radius?latitude=${DENSE_CENTER.latitude}&longitude=${DENSE_CENTER.longitude}&radius_miles=50&limit=4&services=Food%20Assistance`,
  };
  type PathCase = { name: string; path: string; headers?: Record<string, string>; part: string };
  const pathCases: PathCase[] = [
    { part: 'limits', name: 'GET /auth/me', path: '/auth/me', headers },
    {
      part: 'queue',
      name: 'queue: page 1, no filter + counters',
      path: path.queue('page=1&page_size=25'),
      headers,
    },
    {
      part: 'queue',
      name: 'queue: status pending, page 1 + counters',
      path: path.queue('status=pending&page=1&page_size=25'),
      headers,
    },
    {
      part: 'queue',
      name: `queue: search "${term}", page 1 + counters`,
      path: path.queue(`search=${term}&page=1&page_size=25`),
      headers,
    },
    { part: 'directory', name: 'directory: radius 50 mi, Houston, Food Assistance', path: path.radius },
    {
      part: 'members',
      name: 'members: page 1 (50, by name) + total',
      path: '/api/members/?page=1&page_size=50',
      headers: managerHeaders,
    },
    {
      part: 'members',
      name: 'members: search "nguyen17" + total',
      path: '/api/members/?search=nguyen17',
      headers: managerHeaders,
    },
    {
      part: 'care',
      name: 'enrollments: page 1 (25) + total',
      path: '/api/enrollments?page=1&page_size=25',
      headers: managerHeaders,
    },
    {
      part: 'care',
      name: 'form instances: page 1 (25) + total',
      path: '/api/forms/instances?page=1&page_size=25',
      headers: managerHeaders,
    },
    {
      part: 'care',
      name: 'workflow instances: page 1 (25) + counts',
      path: '/api/workflows/instances?page=1&page_size=25',
      headers: managerHeaders,
    },
    {
      part: 'inbox',
      name: 'inbox: first 50 threads + unread total',
      path: '/api/conversations?page=1&page_size=50',
      headers,
    },
  ];
  const chosen = pathCases.filter((c) => PARTS.has(c.part));
  for (const c of chosen) {
    const res = await fetch(`${server.base}${c.path}`, { headers: c.headers });
    if (!res.ok) throw new Error(`${c.name}: HTTP ${res.status} ${await res.text()}`);
  }

  const split = cpuSplit({ server: server.pid });
  const rows = await measureAgainstLimits([
    { name: 'hello-world (ceiling)', url: helloUrl },
    { name: 'plain pg: 50-row page, one prepared query', url: plainUrl },
    ...chosen.map((c) => ({ name: c.name, url: `${server.base}${c.path}`, headers: c.headers })),
  ]);
  const casesCpu = split();

  // Scale-out: the unfiltered queue through one round-robin, to one process and then to two.
  let scaleOut: { one: Figures; two: Figures; ratio: number; cpu_one: object; cpu_two: object } | undefined;
  if (PARTS.has('scale-out')) {
    const queueCase = (base: string): Case => ({
      name: 'queue: page 1, no filter + counters',
      url: `${base}${path.queue('page=1&page_size=25')}`,
      headers,
    });
    const single = await startRoundRobin([server.base]);
    let cpu = cpuSplit({ server: server.pid, 'round-robin': single.pid });
    const one = { ...(await measure(queueCase(single.base))), ratio_to_ceiling: 0 };
    const cpuOne = cpu();
    await stopStarted(single.pid);
    const second = await startAnotherServer(server, { SECRET_KEY });
    const both = await startRoundRobin([server.base, second.base]);
    cpu = cpuSplit({ server: server.pid, 'second server': second.pid, 'round-robin': both.pid });
    const two = { ...(await measure(queueCase(both.base))), ratio_to_ceiling: 0 };
    const cpuTwo = cpu();
    await stopStarted(both.pid);
    await stopStarted(second.pid);
    scaleOut = {
      one,
      two,
      ratio: round(two.requests_per_s / one.requests_per_s, 2),
      cpu_one: cpuOne,
      cpu_two: cpuTwo,
    };
  }

  // Memory: the mix of the busy screens for BENCH_SOAK_S at BENCH_CONNECTIONS, the server's RSS sampled.
  let soak: Record<string, unknown> | undefined;
  if (PARTS.has('soak')) {
    const samples: number[] = [];
    const rssStart = rssMb(server.pid);
    const timer = setInterval(() => samples.push(rssMb(server.pid)), 5000);
    process.stderr.write(
      `  soak: ${SOAK_S} s of the mix at ${CONNECTIONS} connections (RSS ${rssStart} MB)… `,
    );
    const result = await autocannon({
      url: server.base,
      connections: CONNECTIONS,
      duration: SOAK_S,
      requests: pathCases.map((c) => ({ method: 'GET', path: c.path, headers: c.headers })),
    });
    clearInterval(timer);
    const rssEnd = rssMb(server.pid);
    process.stderr.write(`RSS ${rssEnd} MB\n`);
    soak = {
      seconds: SOAK_S,
      requests: result.requests.total,
      requests_per_s: round(result.requests.average, 1),
      p99_ms: result.latency.p99,
      errors: result.errors,
      timeouts: result.timeouts,
      non_2xx: result.non2xx,
      rss_start_mb: rssStart,
      rss_max_mb: Math.max(...samples, rssEnd),
      rss_end_mb: rssEnd,
      rss_by_minute_mb: samples.filter((_, i) => i % 12 === 11),
    };
  }

  console.log('');
  console.log(
    `Trust Marketplace at a statewide network's scale: postgres, ${data.referrals!.toLocaleString('en-US')} referrals, ${data.members!.toLocaleString('en-US')} members, ${data.providers!.toLocaleString('en-US')} providers, ${data.messages!.toLocaleString('en-US')} messages; ${os.cpus().length} cpus, node ${process.version}`,
  );
  printTable(rows);
  console.log(`CPU during the cases (% of the machine): ${JSON.stringify(casesCpu)}`);
  if (scaleOut) {
    console.log('');
    printColumns(
      [
        'scale-out (queue, no filter, through the round-robin)',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'CPU split %',
      ],
      [
        ['one process', scaleOut.one, scaleOut.cpu_one] as const,
        ['two processes', scaleOut.two, scaleOut.cpu_two] as const,
      ].map(([name, f, cpu]) => [
        name,
        f.requests_per_s.toFixed(0),
        f.p50_ms.toFixed(1),
        f.p99_ms.toFixed(1),
        String(f.errors + f.non_2xx),
        JSON.stringify(cpu),
      ]),
    );
    console.log(`two ÷ one: ${scaleOut.ratio}×`);
  }
  if (soak) console.log(`\nsoak: ${JSON.stringify(soak)}`);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'scale',
      date: new Date().toISOString(),
      machine: machine(),
      data,
      connections: CONNECTIONS,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: rows,
      cases_cpu: casesCpu,
      scale_out: scaleOut,
      soak,
    }),
  );
});
