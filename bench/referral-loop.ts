import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import * as smsRepo from '../apps/server/src/modules/communications/sms/repo.ts';
import * as matchingRepo from '../apps/server/src/modules/referrals/matching/repo.ts';
import { referralsWithOverdueEntries } from '../apps/server/src/modules/referrals/referral-sending/entry-lifecycle.ts';
import * as followUps from '../apps/server/src/modules/referrals/referrals/follow-up-repo.ts';
import { overdueBatchQuery } from '../apps/server/src/modules/referrals/referrals/repo.ts';
import { machine, percentile, positiveInt, printColumns, round, runBench, startServer } from './lib.ts';
import { generateReferrals } from './referral-generator.ts';

/**
 * The closed referral loop at scale (issue #14; DESIGN.md "indexes serve every query the product makes"): on top
 * of the demo data, BENCH_REFERRALS (default 200,000) referrals from bench/referral-generator.ts, 70 % of them in
 * the biggest organization, then shaped as the loop leaves them: every referral that was matched has 4 matched
 * provider entries (referral_provider_matches); a Matched one is auto-matched to 4 providers (no matched provider
 * yet; half of them sent, each entry with its 7-day window) or matched by hand to one provider (the referral's own
 * window); Accepted, In progress… have their matched provider, acceptance 'accepted' and the accepted entry; a
 * Completed one with the service provided has its member follow-up (member_follow_ups): asked 3 days after
 * completion, mostly answered. Windows are spread so that a job tick finds what it would find on a live system
 * whose jobs keep up: about ten minutes' worth of overdue entries and referrals, and the questions due in the
 * last quarter of an hour (at 200,000 referrals, none or one).
 *
 * Then, inside the database (EXPLAIN (ANALYZE, TIMING OFF): execution time, no round trip or planning), with the
 * indexes and with index and bitmap scans turned off (and index-only scans: an index-only scan is still the
 * index), the queries an inbound SMS and each job tick run:
 *   - the inbound SMS's referrals awaiting the provider, and the referrals it serves (sms/repo.ts);
 *   - the member's reply lookup, the newest follow-up sent to a number (follow-up-repo.ts latestSentTo);
 *   - the follow-up job's due questions (lockDueFollowUps, with its FOR UPDATE SKIP LOCKED);
 *   - the expiry job's two scans: sent entries past their window (entry-lifecycle.ts referralsWithOverdueEntries)
 *     and, before it in the same tick, matched referrals past theirs (referrals/repo.ts overdueBatchQuery);
 *   - the Auto-Match screen's Last Run (matching/repo.ts autoMatchCounts, its max(auto_matched_at) query).
 * The SQL is not copied by hand: each repository function is called once on a Drizzle instance whose logger
 * records the statement and parameters it sends, and exactly that text is EXPLAINed.
 *
 * The server starts with JOBS=off: it only migrates and loads the demo data; its jobs would otherwise expire the
 * overdue entries and send the due questions while they are being measured.
 */
const QUERY_RUNS = positiveInt('BENCH_QUERY_RUNS', 300);
const SCAN_RUNS = positiveInt('BENCH_SCAN_RUNS', 7);

type Captured = { text: string; params: unknown[] };
type PlanJson = {
  Plan: { 'Node Type': string; 'Actual Rows': number };
  'Execution Time': number;
  JIT?: { Timing?: { Total?: number } };
};
type Measured = {
  name: string;
  code: string;
  rows: number;
  indexed: number[];
  scanned: number[];
  jitMs: number;
  plan: string[];
  scanPlan: string[];
};

async function explainRuns(client: pg.Client, q: Captured, runs: number) {
  const times: number[] = [];
  let last: PlanJson | undefined;
  for (let i = 0; i < runs; i++) {
    const { rows } = await client.query<{ 'QUERY PLAN': PlanJson[] }>(
      `EXPLAIN (ANALYZE, TIMING OFF, FORMAT JSON) ${q.text}`,
      q.params,
    );
    last = rows[0]!['QUERY PLAN'][0]!;
    times.push(last['Execution Time']);
  }
  return { times, last: last! };
}

/** The plan as text: executed (with row counts and buffers) when `analyze`, else only planned. */
async function planLines(client: pg.Client, q: Captured, analyze: boolean) {
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN ${analyze ? '(ANALYZE, BUFFERS) ' : ''}${q.text}`,
    q.params,
  );
  return rows.map((r) => r['QUERY PLAN']);
}

/** The plan's first line, then its scans (which index, or Seq Scan), without the cost figures. */
function describe(lines: string[]): string {
  const strip = (l: string) =>
    l
      .replace(/\s+\((cost|actual)[^)]*\)/g, '')
      .replace(/^\s*->\s*/, '')
      .trim();
  const scans = lines.filter((l) => /Scan/.test(l) && !/^\s*(Index Cond|Filter|Recheck Cond)/.test(l.trim()));
  const first = strip(lines[0]!);
  const rest = scans.map(strip).filter((s) => s !== first);
  return [first, ...rest].join(' | ');
}

await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:referral-loop needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const count = positiveInt('BENCH_REFERRALS', 200_000);
  const server = await startServer({ JOBS: 'off' });

  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const measured: Measured[] = [];
  const sizes: Record<string, number> = {};
  let loadS = 0;
  let plan = 0;
  let provider = 0;
  let digits = '';
  try {
    const orgs = await client.query<{ id: number; name: string }>('SELECT id, name FROM organizations');
    const idOf = (name: string) => orgs.rows.find((o) => o.name === name)!.id;
    plan = idOf('Golden Valley Health Plan');
    const providerIds = (await client.query<{ id: number }>('SELECT id FROM providers ORDER BY id')).rows.map(
      (p) => p.id,
    );
    const demoMax = (await client.query<{ m: number }>('SELECT coalesce(max(id), 0) AS m FROM referrals'))
      .rows[0]!.m;
    console.error(`bench: generating ${count.toLocaleString('en-US')} referrals…`);
    const started = Date.now();
    await generateReferrals(client, {
      count,
      mainOrg: plan,
      otherOrg: idOf('Riverbend Family Clinic'),
      share: 0.7,
      providerIds,
    });

    // The loop's columns, which the generator leaves empty. Rewriting most rows under fourteen indexes (one of
    // them a trigram GIN) is far slower than building them again, so: drop them, update, compact, rebuild.
    process.stderr.write('  shaping the referral loop… ');
    const stepStarted = Date.now();
    const { rows: defs } = await client.query<{ indexname: string; indexdef: string }>(
      `SELECT indexname, indexdef FROM pg_indexes
        WHERE tablename = 'referrals' AND indexname NOT IN ('referrals_pkey', 'referrals_number_uq')`,
    );
    for (const d of defs) await client.query(`DROP INDEX ${d.indexname}`);
    // h.a: auto (7 in 10) or by hand; h.matched_at: a Matched referral was matched within the last 7 days and
    // 10 minutes (10 minutes' worth past the 7-day window, as between two expiry ticks); h.b: the completion's draws.
    await client.query(
      `UPDATE referrals r SET
         match_method = CASE WHEN r.status = 'pending' THEN NULL WHEN h.a < 7 THEN 'auto' ELSE 'manual' END,
         matched_at = h.matched_at,
         auto_matched_at = CASE WHEN r.status <> 'pending' AND h.a < 7 THEN h.matched_at END,
         matched_provider_id = CASE WHEN r.status = 'matched' AND h.a < 7 THEN NULL ELSE r.matched_provider_id END,
         expires_at = CASE WHEN r.status = 'matched' AND h.a >= 7 THEN h.matched_at + interval '7 days' END,
         accepted_at = CASE WHEN r.acceptance_status = 'accepted' THEN h.matched_at + interval '2 hours' END,
         outcome = CASE WHEN r.status = 'completed' THEN
                     CASE WHEN h.b % 10 < 8 THEN 'service_provided' WHEN h.b % 10 = 8 THEN 'member_declined'
                          ELSE 'unable_to_reach' END END,
         completed_at = CASE WHEN r.status = 'completed' THEN
                          least(h.matched_at + (1 + h.b % 20) * interval '1 day',
                                now() - (h.b % 1440) * interval '1 minute') END
       FROM (SELECT id, abs(hashint4(id + 101)) % 10 AS a, abs(hashint4(id + 303)) AS b,
                    CASE WHEN status = 'matched' THEN now() - (abs(hashint4(id + 202)) % 10090) * interval '1 minute'
                         ELSE matched_at END AS matched_at
               FROM referrals WHERE id > $1) h
       WHERE r.id = h.id`,
      [demoMax],
    );
    await client.query('VACUUM FULL referrals');
    for (const d of defs) await client.query(d.indexdef);
    process.stderr.write(`${Math.round((Date.now() - stepStarted) / 1000)} s\n`);

    // Four entries per matched referral: the matched provider first when there is one, then providers 7, 14 and
    // 21 places on in the directory (four distinct providers, so the unique (referral, provider) holds).
    process.stderr.write('  matched provider entries… ');
    const entriesStarted = Date.now();
    await client.query(
      `INSERT INTO referral_provider_matches (referral_id, provider_id, rank, distance_miles, status, sent_at,
                                             expires_at, answered_at, decline_reason, round, communication_method,
                                             created_at)
       SELECT r.id, ids[1 + (base + (j - 1) * 7) % n], j, round((j * 1.7 + (r.id % 40) / 10.0)::numeric, 1),
              e.status,
              CASE WHEN e.status <> 'pending' THEN r.matched_at END,
              CASE WHEN e.status <> 'pending' THEN r.matched_at + interval '7 days' END,
              CASE WHEN e.status IN ('accepted', 'declined', 'expired', 'not_selected')
                   THEN r.matched_at + interval '2 hours' END,
              CASE WHEN e.status = 'declined' THEN 'At full capacity' END,
              1, 'sms', r.matched_at
         FROM referrals r
         CROSS JOIN (SELECT ($2::int[]) AS ids, cardinality($2::int[]) AS n) p
         CROSS JOIN LATERAL (SELECT coalesce(array_position(p.ids, r.matched_provider_id) - 1, r.id % p.n) AS base) b
         CROSS JOIN generate_series(1, 4) j
         CROSS JOIN LATERAL (SELECT CASE
             WHEN r.status = 'matched' AND r.matched_provider_id IS NULL
               THEN CASE WHEN abs(hashint4(r.id + 404)) % 2 = 0 THEN 'sent' ELSE 'pending' END
             WHEN r.status = 'matched' THEN CASE WHEN j = 1 THEN 'sent' ELSE 'not_selected' END
             WHEN r.status = 'rejected' THEN CASE WHEN j = 1 THEN 'declined' ELSE 'expired' END
             ELSE CASE WHEN j = 1 THEN 'accepted' ELSE 'not_selected' END
           END AS status) e
        WHERE r.id > $1 AND r.status <> 'pending'`,
      [demoMax, providerIds],
    );
    process.stderr.write(`${Math.round((Date.now() - entriesStarted) / 1000)} s\n`);

    // The member's question of every referral Completed with the service provided: due 3 days after completion;
    // sent when due (unless it is due within the last 15 minutes: the job's next ticks), 3 in 100 skipped; of the
    // sent, 80 % answered YES and 13 % NO within a day or so (as the demo data).
    process.stderr.write('  member follow-ups… ');
    const followStarted = Date.now();
    await client.query(
      `INSERT INTO member_follow_ups (referral_id, organization_id, provider_id, due_at, sent_at, expires_at,
                                      phone_digits, language, answer, answered_at, skipped_reason, created_at)
       SELECT r.id, r.organization_id, r.matched_provider_id, d.due_at, s.sent_at,
              s.sent_at + interval '7 days',
              CASE WHEN s.sent_at IS NOT NULL THEN regexp_replace(r.phone_number, '[^0-9]', '', 'g') END,
              CASE WHEN s.sent_at IS NOT NULL THEN
                CASE WHEN lower(trim(r.preferred_language)) = 'spanish' THEN 'es' ELSE 'en' END END,
              a.answer, CASE WHEN a.answer IS NOT NULL THEN s.sent_at + (1 + d.k % 30) * interval '1 hour' END,
              CASE WHEN d.k % 100 < 3 AND d.due_at <= now() THEN 'not completed any more' END,
              r.completed_at
         FROM referrals r
         CROSS JOIN LATERAL (SELECT r.completed_at + interval '3 days' AS due_at, abs(hashint4(r.id + 505)) AS k) d
         CROSS JOIN LATERAL (SELECT CASE WHEN d.due_at <= now() - interval '15 minutes' AND d.k % 100 >= 3
                                         THEN d.due_at + interval '1 minute' END AS sent_at) s
         CROSS JOIN LATERAL (SELECT CASE WHEN s.sent_at IS NULL
                                           OR s.sent_at + (1 + d.k % 30) * interval '1 hour' > now() THEN NULL
                                         WHEN d.k % 100 < 80 THEN 'yes' WHEN d.k % 100 < 93 THEN 'no' END AS answer) a
        WHERE r.id > $1 AND r.status = 'completed' AND r.outcome = 'service_provided'`,
      [demoMax],
    );
    process.stderr.write(`${Math.round((Date.now() - followStarted) / 1000)} s\n`);
    for (const table of ['referrals', 'referral_provider_matches', 'member_follow_ups']) {
      await client.query(`VACUUM ANALYZE ${table}`);
    }
    loadS = round((Date.now() - started) / 1000, 1);
    console.error(`bench: loaded in ${loadS} s`);

    const one = async (text: string, params: unknown[] = []) =>
      Number(Object.values((await client.query(text, params)).rows[0] as Record<string, unknown>)[0]);
    sizes.providers = providerIds.length;
    sizes.referrals = await one('SELECT count(*) FROM referrals');
    sizes.organization_referrals = await one('SELECT count(*) FROM referrals WHERE organization_id = $1', [
      plan,
    ]);
    sizes.matched = await one(`SELECT count(*) FROM referrals WHERE status = 'matched'`);
    sizes.serving = await one(
      `SELECT count(*) FROM referrals WHERE acceptance_status = 'accepted'
          AND status IN ('accepted', 'authorized', 'in_progress', 'on_hold')`,
    );
    sizes.completed = await one(`SELECT count(*) FROM referrals WHERE status = 'completed'`);
    sizes.entries = await one('SELECT count(*) FROM referral_provider_matches');
    sizes.entries_sent = await one(`SELECT count(*) FROM referral_provider_matches WHERE status = 'sent'`);
    sizes.entries_overdue = await one(
      `SELECT count(*) FROM referral_provider_matches WHERE status = 'sent' AND expires_at <= now()`,
    );
    sizes.referrals_overdue = await one(
      `SELECT count(*) FROM referrals WHERE acceptance_status = 'pending' AND expires_at <= now() AND status = 'matched'`,
    );
    sizes.follow_ups = await one('SELECT count(*) FROM member_follow_ups');
    sizes.follow_ups_sent = await one('SELECT count(*) FROM member_follow_ups WHERE sent_at IS NOT NULL');
    sizes.follow_ups_due = await one(
      'SELECT count(*) FROM member_follow_ups WHERE due_at <= now() AND sent_at IS NULL AND skipped_reason IS NULL',
    );
    sizes.auto_matched = await one(
      'SELECT count(*) FROM referrals WHERE organization_id = $1 AND auto_matched_at IS NOT NULL',
      [plan],
    );
    console.error(`bench: ${JSON.stringify(sizes)}`);

    // The provider the most referrals were sent to (its inbound SMS finds the most), and a number a question was
    // sent to 10 days ago (a member's reply within the 30 days the lookup looks back).
    provider = await one(
      `SELECT provider_id FROM referral_provider_matches WHERE status = 'sent'
        GROUP BY provider_id ORDER BY count(*) DESC, provider_id LIMIT 1`,
    );
    const { rows: phone } = await client.query<{ phone_digits: string }>(
      `SELECT phone_digits FROM member_follow_ups WHERE sent_at <= now() - interval '10 days'
          AND sent_at > now() - interval '30 days' ORDER BY sent_at DESC, id DESC LIMIT 1`,
    );
    if (!phone[0]) throw new Error('no follow-up was sent in the last 30 days: too few referrals?');
    digits = phone[0].phone_digits;

    // The statements the code sends, recorded by Drizzle's logger from the repository functions themselves.
    let captured: Captured[] = [];
    const db = drizzle({
      client,
      schema,
      logger: { logQuery: (text, params) => captured.push({ text, params }) },
    }) as unknown as Db;
    const capture = async (run: () => Promise<unknown>, pick: (q: Captured) => boolean = () => true) => {
      captured = [];
      await run();
      const found = captured.filter(pick);
      if (found.length !== 1) throw new Error(`expected one statement, recorded ${captured.length}`);
      return found[0]!;
    };
    const now = new Date();
    // The callers' arguments: one provider (the SMS's number may name several), LATE_REPLY_DAYS = 30
    // (member-follow-up.ts), the jobs' batches of 100 (BATCH_SIZE in member-follow-up.ts and expiry.ts).
    const queries: { name: string; code: string; query: Captured }[] = [
      {
        name: 'SMS: referrals awaiting the provider',
        code: 'sms/repo.ts referralsAwaiting',
        query: await capture(() => smsRepo.referralsAwaiting(db, [provider])),
      },
      {
        name: 'SMS: referrals the provider serves',
        code: 'sms/repo.ts referralsServing',
        query: await capture(() => smsRepo.referralsServing(db, [provider])),
      },
      {
        name: "SMS: member's reply, newest question to the number",
        code: 'follow-up-repo.ts latestSentTo',
        query: await capture(() => followUps.latestSentTo(db, digits, 30)),
      },
      {
        name: 'follow-up job: due questions (FOR UPDATE SKIP LOCKED)',
        code: 'follow-up-repo.ts lockDueFollowUps',
        query: await capture(() => followUps.lockDueFollowUps(db, now, 100)),
      },
      {
        name: 'expiry job: sent entries past their window',
        code: 'entry-lifecycle.ts referralsWithOverdueEntries',
        query: await capture(() => referralsWithOverdueEntries(db, now, 100)),
      },
      {
        name: 'expiry job: matched referrals past their window',
        code: 'referrals/repo.ts overdueBatchQuery',
        query: await capture(() => overdueBatchQuery(db, now, 100)),
      },
      {
        name: 'Auto-Match: Last Run, biggest organization',
        code: 'matching/repo.ts autoMatchCounts (max)',
        query: await capture(
          () => matchingRepo.autoMatchCounts(db, plan),
          (q) => /max\(/i.test(q.text),
        ),
      },
    ];

    for (const { name, code, query } of queries) {
      process.stderr.write(`  ${name}: `);
      await explainRuns(client, query, 3); // warm the cache
      const indexed = await explainRuns(client, query, QUERY_RUNS);
      const plan = await planLines(client, query, true);
      await client.query('SET enable_indexscan = off');
      await client.query('SET enable_bitmapscan = off');
      await client.query('SET enable_indexonlyscan = off');
      const scanned = await explainRuns(client, query, SCAN_RUNS);
      const scanPlan = await planLines(client, query, false);
      await client.query('RESET enable_indexscan');
      await client.query('RESET enable_bitmapscan');
      await client.query('RESET enable_indexonlyscan');
      process.stderr.write(
        `${round(percentile(indexed.times, 50), 3)} ms with the index, ${round(percentile(scanned.times, 50), 1)} ms without\n`,
      );
      measured.push({
        name,
        code,
        rows: indexed.last.Plan['Actual Rows'],
        indexed: indexed.times,
        scanned: scanned.times,
        jitMs: scanned.last.JIT?.Timing?.Total ?? 0,
        plan,
        scanPlan,
      });
    }
  } finally {
    await client.end();
  }

  const results = measured.map((m) => {
    const p50 = percentile(m.indexed, 50);
    const without = percentile(m.scanned, 50);
    return {
      query: m.name,
      code: m.code,
      rows: m.rows,
      indexed_p50_ms: round(p50, 3),
      indexed_p95_ms: round(percentile(m.indexed, 95), 3),
      without_index_p50_ms: round(without, 2),
      without_index_jit_ms: round(m.jitMs, 1),
      ratio: round(without / Math.max(p50, 0.001), without < 10 * p50 ? 1 : 0),
      plan: describe(m.plan),
      plan_without_index: describe(m.scanPlan),
      seq_scan_with_index: m.plan.some((l) => /Seq Scan/.test(l)),
      // An index walked end to end (a filter, not its condition, picks the rows) is a scan as well.
      rows_removed_by_filter: Math.max(
        0,
        ...m.plan.map((l) => Number(/Rows Removed by Filter: (\d+)/.exec(l)?.[1] ?? 0)),
      ),
      full_plan: m.plan,
    };
  });

  console.log('');
  console.log(
    `Trust Marketplace referral loop bench: postgres, ${sizes.referrals!.toLocaleString('en-US')} referrals (${count.toLocaleString('en-US')} generated), ${sizes.entries!.toLocaleString('en-US')} matched provider entries, ${sizes.follow_ups!.toLocaleString('en-US')} member follow-ups, ${os.cpus().length} cpus, node ${process.version}`,
  );
  console.log(
    `provider ${provider}; number ${digits}; organization ${plan}; EXPLAIN (ANALYZE, TIMING OFF) execution time, ${QUERY_RUNS} runs with the index, ${SCAN_RUNS} without`,
  );
  printColumns(
    ['query', 'rows', 'index p50 ms', 'index p95 ms', 'without p50 ms', 'ratio'],
    results.map((r) => [
      r.query,
      String(r.rows),
      r.indexed_p50_ms.toFixed(3),
      r.indexed_p95_ms.toFixed(3),
      r.without_index_p50_ms.toFixed(1),
      `${r.ratio < 10 ? r.ratio.toFixed(1) : r.ratio.toFixed(0)}×`,
    ]),
  );
  console.log('');
  for (const r of results) {
    console.log(`${r.query} (${r.code})`);
    console.log(`  with the index: ${r.plan}`);
    console.log(
      `  without:        ${r.plan_without_index}${r.without_index_jit_ms ? ` (JIT ${r.without_index_jit_ms} ms)` : ''}`,
    );
    if (r.seq_scan_with_index) console.log('  !! a Seq Scan even with the indexes');
    if (r.rows_removed_by_filter > 10_000) {
      console.log(`  !! reads ${r.rows_removed_by_filter} rows it filters out, to return ${r.rows}`);
    }
    for (const l of r.full_plan) console.log(`     ${l}`);
  }
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'referral-loop',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      generated: count,
      load_s: loadS,
      sizes,
      provider,
      organization: plan,
      query_runs: QUERY_RUNS,
      scan_runs: SCAN_RUNS,
      queries: results.map(({ full_plan: _, ...r }) => r),
    }),
  );
});
