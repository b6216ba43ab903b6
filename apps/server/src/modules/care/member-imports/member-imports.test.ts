import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  MEMBER_IMPORT_MESSAGES,
  type MemberImport,
  type MemberImportPreview,
  type MemberList,
} from '@trust/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  bearer,
  buildTestApp,
  expectEnvelope,
  login,
  one,
  orgId,
  type TestApp,
} from '../../../../test/helpers.ts';
import { multipart } from '../../../../test/multipart.ts';
import { systemContext } from '../../../platform/context.ts';
import { runImport } from './service.ts';

// Issue #15 item 4 and "Bad input and failure": upload → match → preview → import (a job) → refusal file;
// re-running the same file changes nothing; bad files make no import; roles.

let t: TestApp;
let call: ReturnType<typeof api>;
let dataDir: string;
let plan: number;
let harbor: number;
let manager: string;
let staff: string;
let cbo: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-imports-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  call = api(t);
  plan = await orgId(t, 'Golden Valley Health Plan');
  // A clean slate: the demo's own custom fields and mappings (demo-data/member-fields.ts) are not this file's.
  await t.database.query('DELETE FROM field_mappings WHERE organization_id = $1', [plan]);
  await t.database.query('DELETE FROM custom_fields WHERE organization_id = $1', [plan]);
  harbor = await orgId(t, 'Harbor Community Services');
  manager = await login(t.app, 'manager@trust.demo');
  staff = await login(t.app, 'coordinator@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  await call('POST', '/api/custom-fields/', manager, plan, {
    name: 'housing_status',
    type: 'str',
    friendly_name: 'Housing status',
    category: 'Housing',
  });
  await call('POST', '/api/custom-fields/', manager, plan, {
    name: 'enrolled_on',
    type: 'date',
    friendly_name: 'Plan enrollment date',
  });
  await call('POST', '/api/custom-fields/mappings', manager, plan, {
    db_column: 'medicaid_id',
    alternative: 'CIN',
    source_system: 'Golden Valley 834',
  });
  await call('POST', '/api/custom-fields/mappings', manager, plan, {
    db_column: 'housing_status',
    alternative: 'HSG_STAT',
    source_system: 'Golden Valley 834',
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const CSV = [
  'MBR_FIRST_NM,Last Name,CIN,Patient ID,Date of Birth,Sex,HSG_STAT,Plan enrollment date',
  'Ana,Alvarez,IMP0001,00042,03/15/1980,F,Shelter,2024-01-05',
  'Ben,Brooks,IMP0002,00043,1975-07-01,M,Housed,45356',
  'Cy,,IMP0003,00044,1990-01-01,M,Housed,', // no last name
  'Dee,Diaz,IMP0004,00045,02/30/1985,F,Housed,', // no such date
  'Eve,Evans,IMP0001,00046,1988-08-08,F,Housed,', // the same Medicaid ID as row 2
].join('\r\n');

function upload(
  data: Buffer | string,
  filename = 'roster.csv',
  token = manager,
  org = plan,
  extra: Record<string, string> = {},
) {
  const { body, contentType } = multipart([
    ...Object.entries(extra).map(([name, value]) => ({ name, data: value })),
    { name: 'file', filename, data },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/members/imports',
    headers: { ...bearer(token, org), 'content-type': contentType },
    payload: body,
  });
}

async function uploaded(data: Buffer | string, filename = 'roster.csv') {
  const res = await upload(data, filename, manager, plan, { source_system: 'Golden Valley 834' });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    import: MemberImport;
    columns: { column: string; field: string | null; matched_by: string | null }[];
  };
}

const MAP = {
  MBR_FIRST_NM: 'first_name',
  'Last Name': 'last_name',
  CIN: 'medicaid_id',
  'Patient ID': 'patient_no',
  'Date of Birth': 'dob',
  Sex: 'gender',
  HSG_STAT: 'housing_status',
  'Plan enrollment date': 'enrolled_on',
};

async function importFile(
  data: Buffer | string,
  onExisting: 'update' | 'skip' = 'update',
  filename = 'roster.csv',
) {
  const up = await uploaded(data, filename);
  const res = await call('POST', `/api/members/imports/${up.import.id}/start`, manager, plan, {
    source_system: 'Golden Valley 834',
    column_map: MAP,
    on_existing: onExisting,
  });
  expect(res.statusCode, res.body).toBe(202);
  return res.json() as MemberImport;
}

describe('upload and matching', () => {
  it("matches columns through the source system's mappings first, then by similar names", async () => {
    const up = await uploaded(CSV);
    expect(up.import).toMatchObject({
      status: 'uploaded',
      total_rows: 5,
      file_format: 'csv',
      source_system: 'Golden Valley 834',
    });
    const byColumn = Object.fromEntries(up.columns.map((c) => [c.column, [c.field, c.matched_by]]));
    expect(byColumn).toMatchObject({
      CIN: ['medicaid_id', 'mapping'],
      HSG_STAT: ['housing_status', 'mapping'],
      MBR_FIRST_NM: ['first_name', 'name'],
      'Last Name': ['last_name', 'name'],
      'Patient ID': ['patient_no', 'name'],
      'Date of Birth': ['dob', 'name'],
      Sex: ['gender', 'name'],
      'Plan enrollment date': ['enrolled_on', 'name'],
    });
  });

  it('previews every row: the count refused and the first reasons, writing nothing', async () => {
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM members');
    const up = await uploaded(CSV);
    const res = await call('POST', `/api/members/imports/${up.import.id}/preview`, manager, plan, {
      source_system: 'Golden Valley 834',
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview: MemberImportPreview = res.json();
    expect(preview).toMatchObject({ problem: null, total_rows: 5, refused_rows: 2 });
    expect(preview.errors).toEqual([
      { row: 4, reason: 'First name and last name are required' },
      { row: 5, reason: 'Date of birth is not a date (use YYYY-MM-DD, MM/DD/YYYY or an Excel date).' },
    ]);
    expect((await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM members')).n).toBe(before.n);
  });

  it('says what a column map lacks', async () => {
    const up = await uploaded(CSV);
    const res = await call('POST', `/api/members/imports/${up.import.id}/preview`, manager, plan, {
      column_map: { MBR_FIRST_NM: 'first_name', 'Last Name': 'last_name' },
    });
    expect(res.json().problem).toMatch(/Match a column to Medicaid ID or to Patient number/);
    const start = await call('POST', `/api/members/imports/${up.import.id}/start`, manager, plan, {
      column_map: { MBR_FIRST_NM: 'first_name', CIN: 'first_name', 'Last Name': 'last_name' },
    });
    expect(expectEnvelope(start, 400).detail).toBe('First name is matched to two columns; keep one.');
  });
});

describe('the import', () => {
  it('imports the good rows, refuses the others with a reason each, keeps leading zeros and reads Excel serial dates', async () => {
    const done = await importFile(CSV);
    expect(done).toMatchObject({
      status: 'completed',
      processed_rows: 5,
      created_count: 2,
      refused_count: 3,
      progress_percent: 100,
    });
    const ana = await one<{
      patient_no: string;
      dob: string;
      gender: string;
      custom_fields: Record<string, unknown>;
    }>(
      t,
      "SELECT patient_no, dob::text AS dob, gender, custom_fields FROM members WHERE medicaid_id = 'IMP0001'",
    );
    expect(ana).toEqual({
      patient_no: '00042',
      dob: '1980-03-15',
      gender: 'Female',
      custom_fields: { housing_status: 'Shelter', enrolled_on: '2024-01-05' },
    });
    const ben = await one<{ custom_fields: Record<string, unknown> }>(
      t,
      "SELECT custom_fields FROM members WHERE medicaid_id = 'IMP0002'",
    );
    expect(ben.custom_fields.enrolled_on).toBe('2024-03-05');

    const refusals = await t.app.inject({
      method: 'GET',
      url: `/api/members/imports/${done.id}/refusals`,
      headers: bearer(manager, plan),
    });
    expect(refusals.headers['content-type']).toMatch(/^text\/csv/);
    expect(refusals.headers['content-disposition']).toMatch(/roster-refused-rows\.csv/);
    const lines = refusals.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Row,Reason,MBR_FIRST_NM,Last Name,CIN,Patient ID,Date of Birth,Sex,HSG_STAT,Plan enrollment date',
    );
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(['4', '5', '6']);
    expect(lines[3]).toContain('The same member as row 2 of this file.');
    const audit = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'member_import.refusals_read' AND entity_id = $1",
      [String(done.id)],
    );
    expect(audit.n).toBe(1);
  });

  it('changes nothing when the same file is imported again; skip leaves members on file as they are', async () => {
    const again = await importFile(CSV);
    expect(again).toMatchObject({
      status: 'completed',
      created_count: 0,
      updated_count: 0,
      unchanged_count: 2,
      refused_count: 3,
    });
    const changed = CSV.replace('Shelter', 'Housed');
    const skipped = await importFile(changed, 'skip');
    expect(skipped).toMatchObject({ created_count: 0, skipped_count: 2 });
    const updated = await importFile(changed, 'update');
    expect(updated).toMatchObject({ updated_count: 1, unchanged_count: 1 });
    const ana = await one<{ custom_fields: Record<string, unknown> }>(
      t,
      "SELECT custom_fields FROM members WHERE medicaid_id = 'IMP0001'",
    );
    expect(ana.custom_fields.housing_status).toBe('Housed');
  });

  it('refuses a row whose Medicaid ID and patient number name two members; an empty cell keeps what is on file', async () => {
    const file = [
      'MBR_FIRST_NM,Last Name,CIN,Patient ID,Date of Birth,Sex,HSG_STAT,Plan enrollment date',
      'Ana,Alvarez,IMP0001,00043,,,,', // Ana's Medicaid ID, Ben's patient number
      'Benjamin,Brooks,,00043,,,,', // Ben by patient number: the new first name only
    ].join('\n');
    const done = await importFile(file);
    expect(done).toMatchObject({ status: 'completed', refused_count: 1, updated_count: 1 });
    const refusals = await t.app.inject({
      method: 'GET',
      url: `/api/members/imports/${done.id}/refusals`,
      headers: bearer(manager, plan),
    });
    expect(refusals.body).toContain(MEMBER_IMPORT_MESSAGES.identifiersOfTwoMembers);
    const ben = await one<{ first_name: string; medicaid_id: string; dob: string; gender: string }>(
      t,
      "SELECT first_name, medicaid_id, dob::text AS dob, gender FROM members WHERE patient_no = '00043'",
    );
    expect(ben).toEqual({
      first_name: 'Benjamin',
      medicaid_id: 'IMP0002',
      dob: '1975-07-01',
      gender: 'Male',
    });
  });

  it('reads an XLSX file: text IDs keep their zeros, date cells become dates', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Members');
    sheet.addRow(['First Name', 'Last Name', 'Medicaid ID', 'Patient ID', 'DOB']);
    sheet.addRow(['Xia', 'Xu', 'XLS001', '000777', new Date(Date.UTC(1970, 0, 2))]);
    sheet.addRow(['Yan', 'Yu', 'XLS002', '000778', '12/31/1999']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const up = await uploaded(bytes, 'roster.xlsx');
    expect(up.import).toMatchObject({ file_format: 'xlsx', total_rows: 2 });
    const res = await call('POST', `/api/members/imports/${up.import.id}/start`, manager, plan, {
      column_map: {
        'First Name': 'first_name',
        'Last Name': 'last_name',
        'Medicaid ID': 'medicaid_id',
        'Patient ID': 'patient_no',
        DOB: 'dob',
      },
    });
    expect(res.json()).toMatchObject({ status: 'completed', created_count: 2 });
    const xia = await one<{ patient_no: string; dob: string }>(
      t,
      "SELECT patient_no, dob::text AS dob FROM members WHERE medicaid_id = 'XLS001'",
    );
    expect(xia).toEqual({ patient_no: '000777', dob: '1970-01-02' });
  });

  it('resumes where the last committed batch stopped, and stops when cancelled', async () => {
    const rows = Array.from({ length: 2500 }, (_, i) => `R${i},Resume,RES${String(i).padStart(5, '0')}`);
    const file = ['First Name,Last Name,Medicaid ID', ...rows].join('\n');
    const up = await uploaded(file);
    // Queued as if a worker had died after its first batch: progress 1000, status running.
    await t.database.query(
      `UPDATE member_imports SET status = 'running', column_map = $2, processed_rows = 1000 WHERE id = $1`,
      [
        up.import.id,
        JSON.stringify({
          'First Name': 'first_name',
          'Last Name': 'last_name',
          'Medicaid ID': 'medicaid_id',
        }),
      ],
    );
    await runImport(systemContext(t.app.deps, 'test'), { importId: up.import.id });
    const row = await one<{ status: string; processed_rows: number; created_count: number }>(
      t,
      'SELECT status, processed_rows, created_count FROM member_imports WHERE id = $1',
      [up.import.id],
    );
    expect(row).toEqual({ status: 'completed', processed_rows: 2500, created_count: 1500 });
    const first = await one<{ n: number }>(
      t,
      "SELECT count(*)::int AS n FROM members WHERE medicaid_id IN ('RES00000', 'RES00999')",
    );
    expect(first.n).toBe(0); // rows of the batch before the "crash" are not written twice (here: not at all)

    const cancelled = await uploaded(file);
    const c = await call('POST', `/api/members/imports/${cancelled.import.id}/cancel`, manager, plan);
    expect(c.json()).toMatchObject({ status: 'cancelled' });
    expectEnvelope(
      await call('POST', `/api/members/imports/${cancelled.import.id}/cancel`, manager, plan),
      409,
    );
    expectEnvelope(
      await call('POST', `/api/members/imports/${cancelled.import.id}/start`, manager, plan, {
        column_map: { 'First Name': 'first_name', 'Last Name': 'last_name', 'Medicaid ID': 'medicaid_id' },
      }),
      409,
    );
  });
});

describe('bad files and roles', () => {
  it('refuses a file that is not CSV or XLSX, an old XLS, an empty file, a header without rows: no import made', async () => {
    const before = await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM member_imports');
    const cases: [Buffer | string, string, string][] = [
      [Buffer.from('%PDF-1.7\n\u0000\u0001binary'), 'roster.csv', 'not a CSV'],
      [
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        'roster.xls',
        'Old Excel files (.xls)',
      ],
      ['', 'roster.csv', 'The file is empty.'],
      ['First Name,Last Name\n', 'roster.csv', 'header row'],
    ];
    for (const [data, filename, words] of cases) {
      const res = await upload(data, filename);
      expect(expectEnvelope(res, 400).detail).toContain(words);
    }
    const noFile = multipart([{ name: 'source_system', data: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/members/imports',
      headers: { ...bearer(manager, plan), 'content-type': noFile.contentType },
      payload: noFile.body,
    });
    expectEnvelope(res, 400);
    expect((await one<{ n: number }>(t, 'SELECT count(*)::int AS n FROM member_imports')).n).toBe(before.n);
  });

  it('is for managers and administrators of the organization only', async () => {
    expectEnvelope(await upload(CSV, 'roster.csv', staff), 403);
    expectEnvelope(await call('GET', '/api/members/imports', staff, plan), 403);
    const up = await uploaded(CSV);
    expectEnvelope(await call('GET', `/api/members/imports/${up.import.id}`, cbo, harbor), 404);
    expectEnvelope(await call('GET', `/api/members/imports/${up.import.id}/refusals`, cbo, harbor), 404);
    expectEnvelope(await call('GET', `/api/members/imports/${up.import.id}`, null, plan), 401);
    const list = (await call('GET', '/api/members/imports', manager, plan)).json() as {
      imports: MemberImport[];
    };
    expect(list.imports[0]?.id).toBe(up.import.id);
    const members: MemberList = (await call('GET', '/api/members/?search=imp0001', manager, plan)).json();
    expect(members.total).toBe(1);
  });
});
