import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Enrollment, EnrollmentDocument, EnrollmentDocumentList } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, type TestApp } from '../../../../test/helpers.ts';
import { type MultipartPart, multipart } from '../../../../test/multipart.ts';
import { samplePdf, samplePng } from '../../../../test/sample-files.ts';
import { eventually } from '../../../../test/voice-support.ts';
import {
  auditRows,
  call,
  type Demo,
  enroll,
  listenToEvents,
  makeMember,
  makeProgram,
  signInDemo,
} from './test-support.ts';

// 002 §2 "Upload Document", §3 Document, §7: documents of an enrollment, uploaded like a referral's case documents
// (checked by content, encrypted at rest, size-limited) and downloaded with their name.

let t: TestApp;
let d: Demo;
let events: ReturnType<typeof listenToEvents>;
let req: ReturnType<typeof call>;
let mine: Enrollment;
let theirs: Enrollment;
const MAX = 64 * 1024;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-enrollment-documents-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir, DOCUMENT_MAX_BYTES: String(MAX) } });
  d = await signInDemo(t);
  events = listenToEvents(t);
  req = call(t);
  const program = await makeProgram(t, d.plan);
  mine = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff,
  });
  theirs = await enroll(t, d.manager, d.plan, {
    member_id: (await makeMember(t, d.plan)).id,
    program_id: program.id,
    case_manager_user_id: d.ids.staff2,
  });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(token: string | null, parts: MultipartPart[], org = d.plan) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/enrollments/documents/',
    headers: { ...(token ? bearer(token, org) : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const fields = (enrollmentId: number, documentType = 'consent_form'): MultipartPart[] => [
  { name: 'enrollment_id', data: String(enrollmentId) },
  { name: 'document_type', data: documentType },
];

async function storedFiles(): Promise<number> {
  const [row] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM enrollment_documents');
  return row!.n;
}

describe('enrollment documents', () => {
  it('uploads a document (checked, stored encrypted), lists it, downloads it by name, and publishes document.uploaded', async () => {
    const pdf = samplePdf();
    const res = await upload(d.staff, [
      ...fields(mine.id),
      { name: 'file', filename: 'Consent – signed.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as EnrollmentDocument;
    expect(doc).toMatchObject({
      enrollment_id: mine.id,
      document_type: 'consent_form',
      file_name: 'Consent – signed.pdf',
      content_type: 'application/pdf',
      file_size: pdf.length,
      uploaded_by: d.ids.staff,
      uploaded_by_name: 'Casey Coordinator',
      can_delete: true,
    });
    const list = (
      await req('GET', `/api/enrollments/${mine.id}/documents`, d.viewer, d.plan)
    ).json() as EnrollmentDocumentList;
    expect(list).toMatchObject({ total: 1, max_file_size: MAX });
    expect(list.documents[0]).toMatchObject({ id: doc.id, can_delete: false });

    const download = await t.app.inject({
      method: 'GET',
      url: `/api/enrollments/documents/${doc.id}/download`,
      headers: bearer(d.manager, d.plan),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Consent _ signed.pdf"; filename*=UTF-8''Consent%20%E2%80%93%20signed.pdf`,
    );
    expect(download.headers['cache-control']).toBe('no-store');
    expect(await auditRows(t, 'enrollment_document.read', doc.id)).toHaveLength(1);
    expect(await auditRows(t, 'enrollment_document.uploaded', doc.id)).toHaveLength(1);

    // At rest the bytes are not the file's.
    const [row] = await t.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM enrollment_documents WHERE id = $1',
      [doc.id],
    );
    const file = path.join(dataDir, 'documents', row!.storage_key.slice(0, 2), row!.storage_key);
    expect(fs.readFileSync(file).includes(pdf.subarray(0, 40))).toBe(false);

    await events.settled();
    expect(events.about(mine.id)).toContainEqual([
      'document.uploaded',
      { document_id: doc.id, enrollment_id: mine.id, organization_id: d.plan, document_type: 'consent_form' },
    ]);
  });

  it('takes the fields after the file too, and defaults the type to other', async () => {
    const res = await upload(d.manager, [
      { name: 'file', filename: 'card.png', type: 'image/png', data: samplePng() },
      { name: 'enrollment_id', data: String(mine.id) },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ document_type: 'other', content_type: 'image/png' });
  });

  it('refuses a file whose content is not its type, a file over the limit, no file, bad fields; keeps nothing', async () => {
    const before = await storedFiles();
    const fake = await upload(d.staff, [
      ...fields(mine.id),
      { name: 'file', filename: 'scan.pdf', data: 'MZ not a pdf' },
    ]);
    expectEnvelope(fake, 415);
    const big = Buffer.concat([samplePdf(), Buffer.alloc(MAX)]);
    expectEnvelope(
      await upload(d.staff, [...fields(mine.id), { name: 'file', filename: 'big.pdf', data: big }]),
      413,
    );
    expectEnvelope(await upload(d.staff, fields(mine.id)), 400);
    const badType = await upload(d.staff, [
      ...fields(mine.id, 'selfie'),
      { name: 'file', filename: 'a.pdf', data: samplePdf() },
    ]);
    expect(expectEnvelope(badType, 400)).toMatchObject({ fields: { document_type: expect.any(String) } });
    const noEnrollment = await upload(d.staff, [{ name: 'file', filename: 'a.pdf', data: samplePdf() }]);
    expect(expectEnvelope(noEnrollment, 400)).toMatchObject({
      fields: { enrollment_id: expect.any(String) },
    });
    // Not multipart at all.
    expectEnvelope(
      await req('POST', '/api/enrollments/documents/', d.staff, d.plan, { enrollment_id: mine.id }),
      415,
    );
    expect(await storedFiles()).toBe(before);
  });

  it('refuses viewers (403), callers without a session (401), and enrollments the caller does not see (404)', async () => {
    const pdf = { name: 'file', filename: 'a.pdf', data: samplePdf() };
    expectEnvelope(await upload(d.viewer, [...fields(mine.id), pdf]), 403);
    expectEnvelope(await upload(null, [...fields(mine.id), pdf]), 401);
    expectEnvelope(await upload(d.staff, [...fields(theirs.id), pdf]), 404);
    expectEnvelope(await upload(d.cbo, [...fields(mine.id), pdf], d.harbor), 404);
    // Fields after the file: the stored file is removed again.
    const before = await storedFiles();
    expectEnvelope(await upload(d.staff, [pdf, ...fields(theirs.id)]), 404);
    expect(await storedFiles()).toBe(before);
    const theirDoc = (await upload(d.manager, [...fields(theirs.id), pdf])).json() as EnrollmentDocument;
    expectEnvelope(
      await req('GET', `/api/enrollments/documents/${theirDoc.id}/download`, d.staff, d.plan),
      404,
    );
    expectEnvelope(await req('GET', `/api/enrollments/${theirs.id}/documents`, d.staff, d.plan), 404);
    expectEnvelope(await req('DELETE', `/api/enrollments/documents/${theirDoc.id}`, d.staff, d.plan), 404);
    expectEnvelope(
      await req('GET', `/api/enrollments/documents/${theirDoc.id}/download`, d.cbo, d.harbor),
      404,
    );
  });

  it('lets the uploader or a manager delete a document, not another staff member; the file goes too', async () => {
    const pdf = { name: 'file', filename: 'plan.pdf', data: samplePdf() };
    const byManager = (await upload(d.manager, [...fields(mine.id), pdf])).json() as EnrollmentDocument;
    expect(byManager.can_delete).toBe(true);
    const refused = await req('DELETE', `/api/enrollments/documents/${byManager.id}`, d.staff, d.plan);
    expectEnvelope(refused, 403);
    const byStaff = (await upload(d.staff, [...fields(mine.id), pdf])).json() as EnrollmentDocument;
    const res = await req('DELETE', `/api/enrollments/documents/${byStaff.id}`, d.staff, d.plan);
    expect(res.json()).toEqual({ message: 'Document deleted', id: byStaff.id });
    expect(await auditRows(t, 'enrollment_document.deleted', byStaff.id)).toHaveLength(1);
    expectEnvelope(
      await req('GET', `/api/enrollments/documents/${byStaff.id}/download`, d.staff, d.plan),
      404,
    );
    expect(
      (await req('DELETE', `/api/enrollments/documents/${byManager.id}`, d.admin, d.plan)).statusCode,
    ).toBe(200);
  });

  it("removes an enrollment's files when the enrollment is deleted", async () => {
    const program = await makeProgram(t, d.plan);
    const e = await enroll(t, d.manager, d.plan, {
      member_id: (await makeMember(t, d.plan)).id,
      program_id: program.id,
    });
    const doc = (
      await upload(d.manager, [...fields(e.id), { name: 'file', filename: 'x.pdf', data: samplePdf() }])
    ).json() as EnrollmentDocument;
    const [row] = await t.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM enrollment_documents WHERE id = $1',
      [doc.id],
    );
    const file = path.join(dataDir, 'documents', row!.storage_key.slice(0, 2), row!.storage_key);
    expect(fs.existsSync(file)).toBe(true);
    expect((await req('DELETE', `/api/enrollments/${e.id}`, d.manager, d.plan)).statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(await orphans()).toBe(0);
  });

  /** An enrollment of a new member in `program` with one document; the path of its stored file. */
  async function documentFile(program: { id: number }) {
    const member = await makeMember(t, d.plan);
    const e = await enroll(t, d.manager, d.plan, { member_id: member.id, program_id: program.id });
    const doc = (
      await upload(d.manager, [...fields(e.id), { name: 'file', filename: 'x.pdf', data: samplePdf() }])
    ).json() as EnrollmentDocument;
    const [row] = await t.database.query<{ storage_key: string }>(
      'SELECT storage_key FROM enrollment_documents WHERE id = $1',
      [doc.id],
    );
    const file = path.join(dataDir, 'documents', row!.storage_key.slice(0, 2), row!.storage_key);
    expect(fs.existsSync(file)).toBe(true);
    return { member, file };
  }
  const orphans = async () =>
    (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM enrollment_document_orphans'))[0]!
      .n;
  const gone = (file: string) =>
    eventually(async () => (fs.existsSync(file) ? undefined : true), 10_000, `${file} removed`);

  it("removes the files of a deleted member's enrollment documents (the cascade leaves none behind)", async () => {
    const { member, file } = await documentFile(await makeProgram(t, d.plan));
    expect((await req('DELETE', `/api/members/${member.id}`, d.manager, d.plan)).statusCode).toBe(200);
    await gone(file);
    await eventually(async () => ((await orphans()) === 0 ? true : undefined), 10_000, 'no orphans left');
  });

  it("removes the files of a deleted program's enrollment documents", async () => {
    const program = await makeProgram(t, d.plan);
    const { file } = await documentFile(program);
    const res = await req('DELETE', `/api/programs/${program.id}?confirm=true`, d.manager, d.plan);
    expect(res.statusCode, res.body).toBe(200);
    await gone(file);
  });

  it('orphans nothing when a delete is rolled back', async () => {
    await t.database.exec(`BEGIN;
      DELETE FROM enrollment_documents WHERE id = (SELECT min(id) FROM enrollment_documents);
      ROLLBACK;`);
    expect(await orphans()).toBe(0);
  });
});
