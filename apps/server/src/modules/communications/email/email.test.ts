import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  COMMUNICATION_MESSAGES,
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_MESSAGES,
  type Email,
  type EmailConversation,
  type Referral,
} from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferral } from '../../../../test/factories.ts';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';
import { type MultipartPart, multipart } from '../../../../test/multipart.ts';
import type { Drivers } from '../../../adapters/delivery.ts';
import type { OutgoingEmail } from '../../../adapters/email/driver.ts';
import { LocalSmsDriver } from '../../../adapters/sms/local.ts';
import { decryptSecret, encryptionKey } from '../../../platform/secret-box.ts';
import { deliverAndReport } from '../outbox/deliver-and-report.ts';

// 001 §2.13 email conversations, §3 Email and Email template, §5 email sending rules, §7 "SMS and email", §8:
// templates, sending (JSON and multipart with attachments), delivery, the tracking image and links, replies
// threaded through the inbound webhook, the reply typed in the outbox, and HTML sanitising.

const INBOUND_TOKEN = 'inbound-test-token-7f3a9c1e5b';
const REPLY_TO = 'reply@trust.test';
const ATTACHMENT_MAX = 64 * 1024;

let t: TestApp;
let dataDir: string;
let plan: number;
let harbor: number;
let provider: number;
let noEmailProvider: number;
let coordinator: string;
let viewer: string;
let admin: string;
let cbo: string;

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t.database.query<T>(text, params);
  return row as T;
}
const count = async (table: string) =>
  Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).n);
const opened = (sealed: string) => decryptSecret(encryptionKey(t.app.deps.config), sealed);

const api = (
  method: 'GET' | 'POST',
  url: string,
  token: string | null,
  org?: number,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token, org) : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

const sendMultipart = (parts: MultipartPart[], token = coordinator, org = plan) => {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/email/send',
    headers: { ...bearer(token, org), 'content-type': contentType },
    payload: body,
  });
};
const send = (payload: object, token = coordinator, org = plan) =>
  api('POST', '/api/email/send', token, org, payload);
const webhook = (payload: object, authorization: string | null = `Bearer ${INBOUND_TOKEN}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/webhooks/email/inbound',
    headers: authorization ? { authorization } : {},
    payload,
  });
const conversation = async (referralId: number, providerId = provider, token = coordinator) => {
  const res = await api(
    'GET',
    `/api/email/conversations?referral_id=${referralId}&provider_id=${providerId}`,
    token,
    plan,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as EmailConversation;
};

/** Every file under the attachment storage (paths). */
function storedFiles(): string[] {
  const dir = path.join(dataDir, 'documents');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name));
}

/** A driver that keeps what it was given, as a real mail server would receive it. */
const delivered: OutgoingEmail[] = [];
const capturing: Drivers = {
  email: {
    name: 'local',
    send: async (message) => {
      delivered.push(message);
      return { providerMessageId: message.headers?.['Message-ID'] ?? `local-email-${message.id}` };
    },
  },
  sms: new LocalSmsDriver(),
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-email-'));
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      INBOUND_EMAIL_TOKEN: INBOUND_TOKEN,
      EMAIL_REPLY_TO: REPLY_TO,
      EMAIL_ATTACHMENT_MAX_BYTES: String(ATTACHMENT_MAX),
      PUBLIC_URL: 'https://app.trust.test',
    },
  });
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  harbor = (
    await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Harbor Community Services'")
  ).id;
  provider = (
    await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, phone, email, latitude, longitude)
       VALUES ('Email Test Pantry', 'Food Bank', '(213) 555-0131', 'Intake@EmailPantry.example.org', 34.05, -118.25)
       RETURNING id`,
    )
  ).id;
  noEmailProvider = (
    await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, phone, latitude, longitude)
       VALUES ('No Email Pantry', 'Food Bank', '(213) 555-0132', 34.05, -118.25) RETURNING id`,
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  viewer = await login(t.app, 'viewer@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
  cbo = await login(t.app, 'cbo@trust.demo');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A referral of the health plan, with the values the detailed template fills in. */
function referral(): Promise<Referral> {
  return createReferral(t, {
    token: coordinator,
    orgId: plan,
    first_name: 'Marisol',
    last_name: 'Quintero',
    primary_diagnosis: 'Asthma',
    urgency: 'Within 1 Week',
    sdoh_needs: ['Food Assistance', 'Housing Assistance'],
  });
}

type Row = {
  id: number;
  status: string;
  body_text: string;
  body_html: string | null;
  phi: boolean;
  external_id: string | null;
  tracking_token: string | null;
  outbound_message_id: number | null;
  conversation_id: number | null;
  organization_id: number | null;
  opened_at: Date | null;
  clicked_at: Date | null;
};
const record = (id: number) => one<Row>('SELECT * FROM communications WHERE id = $1', [id]);

describe('GET /api/email/templates (001 §3 Email template)', () => {
  it('lists the standard and detailed templates with their placeholders and an HTML variant', async () => {
    const res = await api('GET', '/api/email/templates', coordinator, plan);
    expect(res.statusCode, res.body).toBe(200);
    const { templates } = res.json();
    expect(templates.map((x: { id: string; template_type: string }) => [x.id, x.template_type])).toEqual([
      ['email_standard', 'standard'],
      ['email_detailed', 'detailed'],
    ]);
    expect(templates[1].body_text_template).toContain('{{member_medicaid_id}}');
    expect(templates[1].body_html_template).toContain('<p>');
    expectEnvelope(await api('GET', '/api/email/templates', null), 401);
  });
});

describe('POST /api/email/send', () => {
  it('sends a text email on the thread with the provider: Message-ID, reply address, tracking, sealed body, timeline', async () => {
    const r = await referral();
    const res = await send({
      referral_id: r.id,
      provider_id: provider,
      subject: 'Question about #{{referral_id}}',
      body: 'Hello {{provider_name}}, can you see {{member_name}} this week? Details: https://example.org/info.',
      cc_emails: 'case.lead@plan.example.org; Second@plan.example.org',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toBe('Message sent successfully!');
    const email = body.email as Email;
    expect(email.direction).toBe('outbound');
    expect(email.status).toBe('queued');
    expect(email.subject).toBe(`Question about #${r.referral_number}`);
    expect(email.body_text).toBe(
      'Hello Email Test Pantry, can you see Marisol Quintero this week? Details: https://example.org/info.',
    );
    // A text email stays text for the panel; its HTML alternative is only in what is delivered.
    expect(email.body_html).toBeNull();
    expect(email.to_email).toBe('Intake@EmailPantry.example.org');
    expect(email.cc_emails).toEqual(['case.lead@plan.example.org', 'Second@plan.example.org']);
    expect(email.sent_by_name).toBeTruthy();

    const row = await record(email.id);
    expect(row.phi).toBe(true);
    expect(row.body_text.startsWith('v1.')).toBe(true);
    expect(opened(row.body_text)).toContain('Marisol Quintero');
    expect(row.external_id).toMatch(/^<[0-9a-f]{32}@trust\.local>$/);
    expect(row.tracking_token).toMatch(/^[0-9a-f]{32}$/);
    const thread = await one<{ reply_token: string; counterpart: string }>(
      'SELECT reply_token, counterpart FROM conversations WHERE id = $1',
      [row.conversation_id],
    );
    expect(thread.counterpart).toBe('intake@emailpantry.example.org');
    expect(thread.reply_token).toMatch(/^[0-9a-f]{32}$/);

    const outbox = await one<{
      category: string;
      metadata: { headers: Record<string, string> };
      body_html: string;
    }>('SELECT category, metadata, body_html FROM outbound_messages WHERE id = $1', [
      row.outbound_message_id,
    ]);
    expect(outbox.category).toBe('conversation');
    expect(outbox.metadata.headers['Message-ID']).toBe(row.external_id);
    expect(outbox.metadata.headers['Reply-To']).toBe(`reply+${thread.reply_token}@trust.test`);
    expect(outbox.metadata.headers.Cc).toBe('case.lead@plan.example.org, Second@plan.example.org');
    const html = opened(outbox.body_html);
    expect(html).toContain(`https://app.trust.test/api/email/open/${row.tracking_token}.gif`);
    expect(html).toContain(`https://app.trust.test/api/email/click/${row.tracking_token}?u=`);
    expect(html).not.toContain('href="https://example.org/info"');

    const events = await t.database.query<{ type: string }>(
      'SELECT type FROM referral_events WHERE referral_id = $1',
      [r.id],
    );
    expect(events.map((e) => e.type)).toContain('message_sent');

    // A second email continues the thread with the same reply address and names the first.
    const again = await send({ referral_id: r.id, provider_id: provider, subject: 'And', body: 'One more.' });
    expect(again.statusCode, again.body).toBe(200);
    const second = await record(again.json().email.id);
    expect(second.conversation_id).toBe(row.conversation_id);
    const headers = (
      await one<{ metadata: { headers: Record<string, string> } }>(
        'SELECT metadata FROM outbound_messages WHERE id = $1',
        [second.outbound_message_id],
      )
    ).metadata.headers;
    expect(headers['Reply-To']).toBe(`reply+${thread.reply_token}@trust.test`);
    expect(headers['In-Reply-To']).toBe(row.external_id);
  });

  it('sanitises an HTML body: no script, event handler, frame or form; links and formatting kept', async () => {
    const r = await referral();
    const res = await send({
      referral_id: r.id,
      provider_id: provider,
      subject: 'Formatted',
      use_html: true,
      body:
        '<p onclick="steal()">Hello <b>{{provider_name}}</b>,<script>alert(1)</script></p>' +
        '<p><a href="https://example.org/form" onmouseover="x()">the form</a> <a href="javascript:alert(2)">bad</a></p>' +
        '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name="q"></form>' +
        '<img src="https://tracker.example/p.gif"><ul><li>One</li></ul>',
    });
    expect(res.statusCode, res.body).toBe(200);
    const email = res.json().email as Email;
    const html = email.body_html!;
    expect(html).not.toMatch(/script|onclick|onmouseover|iframe|<form|<input|javascript:|<img/i);
    expect(html).toContain('<b>Email Test Pantry</b>');
    expect(html).toContain(
      '<a href="https://example.org/form" target="_blank" rel="noopener noreferrer">the form</a>',
    );
    expect(html).toContain('<li>One</li>');
    expect(email.body_text).toContain('Hello Email Test Pantry,');
    expect(email.body_text).toContain('the form (https://example.org/form)');
    expect(email.body_text).not.toContain('alert');
  });

  it('refuses what the spec refuses, with its messages, and sends nothing', async () => {
    const r = await referral();
    const before = await count('outbound_messages');
    const base = { referral_id: r.id, provider_id: provider, subject: 'S', body: 'B' };
    let e = expectEnvelope(await send({ ...base, referral_id: null }), 400, 'validation_failed');
    expect(e.message).toBe('Please select a referral to discuss');
    e = expectEnvelope(await send({ ...base, subject: ' ', body: '\n' }), 400);
    expect(e.message).toBe('Please enter subject and message');
    e = expectEnvelope(await send({ ...base, subject: '  ' }), 400);
    expect(e.message).toBe('Please enter a subject');
    e = expectEnvelope(await send({ ...base, body: '   ' }), 400);
    expect(e.message).toBe('Please enter subject and message');
    e = expectEnvelope(await send({ ...base, use_html: true, body: '<script>alert(1)</script>' }), 400);
    expect(e.message).toBe('Please enter subject and message');
    e = expectEnvelope(await send({ ...base, provider_id: noEmailProvider }), 422, 'rule_broken');
    expect(e.message).toBe('Provider email not available');
    expect(e).toMatchObject({ reason: 'email.address_missing' });
    e = expectEnvelope(await send({ ...base, to_email: 'not-an-address' }), 400);
    expect(e.message).toBe(COMMUNICATION_MESSAGES.invalidEmail);
    e = expectEnvelope(await send({ ...base, cc_emails: ['ok@example.org', 'bad@'] }), 400);
    expect((e as { fields?: Record<string, string> }).fields?.cc_emails).toContain('bad@');
    e = expectEnvelope(await send({ ...base, template_id: 'nope' }), 404, 'not_found');
    expect(e.message).toBe(EMAIL_MESSAGES.templateNotFound);
    expect(e).toMatchObject({ reason: 'email.template_not_found' });
    expectEnvelope(await send({ ...base, provider_id: 999_999 }), 404, 'not_found');
    expectEnvelope(await send({ ...base, referral_id: 999_999 }), 404, 'not_found');
    // A referral of another organization does not exist for Harbor.
    expectEnvelope(await send(base, cbo, harbor), 404, 'not_found');
    expectEnvelope(await send(base, viewer, plan), 403, 'forbidden');
    expectEnvelope(await api('POST', '/api/email/send', null, undefined, base), 401);
    expectEnvelope(await send({ ...base, provider_id: 'x' }), 400, 'validation_failed');
    expect(await count('outbound_messages')).toBe(before);
  });

  it('with a template and an attachment (multipart): filled from the referral, delivered with the file, its reply threaded by the webhook', async () => {
    const r = await referral();
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(3000)]);
    const res = await sendMultipart([
      { name: 'referral_id', data: String(r.id) },
      { name: 'provider_id', data: String(provider) },
      { name: 'template_id', data: 'email_detailed' },
      { name: 'subject', data: '' },
      { name: 'body', data: '' },
      { name: 'cc_emails', data: 'lead@plan.example.org' },
      { name: 'attachments', filename: 'care plan.pdf', type: 'application/pdf', data: pdf },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const email = res.json().email as Email;
    // Issue #14: the urgency as the coordinator chose it, not the spec's Urgent.
    expect(email.subject).toBe(`Referral #${r.referral_number} (Within 1 Week): details and follow-up`);
    expect(email.body_text).toContain('Dear Email Test Pantry,');
    expect(email.body_text).toContain('Member: Marisol Quintero');
    expect(email.body_text).toContain('Primary diagnosis: Asthma');
    expect(email.body_text).toContain('Needs: Food Assistance, Housing Assistance');
    expect(email.body_text).not.toContain('{{');
    expect(email.attachments_count).toBe(1);
    expect(email.has_attachments).toBe(true);
    expect(email.attachments[0]).toMatchObject({
      filename: 'care plan.pdf',
      size: pdf.length,
      content_type: 'application/pdf',
    });
    expect(email.cc_emails).toEqual(['lead@plan.example.org']);

    // Delivered by the delivery job's function, with the file's bytes and the threading headers.
    const row = await record(email.id);
    expect(await deliverAndReport(t.app.deps, capturing, row.outbound_message_id!)).toBe('sent');
    const out = delivered.at(-1)!;
    expect(out.to).toBe('Intake@EmailPantry.example.org');
    expect(out.headers?.['Message-ID']).toBe(row.external_id);
    expect(out.headers?.['Reply-To']).toMatch(/^reply\+[0-9a-f]{32}@trust\.test$/);
    expect(out.headers?.Cc).toBe('lead@plan.example.org');
    expect(out.attachments?.[0]?.filename).toBe('care plan.pdf');
    expect(out.attachments?.[0]?.content.equals(pdf)).toBe(true);
    expect(out.text).toContain('Member: Marisol Quintero');
    expect((await record(email.id)).status).toBe('delivered');

    // The provider answers (In-Reply-To names our Message-ID), with a file of its own.
    const form = Buffer.from('intake form, signed');
    const reply = await webhook({
      from: 'Harbor Intake <intake@emailpantry.example.org>',
      to: out.headers?.['Reply-To'],
      subject: `Re: ${email.subject}`,
      text: 'Yes, we can see her on Thursday.',
      html: '<p>Yes, we can see her on <b>Thursday</b>.<script>alert(1)</script></p>',
      message_id: '<reply-1@emailpantry.example.org>',
      in_reply_to: row.external_id,
      references: row.external_id,
      attachments: [{ filename: 'intake.txt', content_type: 'text/plain', content: form.toString('base64') }],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const result = reply.json();
    expect(result).toMatchObject({ matched: true, conversation_id: row.conversation_id, referral_id: r.id });
    const inbound = await record(result.communication_id);
    expect(inbound.status).toBe('received');
    expect(inbound.phi).toBe(true);
    expect(inbound.body_text.startsWith('v1.')).toBe(true);
    expect(inbound.organization_id).toBe(plan);
    const unread = await one<{ unread_count: number }>(
      'SELECT unread_count FROM conversations WHERE id = $1',
      [row.conversation_id],
    );
    expect(unread.unread_count).toBe(1);

    // The same message again (a retrying mail service) is stored once.
    const before = await count('communications');
    const repeat = await webhook({
      from: 'intake@emailpantry.example.org',
      to: REPLY_TO,
      subject: 'Re',
      text: 'Yes',
      message_id: '<reply-1@emailpantry.example.org>',
    });
    expect(repeat.json().communication_id).toBe(result.communication_id);
    expect(await count('communications')).toBe(before);

    // The panel: oldest first, bodies opened, the reply's file downloadable; reading marks the thread read.
    const conv = await conversation(r.id);
    expect(conv.provider_name).toBe('Email Test Pantry');
    expect(conv.conversation_id).toBe(row.conversation_id);
    expect(conv.emails.map((m) => m.direction)).toEqual(['outbound', 'inbound']);
    const answer = conv.emails[1]!;
    expect(answer.from_email).toBe('intake@emailpantry.example.org');
    expect(answer.body_text).toBe('Yes, we can see her on Thursday.');
    expect(answer.body_html).toBe('<p>Yes, we can see her on <b>Thursday</b>.</p>');
    expect(answer.sent_by_name).toBeNull();
    expect(answer.attachments).toHaveLength(1);
    const file = await api('GET', answer.attachments[0]!.url, coordinator, plan);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(form)).toBe(true);
    expect(
      (
        await one<{ unread_count: number }>('SELECT unread_count FROM conversations WHERE id = $1', [
          row.conversation_id,
        ])
      ).unread_count,
    ).toBe(0);
    const audited = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log
        WHERE action = 'communication.list_read' AND details->>'channel' = 'email' AND details->>'referral_id' = $1`,
      [String(r.id)],
    );
    expect(audited.n).toBeGreaterThan(0);
    const events = await t.database.query<{ type: string }>(
      'SELECT type FROM referral_events WHERE referral_id = $1 ORDER BY id',
      [r.id],
    );
    expect(events.map((x) => x.type)).toEqual(expect.arrayContaining(['message_sent', 'message_received']));
    // Both files are stored encrypted: neither one's bytes are on the disk as they were sent.
    const onDisk = storedFiles().map((f) => fs.readFileSync(f));
    expect(onDisk.length).toBeGreaterThanOrEqual(2);
    for (const bytes of onDisk) {
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('TMDF');
      expect(bytes.includes(form)).toBe(false);
      expect(bytes.includes(pdf.subarray(0, 64))).toBe(false);
    }
  });

  it('refuses attachments over the limits (413) and keeps none of them', async () => {
    const r = await referral();
    const fields: MultipartPart[] = [
      { name: 'referral_id', data: String(r.id) },
      { name: 'provider_id', data: String(provider) },
      { name: 'subject', data: 'Files' },
      { name: 'body', data: 'See attached.' },
    ];
    const files = storedFiles().length;
    const messages = await count('outbound_messages');
    let e = expectEnvelope(
      await sendMultipart([
        ...fields,
        { name: 'attachments', filename: 'big.bin', data: Buffer.alloc(ATTACHMENT_MAX + 10, 1) },
      ]),
      413,
      'payload_too_large',
    );
    expect(e.message).toBe(EMAIL_MESSAGES.attachmentTooLarge);
    const many = Array.from({ length: EMAIL_ATTACHMENTS_MAX + 1 }, (_, i) => ({
      name: 'attachments',
      filename: `f${i}.txt`,
      data: `file ${i}`,
    }));
    e = expectEnvelope(await sendMultipart([...fields, ...many]), 413);
    expect(e.message).toBe(EMAIL_MESSAGES.tooManyAttachments);
    // Together over the limit (20 MB): refused from the announced length, before a byte is stored.
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/email/send',
      headers: {
        ...bearer(coordinator, plan),
        'content-type': 'multipart/form-data; boundary=abc',
        'content-length': String(25 * 1024 * 1024),
      },
      payload: '--abc--\r\n',
    });
    e = expectEnvelope(huge, 413);
    expect(e.message).toBe(EMAIL_MESSAGES.attachmentsTooLarge);
    e = expectEnvelope(
      await sendMultipart([...fields, { name: 'attachments', filename: 'empty.txt', data: '' }]),
      400,
    );
    expect(e.message).toBe(EMAIL_MESSAGES.emptyAttachment);
    // A send refused for another reason after its files were stored keeps none of them either.
    e = expectEnvelope(
      await sendMultipart([
        ...fields.filter((f) => f.name !== 'subject'),
        { name: 'subject', data: ' ' },
        { name: 'attachments', filename: 'ok.txt', data: 'fine' },
      ]),
      400,
    );
    expect(e.message).toBe('Please enter a subject');
    expect(storedFiles().length).toBe(files);
    expect(await count('outbound_messages')).toBe(messages);
  });
});

describe('tracking (001 §2.13 opened and clicked)', () => {
  it('the image sets opened_at once; a signed link sets clicked_at and redirects; a forged one is refused', async () => {
    const r = await referral();
    const res = await send({
      referral_id: r.id,
      provider_id: provider,
      subject: 'Links',
      body: 'Our intake page: https://example.org/intake?a=1&b=2 — thanks.',
    });
    const email = res.json().email as Email;
    const row = await record(email.id);
    await deliverAndReport(t.app.deps, capturing, row.outbound_message_id!);
    const html = delivered.at(-1)!.html!;
    const token = row.tracking_token!;

    const pixel = await t.app.inject({ method: 'GET', url: `/api/email/open/${token}.gif` });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
    expect(pixel.rawPayload.subarray(0, 6).toString()).toBe('GIF89a');
    const first = await record(email.id);
    expect(first.status).toBe('opened');
    expect(first.opened_at).not.toBeNull();
    await t.app.inject({ method: 'GET', url: `/api/email/open/${token}.gif` });
    expect((await record(email.id)).opened_at?.getTime()).toBe(first.opened_at!.getTime());
    expectEnvelope(await t.app.inject({ method: 'GET', url: `/api/email/open/${'0'.repeat(32)}.gif` }), 404);

    const href = /href="(https:\/\/app\.trust\.test\/api\/email\/click\/[^"]+)"/
      .exec(html)![1]!
      .replace(/&amp;/g, '&');
    const link = new URL(href);
    expect(link.searchParams.get('u')).toBe('https://example.org/intake?a=1&b=2');
    const click = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.org/intake?a=1&b=2');
    const clicked = await record(email.id);
    expect(clicked.status).toBe('clicked');
    expect(clicked.clicked_at).not.toBeNull();
    const conv = await conversation(r.id);
    expect(conv.emails.at(-1)).toMatchObject({ status: 'clicked' });
    expect(conv.emails.at(-1)!.opened_at).not.toBeNull();
    expect(conv.emails.at(-1)!.clicked_at).not.toBeNull();

    // Never an open redirect: another URL with the same signature, a bad signature, a script URL.
    const forged = new URL(link);
    forged.searchParams.set('u', 'https://evil.example/');
    expectEnvelope(await t.app.inject({ method: 'GET', url: `${forged.pathname}${forged.search}` }), 400);
    const badSig = new URL(link);
    badSig.searchParams.set('s', 'AAAA');
    expectEnvelope(await t.app.inject({ method: 'GET', url: `${badSig.pathname}${badSig.search}` }), 400);
    const script = new URL(link);
    script.searchParams.set('u', 'javascript:alert(1)');
    expectEnvelope(await t.app.inject({ method: 'GET', url: `${script.pathname}${script.search}` }), 400);
    expectEnvelope(await t.app.inject({ method: 'GET', url: link.pathname }), 400);
  });
});

describe('GET /api/email/conversations', () => {
  it('answers an empty list with the provider name and address before any email', async () => {
    const r = await referral();
    const conv = await conversation(r.id);
    expect(conv).toEqual({
      conversation_id: null,
      provider_id: provider,
      provider_name: 'Email Test Pantry',
      email: 'Intake@EmailPantry.example.org',
      emails: [],
    });
  });

  it('lets a viewer read, and refuses no filter (400), another organization (404), no session (401)', async () => {
    const r = await referral();
    await send({ referral_id: r.id, provider_id: provider, subject: 'Hi', body: 'There' });
    expect((await conversation(r.id, provider, viewer)).emails).toHaveLength(1);
    expectEnvelope(await api('GET', '/api/email/conversations', coordinator, plan), 400);
    expectEnvelope(
      await api('GET', `/api/email/conversations?referral_id=${r.id}&provider_id=${provider}`, cbo, harbor),
      404,
    );
    expectEnvelope(
      await api('GET', `/api/email/conversations?referral_id=${r.id}&provider_id=999999`, coordinator, plan),
      404,
    );
    expectEnvelope(await api('GET', `/api/email/conversations?referral_id=${r.id}`, null), 401);
  });
});

describe('POST /api/webhooks/email/inbound', () => {
  it('refuses a call without the bearer token or with a wrong one (403) and stores nothing', async () => {
    const before = await count('communications');
    const payload = { from: 'x@example.org', to: REPLY_TO, subject: 'Hi', text: 'Hello' };
    let e = expectEnvelope(await webhook(payload, null), 403, 'forbidden');
    expect(e.message).toBe(EMAIL_MESSAGES.inboundUnauthorized);
    expect(e).toMatchObject({ reason: 'email.inbound_unauthorized' });
    e = expectEnvelope(await webhook(payload, 'Bearer wrong-token-0000000000'), 403);
    expect(e.message).toBe(EMAIL_MESSAGES.inboundUnauthorized);
    // The token is checked before the body: a bad body without the token is still 403.
    expectEnvelope(await webhook({ nonsense: true }, null), 403);
    expect(await count('communications')).toBe(before);
    expectEnvelope(await webhook({ to: REPLY_TO }), 400, 'validation_failed');
  });

  it('threads by the reply address alone, and by the sender with the referral number in the subject', async () => {
    const a = await referral();
    const b = await referral();
    const first = (
      await send({ referral_id: a.id, provider_id: provider, subject: 'A', body: 'About A' })
    ).json().email as Email;
    const second = (
      await send({ referral_id: b.id, provider_id: provider, subject: 'B', body: 'About B' })
    ).json().email as Email;
    const tokenOfA = (
      await one<{ reply_token: string }>('SELECT reply_token FROM conversations WHERE id = $1', [
        first.conversation_id,
      ])
    ).reply_token;

    // (b) the reply address names the thread (a colleague answers from another address).
    const byToken = await webhook({
      from: 'colleague@elsewhere.example.org',
      to: [`Replies <reply+${tokenOfA}@trust.test>`],
      subject: 'Re: A',
      text: 'I am covering for intake.',
    });
    expect(byToken.json()).toMatchObject({ matched: true, conversation_id: first.conversation_id });

    // (c) no reply address, no In-Reply-To: the sender's thread with the newest activity (A, just answered)…
    const newest = await webhook({
      from: 'intake@emailpantry.example.org',
      to: 'someone@trust.local',
      subject: 'Hello again',
      text: 'Any news?',
    });
    expect(newest.json()).toMatchObject({ matched: true, conversation_id: first.conversation_id });
    // …unless the subject names a referral: '#<number>' of B.
    const bySender = await webhook({
      from: 'intake@emailpantry.example.org',
      to: 'someone@trust.local',
      subject: `About referral #${b.referral_number}`,
      text: 'Following up.',
    });
    expect(bySender.json()).toMatchObject({ matched: true, conversation_id: second.conversation_id });
  });

  it('keeps a reply from an unknown sender unmatched, for platform operators only to file', async () => {
    const res = await webhook({
      from: 'stranger@unknown.example.org',
      to: 'intake@trust.local',
      subject: 'Who is this?',
      html: '<p>Hello <a href="https://x.example" onclick="e()">x</a></p><script>bad()</script>',
      attachments: [
        {
          filename: 'member.txt',
          content_type: 'text/plain',
          content: Buffer.from('Medicaid ID').toString('base64'),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({ matched: false, referral_id: null });
    const row = await record(result.communication_id);
    expect(row.organization_id).toBeNull();
    expect(opened(row.body_html!)).not.toMatch(/script|onclick/);
    expect(opened(row.body_text)).toBe('Hello x (https://x.example)');
    // admin@trust.demo is a platform operator (a super_admin membership), here acting for the health plan.
    const list = await api('GET', '/api/conversations?unmatched=true&method=email', admin, plan);
    expect(list.json().conversations.map((c: { id: number }) => c.id)).toContain(result.conversation_id);
    const threadUrl = `/api/email/conversations?conversation_id=${result.conversation_id}`;
    const thread = await api('GET', threadUrl, admin, plan);
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().emails[0].subject).toBe('Who is this?');
    const fileUrl = thread.json().emails[0].attachments[0].url as string;
    expect((await api('GET', fileUrl, admin, plan)).statusCode).toBe(200);
    // No organization's coordinators read it (issue #12): refused in the list, not found by id.
    expectEnvelope(await api('GET', fileUrl, coordinator, plan), 404);
    expectEnvelope(
      await api('GET', '/api/conversations?unmatched=true&method=email', coordinator, plan),
      403,
    );
    expectEnvelope(await api('GET', threadUrl, coordinator, plan), 404);
    expectEnvelope(await api('GET', threadUrl, cbo, harbor), 404);
  });
});

describe('POST /api/outbox/inbound/email (local driver)', () => {
  it('a reply typed as the provider threads onto the outbox email it answers', async () => {
    const r = await referral();
    const email = (
      await send({ referral_id: r.id, provider_id: provider, subject: 'Q', body: 'Can you?' })
    ).json().email as Email;
    const row = await record(email.id);
    const res = await api('POST', '/api/outbox/inbound/email', admin, undefined, {
      outbox_message_id: row.outbound_message_id,
      body: 'Yes we can.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      matched: true,
      conversation_id: row.conversation_id,
      referral_id: r.id,
    });
    const conv = await conversation(r.id);
    expect(conv.emails.map((m) => [m.direction, m.subject, m.body_text])).toEqual([
      ['outbound', 'Q', 'Can you?'],
      ['inbound', 'Re: Q', 'Yes we can.'],
    ]);
    expect(conv.emails[1]!.to_email).toMatch(/^reply\+[0-9a-f]{32}@trust\.test$/);

    expectEnvelope(
      await api('POST', '/api/outbox/inbound/email', coordinator, plan, {
        outbox_message_id: row.outbound_message_id,
        body: 'x',
      }),
      403,
    );
    expectEnvelope(
      await api('POST', '/api/outbox/inbound/email', admin, undefined, {
        outbox_message_id: 999_999,
        body: 'x',
      }),
      404,
    );
    expectEnvelope(
      await api('POST', '/api/outbox/inbound/email', admin, undefined, {
        outbox_message_id: row.outbound_message_id,
        body: '',
      }),
      400,
    );
    expectEnvelope(
      await api('POST', '/api/outbox/inbound/email', null, undefined, { outbox_message_id: 1 }),
      401,
    );
  });
});

describe('the API document', () => {
  it('lists every email route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, unknown>>;
    expect(paths['/api/email/templates']).toHaveProperty('get');
    expect(paths['/api/email/send']).toHaveProperty('post');
    expect(paths['/api/email/conversations']).toHaveProperty('get');
    expect(paths['/api/email/open/{file}']).toHaveProperty('get');
    expect(paths['/api/email/click/{token}']).toHaveProperty('get');
    expect(paths['/api/webhooks/email/inbound']).toHaveProperty('post');
    expect(paths['/api/outbox/inbound/email']).toHaveProperty('post');
  });
});
