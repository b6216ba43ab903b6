import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Case,
  CONNECTIONS,
  DURATION_S,
  machine,
  measureAgainstCeiling,
  positiveInt,
  printTable,
  round,
  rssMb,
  runBench,
  signIn,
  startHello,
  startServer,
  tempDir,
  WARMUP_S,
} from './lib.ts';
import { generateMembers } from './member-generator.ts';

/**
 * The member registry at scale (issue #15 "Done when"), on PostgreSQL:
 * 1. Import: a BENCH_IMPORT_ROWS-row (default 100,000) CSV in a plan's layout (names, Medicaid ID, patient number
 *    with leading zeros, US dates, gender codes, two custom fields) uploaded, matched and imported through the
 *    API, the job running in the server as in production; rows/s from the start to "completed", and the server
 *    process's peak resident memory (VmHWM) during it. Aim: ≥ 5,000 rows/s, ≤ 300 MB.
 * 2. Lists: BENCH_MEMBERS (default 1,000,000) members in the organization, then the member list's first page
 *    (50 a page, by name, with its total) and its searches (a surname fragment, a Medicaid ID), at
 *    BENCH_CONNECTIONS (default 50 here) against the hello-world ceiling of the same run.
 */
await runBench(async () => {
  if (!process.env.DATABASE_URL) {
    console.error(
      'bench:members needs PostgreSQL: set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres).',
    );
    process.exitCode = 2;
    return;
  }
  const importRows = positiveInt('BENCH_IMPORT_ROWS', 100_000);
  const memberCount = positiveInt('BENCH_MEMBERS', 1_000_000);
  const helloUrl = await startHello();
  const server = await startServer();
  const token = await signIn(server.base, 'manager@trust.demo', server.password);
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  const plan = (
    await client.query<{ id: number }>(
      "SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'",
    )
  ).rows[0]!.id;
  const headers = { authorization: `Bearer ${token}`, 'x-cbo-id': String(plan) };

  // --- 1. The import ---
  const dir = tempDir('tm-bench-members-');
  const file = path.join(dir, 'roster.csv');
  const out = fs.createWriteStream(file);
  out.write('MBR_FIRST_NM,MBR_LAST_NM,CIN,PATIENT_ID,MBR_DOB,SEX_CD,PHONE_NBR,HSG_STAT,HH_SIZE\n');
  for (let i = 0; i < importRows; i++) {
    const dob = `${String((i % 12) + 1).padStart(2, '0')}/${String((i % 28) + 1).padStart(2, '0')}/${1940 + (i % 65)}`;
    out.write(
      `First${i},Last${i % 5000},BI${String(i).padStart(8, '0')},${String(i).padStart(9, '0')},${dob},${i % 2 ? 'F' : 'M'},(406) 555-${String(i % 10000).padStart(4, '0')},${i % 3 ? 'Housed' : 'Shelter'},${(i % 6) + 1}\n`,
    );
  }
  await new Promise<void>((resolve) => out.end(resolve));
  const bytes = fs.statSync(file).size;
  console.error(`bench: ${importRows.toLocaleString('en-US')}-row CSV, ${round(bytes / 1024 / 1024, 1)} MB`);
  const form = new FormData();
  form.append('source_system', 'Golden Valley 834');
  form.append('file', new Blob([fs.readFileSync(file)], { type: 'text/csv' }), 'roster.csv');
  const uploadedAt = Date.now();
  const up = await fetch(`${server.base}/api/members/imports`, { method: 'POST', headers, body: form });
  if (!up.ok) throw new Error(`upload failed: HTTP ${up.status} ${await up.text()}`);
  const uploaded = (await up.json()) as { import: { id: number } };
  const uploadS = (Date.now() - uploadedAt) / 1000;
  const columnMap = {
    MBR_FIRST_NM: 'first_name',
    MBR_LAST_NM: 'last_name',
    CIN: 'medicaid_id',
    PATIENT_ID: 'patient_no',
    MBR_DOB: 'dob',
    SEX_CD: 'gender',
    PHONE_NBR: 'phone_no',
    HSG_STAT: 'housing_status',
    HH_SIZE: 'household_size',
  };
  // The server's resident memory, sampled while the import runs (its lifetime peak includes start-up and the demo
  // data load, which are not the import's). "Before" is read once the server has settled after start-up (its
  // memory no longer falling), so the difference is the import's.
  await settled(server.pid);
  const rssBefore = rssMb(server.pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(server.pid));
  }, 100);
  const startedAt = Date.now();
  const start = await fetch(`${server.base}/api/members/imports/${uploaded.import.id}/start`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      source_system: 'Golden Valley 834',
      column_map: columnMap,
      on_existing: 'update',
    }),
  });
  if (start.status !== 202) throw new Error(`start failed: HTTP ${start.status} ${await start.text()}`);
  let result: Record<string, number | string> = {};
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    result = (await (
      await fetch(`${server.base}/api/members/imports/${uploaded.import.id}`, { headers })
    ).json()) as typeof result;
    if (!['queued', 'running'].includes(String(result.status))) break;
  }
  const importS = (Date.now() - startedAt) / 1000;
  clearInterval(sampler);
  if (result.status !== 'completed') throw new Error(`the import ended ${result.status}: ${result.error}`);
  const rowsPerS = round(importRows / importS, 0);
  console.error(
    `bench: imported ${result.created_count} rows in ${round(importS, 1)} s (${rowsPerS} rows/s), upload ${round(uploadS, 1)} s; server RSS peak ${rssPeak} MB during the import (${rssBefore} MB before it)`,
  );

  // --- 2. The lists at a million members ---
  const existing = (
    await client.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE organization_id = $1', [
      plan,
    ])
  ).rows[0]!.n;
  const toAdd = Math.max(0, memberCount - existing);
  console.error(`bench: adding ${toAdd.toLocaleString('en-US')} members (the organization has ${existing})…`);
  const loadedAt = Date.now();
  await generateMembers(client, plan, toAdd);
  console.error(`bench: loaded in ${Math.round((Date.now() - loadedAt) / 1000)} s`);
  await client.end();

  const list = (query: string) => `${server.base}/api/members/?${query}`;
  const surname = 'nguyen17';
  const rows = await measureAgainstCeiling([
    { name: 'hello-world (ceiling)', url: helloUrl },
    { name: 'members: page 1 (50, by name) + total', url: list('page=1&page_size=50'), headers },
    { name: 'members: page 200 + total', url: list('page=200&page_size=50'), headers },
    { name: `members: search "${surname}" + total`, url: list(`search=${surname}`), headers },
    { name: 'members: search a Medicaid ID', url: list('search=BM000123456'), headers },
  ] satisfies Case[]);

  console.log('');
  console.log(
    `Trust Marketplace members bench: postgres, import ${importRows.toLocaleString('en-US')} rows, ${memberCount.toLocaleString('en-US')} members, ${os.cpus().length} cpus, node ${process.version}`,
  );
  console.log(
    `import: ${rowsPerS} rows/s (${round(importS, 1)} s), server RSS peak ${rssPeak} MB during it (${rssBefore} MB before)`,
  );
  printTable(rows);
  console.log('');
  console.log(
    JSON.stringify({
      bench: 'members',
      date: new Date().toISOString(),
      machine: machine(),
      database: server.databaseKind,
      import: {
        rows: importRows,
        bytes,
        seconds: round(importS, 2),
        rows_per_s: rowsPerS,
        upload_s: round(uploadS, 2),
        rss_before_mb: rssBefore,
        rss_peak_mb: rssPeak,
        result,
      },
      members: memberCount,
      connections: CONNECTIONS,
      warmup_s: WARMUP_S,
      duration_s: DURATION_S,
      cases: rows,
    }),
  );
});

/**
 * Waits until the process's resident memory has not fallen for 30 s (at most 3 minutes): V8 returns the
 * start-up's garbage (migrations, the demo data) some 30 s after the server goes idle, and the import is
 * measured from the server's steady state, not from its start-up's leftovers.
 */
async function settled(pid: number): Promise<void> {
  let last = rssMb(pid);
  let steady = 0;
  for (let i = 0; i < 60 && steady < 10; i++) {
    await new Promise((r) => setTimeout(r, 3000));
    const now = rssMb(pid);
    steady = now >= last - 2 ? steady + 1 : 0;
    last = now;
  }
}
