import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ReferralDocument, ReferralDocumentList } from '@trust/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { type MultipartPart, multipart } from '../../../../test/multipart.ts';
import {
  sampleDoc,
  sampleDocx,
  sampleJpeg,
  samplePdf,
  samplePng,
  sampleText,
} from '../../../../test/sample-files.ts';
import type { Tx } from '../../../db/client.ts';
import { referralDocuments } from '../../../db/schema/index.ts';
import { inTransaction, systemContext } from '../../../platform/context.ts';
import { removeReferralDocuments } from './service.ts';

const MAX_BYTES = 3 * 1024 * 1024;
const ALLOWED_TEXT = 'Only PDF, DOC, DOCX, TXT, JPG, JPEG and PNG files can be uploaded.';

let t: TestApp;
let dataDir: string;
let storageDir: string;
let plan: number;
let harbor: number;
let coordinator: string;
let manager: string;
let viewer: string;
let cbo: string;
let staff: string;
let coordinatorId: number;
/** A referral of the plan that Harbor does not see. */
let planReferral: number;
/** A referral of the plan matched to Harbor's provider listing: both organizations see it. */
let sharedReferral: number;

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(sql, params);
  return row!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-documents-'));
  storageDir = path.join(dataDir, 'documents');
  // A limit above Fastify's 1 MiB bodyLimit, to show the limit that applies to uploads is this one.
  t = await buildTestApp({ env: { DATA_DIR: dataDir, DOCUMENT_MAX_BYTES: String(MAX_BYTES) } });
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  coordinatorId = (await one<{ id: number }>("SELECT id FROM users WHERE email = 'coordinator@trust.demo'"))
    .id;
  planReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r LEFT JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id IS DISTINCT FROM $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  sharedReferral = (
    await one<{ id: number }>(
      `SELECT r.id FROM referrals r JOIN providers p ON p.id = r.matched_provider_id
        WHERE r.organization_id = $1 AND p.organization_id = $2 ORDER BY r.id LIMIT 1`,
      [plan, harbor],
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  manager = await login(t.app, 'manager@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
  staff = await login(t.app, 'staff@trust.demo');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function upload(
  referralId: number,
  parts: MultipartPart[],
  token: string | null = coordinator,
  org: number | undefined = plan,
) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/referrals/${referralId}/documents`,
    headers: { ...(token ? bearer(token, org) : {}), 'content-type': contentType },
    payload: body,
  });
}

/** Uploads one file as the spec's client does (with its referral_id and uploaded_by fields) and expects 201. */
async function uploadFile(
  filename: string,
  data: Buffer,
  options: { referralId?: number; token?: string; org?: number; type?: string } = {},
): Promise<ReferralDocument> {
  const referralId = options.referralId ?? planReferral;
  const res = await upload(
    referralId,
    [
      { name: 'referral_id', data: '999999' },
      { name: 'uploaded_by', data: '1' },
      { name: 'file', filename, type: options.type ?? 'application/octet-stream', data },
    ],
    options.token ?? coordinator,
    options.org ?? plan,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ReferralDocument;
}

function api(
  method: 'GET' | 'DELETE',
  url: string,
  token: string | null = coordinator,
  org: number | undefined = plan,
) {
  return t.app.inject({ method, url, headers: token ? bearer(token, org) : {} });
}

async function list(referralId = planReferral, token = coordinator, org = plan) {
  const res = await api('GET', `/api/referrals/${referralId}/documents`, token, org);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReferralDocumentList;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Every file under the storage directory, temporary ones included. */
function storedFiles(): string[] {
  if (!fs.existsSync(storageDir)) return [];
  return fs
    .readdirSync(storageDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

async function rowOf(id: number) {
  const [row] = await t.database.query<{ storage_key: string; sha256: string; file_size: number }>(
    'SELECT storage_key, sha256, file_size::int AS file_size FROM referral_documents WHERE id = $1',
    [id],
  );
  return row;
}

function fileOf(storageKey: string): string {
  return path.join(storageDir, storageKey.slice(0, 2), storageKey);
}

async function until(predicate: () => boolean | Promise<boolean>, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await predicate()) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return predicate();
}

describe('POST /api/referrals/{id}/documents', () => {
  const types: [string, Buffer, string][] = [
    ['Referral form.pdf', samplePdf(), 'application/pdf'],
    ['x-ray.PNG', samplePng(), 'image/png'],
    ['photo.jpg', sampleJpeg(), 'image/jpeg'],
    ['scan.jpeg', sampleJpeg(), 'image/jpeg'],
    ['letter.doc', sampleDoc(), 'application/msword'],
    [
      'care plan.docx',
      sampleDocx(),
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    ['notes.txt', sampleText(), 'text/plain; charset=utf-8'],
  ];

  it.each(types)(
    'stores a real %s with the content type of its checked type',
    async (filename, data, type) => {
      const doc = await uploadFile(filename, data);
      expect(doc).toMatchObject({
        referral_id: planReferral,
        filename,
        file_size: data.length,
        content_type: type,
        uploaded_by: coordinatorId,
        uploaded_by_name: 'Casey Coordinator',
        can_delete: true,
      });
      const row = await rowOf(doc.id);
      expect(row).toMatchObject({ sha256: sha(data), file_size: data.length });
      expect(row!.storage_key).toMatch(/^[0-9a-f]{32}$/);
      expect(fs.existsSync(fileOf(row!.storage_key))).toBe(true);
    },
  );

  it('ignores the referral_id and uploaded_by fields (the path and the session decide), and records an event and an audit row without the file name', async () => {
    const doc = await uploadFile('Jane Doe lab results.pdf', samplePdf());
    const [event] = await t.database.query<{
      type: string;
      details: Record<string, unknown>;
      actor_user_id: number;
    }>(
      `SELECT type, details, actor_user_id FROM referral_events WHERE referral_id = $1 AND details->>'document_id' = $2`,
      [planReferral, String(doc.id)],
    );
    expect(event).toEqual({
      type: 'document_uploaded',
      details: { document_id: doc.id, size: samplePdf().length },
      actor_user_id: coordinatorId,
    });
    const audits = await t.database.query<{
      actor_user_id: number;
      organization_id: number;
      details: object;
    }>(
      "SELECT actor_user_id, organization_id, details FROM audit_log WHERE action = 'document.uploaded' AND entity_id = $1",
      [String(doc.id)],
    );
    expect(audits).toEqual([
      {
        actor_user_id: coordinatorId,
        organization_id: plan,
        details: { referral_id: planReferral, size: samplePdf().length, content_type: 'application/pdf' },
      },
    ]);
    expect(JSON.stringify([event, audits])).not.toContain('Jane Doe');
  });

  it('keeps a UTF-8 file name, drops a path and control characters, and shortens a very long name keeping its extension', async () => {
    expect((await uploadFile('Señora Núñez – intake.pdf', samplePdf())).filename).toBe(
      'Señora Núñez – intake.pdf',
    );
    expect((await uploadFile('C:\\Users\\casey\\Desktop\\scan.pdf', samplePdf())).filename).toBe('scan.pdf');
    const long = await uploadFile(`${'a'.repeat(300)}.pdf`, samplePdf());
    expect(long.filename).toHaveLength(200);
    expect(long.filename.endsWith('.pdf')).toBe(true);
  });

  it('uses only the first file (001 §2.18)', async () => {
    const res = await upload(planReferral, [
      { name: 'file', filename: 'first.txt', data: 'first file' },
      { name: 'file', filename: 'second.txt', data: 'second file' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const doc = res.json() as ReferralDocument;
    expect(doc.filename).toBe('first.txt');
    const download = await api('GET', `/api/referrals/${planReferral}/documents/${doc.id}`);
    expect(download.body).toBe('first file');
    expect((await list()).documents.filter((d) => d.filename === 'second.txt')).toEqual([]);
  });

  it('refuses a file whose bytes are not of the type its name claims, and names the allowed types (415); nothing is kept', async () => {
    const before = storedFiles().length;
    const rowsBefore = (await list()).total;
    const cases: [string, Buffer][] = [
      ['report.pdf', samplePng()],
      ['photo.png', sampleJpeg()],
      ['letter.docx', Buffer.from('PK\u0003\u0004 not a word document', 'latin1')],
      ['notes.txt', Buffer.from([0x48, 0x69, 0x00, 0xff])],
      ['virus.pdf', Buffer.concat([Buffer.from('MZ'), randomBytes(5000)])],
    ];
    for (const [filename, data] of cases) {
      const res = await upload(planReferral, [{ name: 'file', filename, type: 'application/pdf', data }]);
      const body = expectEnvelope(res, 415, 'unsupported_media_type');
      expect(body.message, filename).toContain(ALLOWED_TEXT);
      expect(body.message).toContain(`.${filename.split('.').pop()}`);
    }
    expect(storedFiles()).toHaveLength(before);
    expect((await list()).total).toBe(rowsBefore);
  });

  it('refuses files of other types (.exe, .html, no extension) with the allowed list (415)', async () => {
    const before = storedFiles().length;
    for (const [filename, data] of [
      ['setup.exe', Buffer.concat([Buffer.from('MZ'), randomBytes(100)])],
      ['page.html', Buffer.from('<html><script>alert(1)</script></html>')],
      ['README', Buffer.from('plain words')],
    ] as const) {
      const res = await upload(planReferral, [{ name: 'file', filename, type: 'text/plain', data }]);
      expect(expectEnvelope(res, 415, 'unsupported_media_type').message, filename).toBe(ALLOWED_TEXT);
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it('accepts a file above Fastify’s 1 MiB body limit and refuses one over DOCUMENT_MAX_BYTES with 413', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const doc = await uploadFile('big.txt', big);
    expect(doc.file_size).toBe(big.length);

    const before = storedFiles().length;
    const tooBig = await upload(planReferral, [
      { name: 'file', filename: 'huge.txt', data: Buffer.alloc(MAX_BYTES + 1, 'a') },
    ]);
    expect(expectEnvelope(tooBig, 413, 'payload_too_large').message).toBe(
      'The file is larger than the 3.0 MB limit. Choose a smaller file.',
    );
    expect(tooBig.json().reason).toBe('document.too_large');
    const exact = await upload(planReferral, [
      { name: 'file', filename: 'exact.txt', data: Buffer.alloc(MAX_BYTES, 'b') },
    ]);
    expect(exact.statusCode, exact.body).toBe(201);
    expect(storedFiles()).toHaveLength(before + 1);
  });

  it('answers 400 without a file, for an empty file, and 415 for a body that is not multipart', async () => {
    const noFile = await upload(planReferral, [{ name: 'referral_id', data: String(planReferral) }]);
    expect(expectEnvelope(noFile, 400).message).toBe('Choose a file to upload (form field "file").');
    const otherField = await upload(planReferral, [
      { name: 'document', filename: 'a.pdf', data: samplePdf() },
    ]);
    expectEnvelope(otherField, 400);
    const unnamed = await upload(planReferral, [{ name: 'file', filename: '', data: '' }]);
    expectEnvelope(unnamed, 400);
    expect(unnamed.json().fields).toEqual({
      file: 'Choose a file to upload (form field "file").',
    });
    const empty = await upload(planReferral, [{ name: 'file', filename: 'empty.pdf', data: '' }]);
    expect(expectEnvelope(empty, 400).message).toBe('The file is empty. Choose a file that has content.');
    const json = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${planReferral}/documents`,
      headers: bearer(coordinator, plan),
      payload: { file: 'x' },
    });
    expectEnvelope(json, 415, 'unsupported_media_type');
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/referrals/${planReferral}/documents`,
      headers: { ...bearer(coordinator, plan), 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf',
    });
    expectEnvelope(malformed, 400);
  });

  it('lets the provider’s organization upload to a referral it sees', async () => {
    const doc = await uploadFile('intake.pdf', samplePdf(), {
      referralId: sharedReferral,
      token: cbo,
      org: harbor,
    });
    expect(doc).toMatchObject({
      referral_id: sharedReferral,
      uploaded_by_name: 'Corey Community',
      can_delete: true,
    });
  });

  it('answers 401 without a session, 403 for a viewer or a foreign X-CBO-ID, 404 for a referral the organization does not see', async () => {
    const file = [{ name: 'file', filename: 'a.txt', data: 'hello' }];
    expectEnvelope(await upload(planReferral, file, null), 401);
    expectEnvelope(await upload(planReferral, file, viewer, plan), 403);
    expectEnvelope(await upload(planReferral, file, staff, plan), 403);
    expectEnvelope(await upload(planReferral, file, cbo, harbor), 404);
    expectEnvelope(await upload(99_999_999, file), 404);
    expectEnvelope(await upload(0, file), 400);
  });
});

describe('GET /api/referrals/{id}/documents', () => {
  it('lists newest first with uploader, type and can_delete per caller; the read is audited', async () => {
    const older = await uploadFile('older.txt', Buffer.from('older'), { referralId: sharedReferral });
    const newer = await uploadFile('newer.pdf', samplePdf(), {
      referralId: sharedReferral,
      token: cbo,
      org: harbor,
    });
    const asPlan = await list(sharedReferral);
    expect(asPlan).toMatchObject({ can_upload: true, max_file_size: MAX_BYTES, page: 1, page_size: 100 });
    const ids = asPlan.documents.map((d) => d.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(asPlan.total).toBe(asPlan.documents.length);
    // The owner's writers may delete everything; the provider only what its people uploaded.
    expect(asPlan.documents.every((d) => d.can_delete)).toBe(true);
    const asHarbor = await list(sharedReferral, cbo, harbor);
    expect(asHarbor.documents.find((d) => d.id === older.id)).toMatchObject({
      filename: 'older.txt',
      file_size: 5,
      content_type: 'text/plain; charset=utf-8',
      uploaded_by_name: 'Casey Coordinator',
      can_delete: false,
    });
    expect(asHarbor.documents.find((d) => d.id === newer.id)?.can_delete).toBe(true);
    const asViewer = await list(sharedReferral, viewer, plan);
    expect(asViewer.can_upload).toBe(false);
    expect(asViewer.documents.some((d) => d.can_delete)).toBe(false);

    // Each read names the documents it listed (issue #12), and their referral.
    const audits = await t.database.query<{ entity_type: string; details: { ids: number[] } }>(
      "SELECT entity_type, details FROM audit_log WHERE action = 'document.list_read' AND details->>'referral_id' = $1 ORDER BY id",
      [String(sharedReferral)],
    );
    expect(audits.length).toBeGreaterThanOrEqual(3);
    expect(audits.every((a) => a.entity_type === 'referral_document')).toBe(true);
    expect(audits.at(-1)!.details.ids).toEqual(asViewer.documents.map((d) => d.id));

    const paged = await api('GET', `/api/referrals/${sharedReferral}/documents?page=2&page_size=1`);
    expect((paged.json() as ReferralDocumentList).documents).toEqual([asPlan.documents[1]]);
    expect(paged.headers['cache-control']).toBe('no-store');
  });

  it('answers 401, 403 and 404 like the referral, and 400 for a bad page', async () => {
    expectEnvelope(await api('GET', `/api/referrals/${planReferral}/documents`, null), 401);
    expectEnvelope(await api('GET', `/api/referrals/${planReferral}/documents`, coordinator, harbor), 403);
    expectEnvelope(await api('GET', `/api/referrals/${planReferral}/documents`, cbo, harbor), 404);
    expectEnvelope(await api('GET', '/api/referrals/99999999/documents'), 404);
    expectEnvelope(await api('GET', `/api/referrals/${planReferral}/documents?page_size=500`), 400);
  });
});

describe('GET /api/referrals/{id}/documents/{docId}', () => {
  it('gives back the exact bytes as an attachment, never sniffed or cached; the read is audited', async () => {
    const data = Buffer.concat([samplePdf(), randomBytes(200_000)]);
    const doc = await uploadFile('Núñez results.pdf', data);
    const res = await api('GET', `/api/referrals/${planReferral}/documents/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(sha(res.rawPayload)).toBe(sha(data));
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(data.length),
      'content-disposition': `attachment; filename="N__ez results.pdf"; filename*=UTF-8''N%C3%BA%C3%B1ez%20results.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    const audits = await t.database.query<{ actor_user_id: number; details: object }>(
      "SELECT actor_user_id, details FROM audit_log WHERE action = 'document.read' AND entity_id = $1",
      [String(doc.id)],
    );
    expect(audits).toEqual([{ actor_user_id: coordinatorId, details: { referral_id: planReferral } }]);
  });

  it('serves a PDF or an image inline for the preview, anything else stays an attachment', async () => {
    const pdf = await uploadFile('a.pdf', samplePdf());
    const png = await uploadFile('b.png', samplePng());
    const docx = await uploadFile('c.docx', sampleDocx());
    const disposition = async (id: number) =>
      (await api('GET', `/api/referrals/${planReferral}/documents/${id}?disposition=inline`)).headers[
        'content-disposition'
      ];
    expect(await disposition(pdf.id)).toMatch(/^inline; /);
    expect(await disposition(png.id)).toMatch(/^inline; /);
    expect(await disposition(docx.id)).toMatch(/^attachment; /);
    expectEnvelope(
      await api('GET', `/api/referrals/${planReferral}/documents/${pdf.id}?disposition=open`),
      400,
    );
  });

  it('keeps the file encrypted on disk: the plain text is nowhere in it', async () => {
    const text = Buffer.from(
      'Member Jane Q. Public, Medicaid 987654321, lives at 12 Elm Street. '.repeat(20),
    );
    const doc = await uploadFile('jane.txt', text);
    const onDisk = fs.readFileSync(fileOf((await rowOf(doc.id))!.storage_key));
    expect(onDisk.includes(Buffer.from('Jane Q. Public'))).toBe(false);
    expect(onDisk.includes(Buffer.from('987654321'))).toBe(false);
    expect(onDisk.length).toBe(text.length + 17 + 16);
  });

  it('does not hand out a changed file: a small one fails with 500, a large one is cut short', async () => {
    for (const size of [3_000, 400_000]) {
      const data = Buffer.alloc(size, 'Original contents of the document\n');
      const doc = await uploadFile('changed.txt', data);
      const file = fileOf((await rowOf(doc.id))!.storage_key);
      const bytes = fs.readFileSync(file);
      bytes[40]! ^= 0xff;
      fs.writeFileSync(file, bytes);
      const res = await api('GET', `/api/referrals/${planReferral}/documents/${doc.id}`).catch(
        (error: Error) => error,
      );
      if (res instanceof Error) continue; // the connection was dropped mid-answer
      if (res.statusCode === 500) expectEnvelope(res, 500);
      // Once the answer has begun, the last bytes are held back until the tag is checked, so it never completes.
      else expect(res.rawPayload.length, `size ${size}`).toBeLessThan(data.length);
    }
  });

  it('answers 404 for a document of another referral, an unknown one, or a missing file; 401/403/404 for access', async () => {
    const doc = await uploadFile('shared.txt', Buffer.from('shared'), { referralId: sharedReferral });
    const url = `/api/referrals/${sharedReferral}/documents/${doc.id}`;
    expect((await api('GET', url, cbo, harbor)).statusCode).toBe(200);
    expect((await api('GET', url, viewer, plan)).statusCode).toBe(200);
    expectEnvelope(await api('GET', `/api/referrals/${planReferral}/documents/${doc.id}`), 404);
    expectEnvelope(await api('GET', `/api/referrals/${sharedReferral}/documents/99999999`), 404);
    expectEnvelope(await api('GET', url, null), 401);
    expectEnvelope(await api('GET', url, coordinator, harbor), 403);
    const lakeside = (
      await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Lakeside Food Network'")
    ).id;
    expectEnvelope(await api('GET', url, staff, lakeside), 404);
    expectEnvelope(await api('GET', `/api/referrals/${sharedReferral}/documents/abc`), 400);

    const lost = await uploadFile('lost.txt', Buffer.from('lost'));
    fs.rmSync(fileOf((await rowOf(lost.id))!.storage_key));
    const missing = await api('GET', `/api/referrals/${planReferral}/documents/${lost.id}`);
    expect(expectEnvelope(missing, 404).message).toBe("This document's file could not be found.");
  });
});

describe('DELETE /api/referrals/{id}/documents/{docId}', () => {
  it('lets the uploader delete: row and file gone, a timeline event and an audit row', async () => {
    const doc = await uploadFile('mine.txt', Buffer.from('mine'), {
      referralId: sharedReferral,
      token: cbo,
      org: harbor,
    });
    const key = (await rowOf(doc.id))!.storage_key;
    const res = await api('DELETE', `/api/referrals/${sharedReferral}/documents/${doc.id}`, cbo, harbor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Document deleted', id: doc.id });
    expect(await rowOf(doc.id)).toBeUndefined();
    expect(fs.existsSync(fileOf(key))).toBe(false);
    const events = await t.database.query<{ type: string; details: object }>(
      "SELECT type, details FROM referral_events WHERE details->>'document_id' = $1 ORDER BY id",
      [String(doc.id)],
    );
    expect(events).toEqual([
      { type: 'document_uploaded', details: { document_id: doc.id, size: 4 } },
      { type: 'document_deleted', details: { document_id: doc.id } },
    ]);
    const audits = await t.database.query(
      "SELECT 1 FROM audit_log WHERE action = 'document.deleted' AND entity_id = $1",
      [String(doc.id)],
    );
    expect(audits).toHaveLength(1);
    expectEnvelope(
      await api('DELETE', `/api/referrals/${sharedReferral}/documents/${doc.id}`, cbo, harbor),
      404,
    );
  });

  it('lets a writer of the owning organization delete anyone’s upload; the provider only its own', async () => {
    const byPlan = await uploadFile('plan.txt', Buffer.from('plan'), { referralId: sharedReferral });
    const byHarbor = await uploadFile('harbor.txt', Buffer.from('harbor'), {
      referralId: sharedReferral,
      token: cbo,
      org: harbor,
    });
    const refused = await api(
      'DELETE',
      `/api/referrals/${sharedReferral}/documents/${byPlan.id}`,
      cbo,
      harbor,
    );
    expect(expectEnvelope(refused, 403, 'forbidden').message).toBe(
      'Only the person who uploaded this document or the organization that owns the referral can delete it.',
    );
    expect(refused.json().reason).toBe('document.delete_forbidden');
    expect(await rowOf(byPlan.id)).toBeDefined();
    const byManager = await api(
      'DELETE',
      `/api/referrals/${sharedReferral}/documents/${byHarbor.id}`,
      manager,
      plan,
    );
    expect(byManager.statusCode, byManager.body).toBe(200);
  });

  it('answers 401, 403 (viewer, foreign organization) and 404 (other referral, unknown, unseen referral)', async () => {
    const doc = await uploadFile('keep.txt', Buffer.from('keep'));
    const url = `/api/referrals/${planReferral}/documents/${doc.id}`;
    expectEnvelope(await api('DELETE', url, null), 401);
    expectEnvelope(await api('DELETE', url, viewer, plan), 403);
    expectEnvelope(await api('DELETE', url, coordinator, harbor), 403);
    expectEnvelope(await api('DELETE', url, cbo, harbor), 404);
    expectEnvelope(await api('DELETE', `/api/referrals/${sharedReferral}/documents/${doc.id}`), 404);
    expectEnvelope(await api('DELETE', `/api/referrals/${planReferral}/documents/99999999`), 404);
    expect(await rowOf(doc.id)).toBeDefined();
  });
});

describe('deleting a Pending referral', () => {
  it('removes its documents’ rows and files once the deletion committed', async () => {
    const pending = await one<{ id: number }>(
      "SELECT id FROM referrals WHERE organization_id = $1 AND status = 'pending' ORDER BY id DESC LIMIT 1",
      [plan],
    );
    const a = await uploadFile('a.txt', Buffer.from('a'), { referralId: pending.id });
    const b = await uploadFile('b.pdf', samplePdf(), { referralId: pending.id });
    const keys = [(await rowOf(a.id))!.storage_key, (await rowOf(b.id))!.storage_key];
    const res = await api('DELETE', `/api/referrals/${pending.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf(a.id)).toBeUndefined();
    expect(await until(() => keys.every((k) => !fs.existsSync(fileOf(k))))).toBe(true);
  });

  it('removes the files only after the commit, and none when the transaction rolls back', async () => {
    const doc = await uploadFile('waits.txt', Buffer.from('waits'), { referralId: sharedReferral });
    const other = await uploadFile('other.txt', Buffer.from('other'), { referralId: sharedReferral });
    const file = fileOf((await rowOf(doc.id))!.storage_key);
    const otherFile = fileOf((await rowOf(other.id))!.storage_key);
    const deleteRowsIn = (tx: Tx) => tx.delete(referralDocuments).where(eq(referralDocuments.id, doc.id));

    await expect(
      t.database.db.transaction(async (tx) => {
        await removeReferralDocuments(inTransaction(systemContext(t.app.deps, 'test'), tx), {
          referralId: sharedReferral,
        });
        await deleteRowsIn(tx);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(file)).toBe(true);

    await t.database.db.transaction(async (tx) => {
      await removeReferralDocuments(inTransaction(systemContext(t.app.deps, 'test'), tx), {
        referralId: sharedReferral,
      });
      await deleteRowsIn(tx);
      await new Promise((r) => setTimeout(r, 200));
      // Still inside the transaction: the file waits for the commit.
      expect(fs.existsSync(file)).toBe(true);
    });
    expect(await until(() => !fs.existsSync(file))).toBe(true);
    // Only the deleted row's file went; the referral's other document stays.
    expect(fs.existsSync(otherFile)).toBe(true);
  });

  it('keeps them when the deletion is refused', async () => {
    const doc = await uploadFile('stays.txt', Buffer.from('stays'), { referralId: sharedReferral });
    const res = await api('DELETE', `/api/referrals/${sharedReferral}`);
    expectEnvelope(res, 409);
    await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(fileOf((await rowOf(doc.id))!.storage_key))).toBe(true);
  });
});

describe('an upload over a real socket', () => {
  let port: number;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {});
    port = (t.app.server.address() as AddressInfo).port;
  });

  /** Sends the request head and `body`, and resolves with what the server answered (or '' if nothing). */
  function rawRequest(head: string, body: Buffer) {
    return new Promise<{ socket: net.Socket; answer: Promise<string> }>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(head);
        socket.write(body);
        resolve({ socket, answer });
      });
      let received = '';
      const answer = new Promise<string>((done) => {
        socket.on('data', (d) => {
          received += d.toString('latin1');
        });
        socket.on('close', () => done(received));
        socket.on('error', () => done(received));
      });
      socket.on('error', reject);
    });
  }

  it('leaves no row and no file, not even a temporary one, when the client goes away half-way', async () => {
    const before = storedFiles();
    const rowsBefore = (await list()).total;
    const data = Buffer.alloc(2 * 1024 * 1024, 'z');
    const { body, contentType } = multipart([{ name: 'file', filename: 'cut.txt', data }]);
    const head =
      `POST /api/referrals/${planReferral}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${coordinator}\r\nX-CBO-ID: ${plan}\r\nContent-Type: ${contentType}\r\n` +
      `Content-Length: ${body.length}\r\n\r\n`;
    const { socket } = await rawRequest(head, body.subarray(0, body.length / 2));
    // The server is storing it: a temporary file exists beside where the file would go.
    expect(await until(() => storedFiles().some((f) => f.endsWith('.tmp')))).toBe(true);
    socket.destroy();
    expect(await until(() => storedFiles().length === before.length)).toBe(true);
    expect(storedFiles().sort()).toEqual([...before].sort());
    expect((await list()).total).toBe(rowsBefore);
    // The server is still fine.
    expect((await uploadFile('after.txt', Buffer.from('after'))).filename).toBe('after.txt');
  });

  it('refuses at once a body announced far over the limit, without reading it', async () => {
    const head =
      `POST /api/referrals/${planReferral}/documents HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${coordinator}\r\nX-CBO-ID: ${plan}\r\n` +
      'Content-Type: multipart/form-data; boundary=abc\r\nContent-Length: 1000000000\r\n\r\n';
    const { socket, answer } = await rawRequest(head, Buffer.from('--abc\r\n'));
    const text = await Promise.race([
      answer,
      new Promise<string>((r) => setTimeout(() => r('timeout'), 5000)),
    ]);
    socket.destroy();
    expect(text).toMatch(/^HTTP\/1\.1 413/);
    expect(text).toContain('The file is larger than the 3.0 MB limit.');
  });
});

describe('API document', () => {
  it('describes the document routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(Object.keys(paths['/api/referrals/{id}/documents'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'post']),
    );
    expect(Object.keys(paths['/api/referrals/{id}/documents/{docId}'] ?? {})).toEqual(
      expect.arrayContaining(['get', 'delete']),
    );
  });
});
