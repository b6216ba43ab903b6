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
import { generateReferrals } from './referral-generator.ts';

/**
 * System Metrics and the service gaps at scale (issue #20): BENCH_REFERRALS (default 1,000,000) generated
 * referrals on PostgreSQL over two years, given the columns the figures read (outcomes, answers, counties,
 * cancellation reasons, provider declines), then GET /api/metrics and GET /api/service-gaps for one
 * organization's year and for the network's year, at BENCH_CONNECTIONS (the script's default: 10), against the
 * ceiling.
 *
 * The load runs with the analytics triggers disabled and rebuilds the summaries once (analytics_rebuild()), as
 * any bulk load may; the tests check that the triggers and the rebuild agree.
 */

// The generator's five cities (by ZIP prefix) and their counties.
const COUNTY_BY_ZIP_PREFIX: Record<string, string> = {
  '900': '06037',
  '770': '48201',
  '606': '17031',
  '850': '04013',
  '191': '42101',
};

await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:analytics needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const count = positiveInt('BENCH_REFERRALS', 1_000_000);
  const helloUrl = await startHello();
  const server = await startServer();
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  let plan = 0;
  let summaryRows = { stats: 0, facets: 0 };
  try {
    const orgs = await client.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
    const idOf = (name: string) => orgs.rows.find((o) => o.name === name)!.id;
    plan = idOf('Golden Valley Health Plan');
    const providers = await client.query<{ id: number }>('SELECT id FROM providers ORDER BY id LIMIT 60');
    const providerIds = providers.rows.map((p) => p.id);
    console.error(`bench: generating ${count.toLocaleString('en-US')} referrals…`);
    const started = Date.now();
    await client.query('ALTER TABLE referrals DISABLE TRIGGER USER');
    await client.query('ALTER TABLE referral_provider_matches DISABLE TRIGGER USER');
    await generateReferrals(client, {
      count,
      mainOrg: plan,
      otherOrg: idOf('Riverbend Family Clinic'),
      share: 0.7,
      providerIds,
    });
    console.error('bench: giving the referrals outcomes, answers, counties and declines…');
    await client.query(
      `UPDATE referrals SET
         county_fips = '${JSON.stringify(COUNTY_BY_ZIP_PREFIX)}'::jsonb ->> left(zip_code, 3),
         outcome = CASE WHEN status = 'completed' THEN
           (ARRAY['service_provided','service_provided','service_provided','member_declined','unable_to_reach',
                  'not_eligible'])[1 + abs(hashint4(id)) % 6] END,
         accepted_at = CASE WHEN acceptance_status = 'accepted'
           THEN matched_at + (abs(hashint4(id + 7)) % 400000) * interval '1 second' END,
         status = CASE WHEN status = 'pending' AND id % 40 = 0 THEN 'cancelled'
                       WHEN status = 'matched' AND id % 25 = 0 THEN 'expired' ELSE status END,
         acceptance_status = CASE WHEN status = 'matched' AND id % 25 = 0 THEN 'expired' ELSE acceptance_status END,
         cancellation_reason = CASE WHEN status = 'pending' AND id % 40 = 0
           THEN (ARRAY['Member moved','Duplicate','Member no longer needs it'])[1 + id % 3] END,
         no_provider_at = CASE WHEN status = 'pending' AND id % 40 = 1 THEN created_at END
       WHERE referral_number LIKE '8%'`,
    );
    await client.query(
      `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, status, decline_reason, answered_at)
       SELECT id, matched_provider_id, 1, 'declined',
              (ARRAY['At full capacity','Service not offered','Outside our service area','Member not eligible'])[1 + id % 4],
              matched_at
         FROM referrals WHERE status = 'rejected' AND matched_provider_id IS NOT NULL AND referral_number LIKE '8%'
       ON CONFLICT DO NOTHING`,
    );
    await client.query('ALTER TABLE referrals ENABLE TRIGGER USER');
    await client.query('ALTER TABLE referral_provider_matches ENABLE TRIGGER USER');
    const rebuilt = Date.now();
    await client.query('SELECT analytics_rebuild()');
    // VACUUM as well: the load rewrote every referral, and autovacuum catching up on that during the
    // measurements would be measured instead of the reads.
    await client.query('VACUUM ANALYZE referrals');
    await client.query('VACUUM ANALYZE referral_stats');
    await client.query('VACUUM ANALYZE referral_facet_stats');
    console.error(
      `bench: loaded in ${Math.round((rebuilt - started) / 1000)} s, summaries rebuilt in ${Math.round((Date.now() - rebuilt) / 1000)} s`,
    );
    const sizes = await client.query<{ stats: number; facets: number }>(
      `SELECT (SELECT count(*)::int FROM referral_stats) AS stats, (SELECT count(*)::int FROM referral_facet_stats) AS facets`,
    );
    summaryRows = sizes.rows[0]!;
  } finally {
    await client.end();
  }

  const admin = await signIn(server.base, 'admin@trust.demo', server.password);
  const orgHeaders = { authorization: `Bearer ${admin}`, 'x-cbo-id': String(plan) };
  const networkHeaders = { authorization: `Bearer ${admin}` };
  const today = new Date();
  const yearAgo = new Date(today.getTime() - 364 * 86_400_000);
  const period = `from=${yearAgo.toISOString().slice(0, 10)}&to=${today.toISOString().slice(0, 10)}`;
  const url = (path: string, query: string) => `${server.base}${path}?${query}`;
  for (const [path, headers] of [
    ['/api/metrics', networkHeaders],
    ['/api/service-gaps', networkHeaders],
  ] as const) {
    const probe = await fetch(url(path, period), { headers });
    if (!probe.ok) throw new Error(`GET ${path} failed: HTTP ${probe.status} ${await probe.text()}`);
  }
  const probe = (await (await fetch(url('/api/metrics', period), { headers: networkHeaders })).json()) as {
    total_referrals: number;
  };
  console.error(
    `bench: the network's year has ${probe.total_referrals.toLocaleString('en-US')} referrals; summaries: ${summaryRows.stats} + ${summaryRows.facets} rows`,
  );

  const rows = await measureAgainstCeiling([
    { name: 'hello-world (ceiling)', url: helloUrl },
    {
      name: 'metrics: organization, one year',
      url: url('/api/metrics', `${period}&scope=organization`),
      headers: orgHeaders,
    },
    {
      name: 'metrics: network, one year',
      url: url('/api/metrics', `${period}&scope=network`),
      headers: networkHeaders,
    },
    {
      name: 'metrics: network, all time',
      url: url('/api/metrics', 'scope=network'),
      headers: networkHeaders,
    },
    {
      name: 'service gaps: organization, one year',
      url: url('/api/service-gaps', `${period}&scope=organization`),
      headers: orgHeaders,
    },
    {
      name: 'service gaps: network, one year',
      url: url('/api/service-gaps', `${period}&scope=network`),
      headers: networkHeaders,
    },
  ] satisfies Case[]);

  console.log('');
  console.log(
    `Trust Marketplace analytics bench: postgres, ${count.toLocaleString('en-US')} referrals, ${os.cpus().length} cpus, node ${process.version}`,
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'analytics',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      referrals: count,
      summary_rows: summaryRows,
      connections: CONNECTIONS,
      pipelining: 1,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: rows,
    }),
  );
  // BENCH_HOLD_S: keep the server and its database that many seconds after the measurements (printed above), to
  // look at the plans (EXPLAIN (ANALYZE, BUFFERS)) on the loaded summaries.
  const hold = positiveInt('BENCH_HOLD_S', 0);
  if (hold > 0) {
    console.error(`bench: holding ${server.databaseUrl} for ${hold} s…`);
    await new Promise((resolve) => setTimeout(resolve, hold * 1000));
  }
});
