import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { encryptionKey, encryptSecret } from '../apps/server/src/platform/secret-box.ts';
import { generateCommunications } from './communications-generator.ts';
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
  signIn,
  startHello,
  startServer,
  WARMUP_S,
} from './lib.ts';

/**
 * Provider communications at scale (issue #6; DESIGN.md "indexes serve every query the product makes"):
 * BENCH_COMMUNICATIONS (default 1,000,000) messages in BENCH_COMMUNICATIONS / 5 threads on PostgreSQL, half of
 * them the coordinator's organization's, every body sealed as the product stores it. Then, at BENCH_CONNECTIONS,
 * against the hello-world ceiling: the inbox (first page of threads with the unread total), one provider's
 * threads, one provider's communications, and one thread read in full. And the query an inbound SMS runs to find
 * its thread (by the sender's number), inside the database with its index and with index scans turned off.
 */
const QUERY_RUNS = positiveInt('BENCH_QUERY_RUNS', 300);
const SCAN_RUNS = positiveInt('BENCH_SCAN_RUNS', 5);

/** The thread lookup of an inbound message (modules/communications/communications/repo.ts conversationsWithCounterpart). */
const THREAD_LOOKUP = `
  SELECT id FROM conversations WHERE channel = 'sms' AND counterpart = $1
   ORDER BY last_message_at DESC NULLS LAST, id DESC LIMIT 20`;

async function executionMs(client: pg.Client, sqlText: string, params: unknown[], runs: number) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(
      `EXPLAIN (ANALYZE, FORMAT JSON) ${sqlText}`,
      params,
    );
    times.push(rows[0]!['QUERY PLAN'][0]!['Execution Time']);
  }
  return times;
}

async function planOf(client: pg.Client, sqlText: string, params: unknown[]) {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sqlText}`, params);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:communications needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const count = positiveInt('BENCH_COMMUNICATIONS', 1_000_000);
  const threads = Math.max(10, Math.floor(count / 5));
  const secretKey = randomBytes(32).toString('hex');
  const helloUrl = await startHello();
  const server = await startServer({ SECRET_KEY: secretKey });
  // A body as the product stores it (sealed with the server's key), so reads pay for opening it.
  const sealed = encryptSecret(
    encryptionKey({ secretKey, dataDir: os.tmpdir() }),
    'Hello, could you take referral 4821006633 this week? The member needs food assistance.',
  );

  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  let plan = 0;
  let provider = 0;
  let thread = 0;
  let threadSize = 0;
  let number = '';
  let indexed: number[] = [];
  let scanned: number[] = [];
  let lookupPlan = '';
  let loadS = 0;
  try {
    const orgs = await client.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
    plan = orgs.rows.find((o) => o.name === 'Golden Valley Health Plan')!.id;
    const others = orgs.rows.filter((o) => o.id !== plan).map((o) => o.id);
    console.error(
      `bench: generating ${threads.toLocaleString('en-US')} threads and ${count.toLocaleString('en-US')} messages…`,
    );
    const started = Date.now();
    await generateCommunications(client, { plan, others, threads, count, sealed });
    loadS = round((Date.now() - started) / 1000, 1);
    console.error(`bench: loaded in ${loadS} s`);

    const { rows: busiest } = await client.query<{ provider_id: number }>(
      `SELECT provider_id FROM conversations WHERE organization_id = $1 GROUP BY provider_id
        ORDER BY count(*) DESC LIMIT 1`,
      [plan],
    );
    provider = busiest[0]!.provider_id;
    const { rows: one } = await client.query<{ id: number; counterpart: string; message_count: number }>(
      `SELECT id, counterpart, message_count FROM conversations
        WHERE organization_id = $1 AND channel = 'sms' ORDER BY id LIMIT 1 OFFSET 100`,
      [plan],
    );
    thread = one[0]!.id;
    number = one[0]!.counterpart;
    threadSize = one[0]!.message_count;

    indexed = await executionMs(client, THREAD_LOOKUP, [number], QUERY_RUNS);
    lookupPlan = await planOf(client, THREAD_LOOKUP, [number]);
    await client.query('SET enable_indexscan = off');
    await client.query('SET enable_bitmapscan = off');
    scanned = await executionMs(client, THREAD_LOOKUP, [number], SCAN_RUNS);
    await client.query('RESET enable_indexscan');
    await client.query('RESET enable_bitmapscan');
  } finally {
    await client.end();
  }

  const token = await signIn(server.base, 'coordinator@trust.demo', server.password);
  const headers = { authorization: `Bearer ${token}`, 'x-cbo-id': String(plan) };
  const inbox = `${server.base}/api/conversations?page=1&page_size=50`;
  const probe = await fetch(inbox, { headers });
  if (!probe.ok) throw new Error(`GET /api/conversations failed: HTTP ${probe.status} ${await probe.text()}`);
  const probed = (await probe.json()) as { total: number; total_unread: number };
  console.error(
    `bench: the organization has ${probed.total.toLocaleString('en-US')} threads, ${probed.total_unread.toLocaleString('en-US')} unread`,
  );

  const rows = await measureAgainstCeiling([
    { name: 'hello-world (ceiling)', url: helloUrl },
    { name: 'inbox: first 50 threads + unread total', url: inbox, headers },
    {
      name: "inbox: one provider's threads",
      url: `${server.base}/api/conversations?provider_id=${provider}&page_size=50`,
      headers,
    },
    {
      name: "one provider's communications, page 1",
      url: `${server.base}/api/communications?provider_id=${provider}&page_size=50`,
      headers,
    },
    {
      name: `one SMS thread read in full (${threadSize} messages)`,
      url: `${server.base}/api/sms/conversations?conversation_id=${thread}`,
      headers,
    },
  ] satisfies Case[]);

  const lookup = {
    indexed_p50_ms: round(percentile(indexed, 50), 3),
    indexed_p99_ms: round(percentile(indexed, 99), 3),
    without_index_p50_ms: round(percentile(scanned, 50), 1),
    ratio: round(percentile(scanned, 50) / Math.max(percentile(indexed, 50), 0.001), 0),
  };
  console.log('');
  console.log(
    `Trust Marketplace communications bench: postgres, ${count.toLocaleString('en-US')} messages in ${threads.toLocaleString('en-US')} threads, ${os.cpus().length} cpus, node ${process.version}`,
  );
  console.log(
    `inbound SMS thread lookup in the database: ${lookup.indexed_p50_ms} ms p50 / ${lookup.indexed_p99_ms} ms p99 with the index; ${lookup.without_index_p50_ms} ms without (${lookup.ratio}×)`,
  );
  console.log(
    lookupPlan
      .split('\n')
      .map((l) => `  ${l}`)
      .join('\n'),
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'communications',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      communications: count,
      conversations: threads,
      load_s: loadS,
      organization_threads: probed.total,
      thread_lookup: lookup,
      connections: CONNECTIONS,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: rows,
      query_runs: QUERY_RUNS,
    }),
  );
});
