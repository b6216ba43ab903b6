import os from 'node:os';
import pg from 'pg';
import {
  type Case,
  CONNECTIONS,
  DURATION_S,
  machine,
  measureAgainstCeiling,
  positiveInt,
  printTable,
  runBench,
  signIn,
  startHello,
  startServer,
  WARMUP_S,
} from './lib.ts';
import { generateReferrals, surnameAt } from './referral-generator.ts';

/**
 * The referral queue at scale (issue #4 "Performance"): BENCH_REFERRALS (default 1,000,000) generated referrals
 * on PostgreSQL, 70 % of them in the organization the coordinator works for, then the queue's first page (25 rows, as the screen asks) with a
 * search term and a status filter (with its counters), and the unfiltered first page, at BENCH_CONNECTIONS,
 * against the hello-world ceiling of the same run.
 */
await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:referrals needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const count = positiveInt('BENCH_REFERRALS', 1_000_000);
  const helloUrl = await startHello();
  const server = await startServer();

  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  let searchMatches = 0;
  let orgReferrals = 0;
  const term = surnameAt(123).toLowerCase();
  let plan = 0;
  try {
    const orgs = await client.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
    const idOf = (name: string) => orgs.rows.find((o) => o.name === name)!.id;
    plan = idOf('Golden Valley Health Plan');
    const providers = await client.query<{ id: number }>('SELECT id FROM providers ORDER BY id');
    console.error(`bench: generating ${count.toLocaleString('en-US')} referrals…`);
    const started = Date.now();
    await generateReferrals(client, {
      count,
      mainOrg: plan,
      otherOrg: idOf('Riverbend Family Clinic'),
      share: 0.7,
      providerIds: providers.rows.map((p) => p.id),
    });
    console.error(`bench: loaded in ${Math.round((Date.now() - started) / 1000)} s`);
    orgReferrals = (
      await client.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1',
        [plan],
      )
    ).rows[0]!.n;
    searchMatches = (
      await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM referrals WHERE organization_id = $1 AND status = 'pending' AND search_text LIKE $2`,
        [plan, `%${term}%`],
      )
    ).rows[0]!.n;
  } finally {
    await client.end();
  }

  const token = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const headers = { authorization: `Bearer ${token}`, 'x-cbo-id': String(plan) };
  const queue = (query: string) => `${server.base}/api/referrals?${query}`;
  const probe = await fetch(queue(`search=${term}&status=pending`), { headers });
  if (!probe.ok) throw new Error(`GET /api/referrals failed: HTTP ${probe.status} ${await probe.text()}`);
  const probed = (await probe.json()) as { total: number; counts: { all: number } };
  console.error(
    `bench: the organization has ${orgReferrals.toLocaleString('en-US')} referrals; "${term}" + pending matches ${probed.total} (SQL: ${searchMatches})`,
  );

  const rows = await measureAgainstCeiling([
    { name: 'hello-world (ceiling)', url: helloUrl },
    {
      name: `queue: search "${term}" + status pending, page 1 + counters`,
      url: queue(`search=${term}&status=pending&page=1&page_size=25`),
      headers,
    },
    { name: 'queue: page 1, no filter + counters', url: queue('page=1&page_size=25'), headers },
    {
      name: 'queue: status pending, page 1 + counters',
      url: queue('status=pending&page=1&page_size=25'),
      headers,
    },
  ] satisfies Case[]);

  console.log('');
  console.log(
    `Trust Marketplace referral queue bench: postgres, ${count.toLocaleString('en-US')} referrals, ${os.cpus().length} cpus, node ${process.version}`,
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'referrals',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      referrals: count,
      organization_referrals: orgReferrals,
      search_term: term,
      search_matches: searchMatches,
      connections: CONNECTIONS,
      pipelining: 1,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: rows,
    }),
  );
});
