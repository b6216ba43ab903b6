import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { MemberImport } from '@trust/domain';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, bearer, buildTestApp, login, orgId, type TestApp } from '../../../../test/helpers.ts';
import { multipart } from '../../../../test/multipart.ts';
import { eventually } from '../../../../test/voice-support.ts';

// Issue #15 item 4: with the job queue running, starting an import answers at once (queued) and the import runs
// in the background; its progress is read until it completes.

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-imports-job-'));
  t = await buildTestApp({ jobs: true, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('runs a started import as a job and reports its progress until it completes', {
  timeout: 60_000,
}, async () => {
  const plan = await orgId(t, 'Golden Valley Health Plan');
  const manager = await login(t.app, 'manager@trust.demo');
  const rows = Array.from({ length: 1500 }, (_, i) => `Job${i},Queue,JOB${String(i).padStart(5, '0')}`);
  const { body, contentType } = multipart([
    { name: 'file', filename: 'queued.csv', data: ['First Name,Last Name,Medicaid ID', ...rows].join('\n') },
  ]);
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/members/imports',
    headers: { ...bearer(manager, plan), 'content-type': contentType },
    payload: body,
  });
  expect(up.statusCode, up.body).toBe(201);
  const id = up.json().import.id as number;
  const start = await api(t)('POST', `/api/members/imports/${id}/start`, manager, plan, {
    column_map: { 'First Name': 'first_name', 'Last Name': 'last_name', 'Medicaid ID': 'medicaid_id' },
  });
  expect(start.statusCode).toBe(202);
  expect(start.json().status).toBe('queued');
  const done = await eventually(
    async () => {
      const res = (await api(t)('GET', `/api/members/imports/${id}`, manager, plan)).json() as MemberImport;
      return res.status === 'completed' ? res : undefined;
    },
    45_000,
    'the import job',
  );
  expect(done).toMatchObject({ processed_rows: 1500, created_count: 1500, progress_percent: 100 });
});
