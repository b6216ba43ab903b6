import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMMUNICATION_MESSAGES, EMAIL_MESSAGES, type Email, type EmailConversation } from '@trust/domain';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, expectEnvelope, login, type TestApp } from '../../../../test/helpers.ts';

// The server's own SMTP listener (SMTP_INBOUND_PORT) in the running app: a provider's reply sent over SMTP is
// threaded onto the email it answers. The app here also has a real SMTP driver configured and no inbound
// webhook token, for the refusals that depend on those.

const REPLY_TO = 'reply@trust.test';

let t: TestApp | null = null;
let dataDir: string;
let smtpPort: number;
let plan: number;
let provider: number;
let coordinator: string;
let admin: string;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function one<T>(text: string, params: unknown[] = []): Promise<T> {
  const [row] = await t!.database.query<T>(text, params);
  return row as T;
}

const api = (method: 'GET' | 'POST', url: string, token: string | null, org?: number, payload?: object) =>
  t!.app.inject({
    method,
    url,
    headers: token ? bearer(token, org) : {},
    ...(payload === undefined ? {} : { payload }),
  });

/** A provider's mail server delivering to ours. */
const providerMailServer = () =>
  nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    tls: { rejectUnauthorized: false },
  });

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-email-smtp-'));
  smtpPort = await freePort();
  t = await buildTestApp({
    env: {
      DATA_DIR: dataDir,
      EMAIL_REPLY_TO: REPLY_TO,
      SMTP_INBOUND_PORT: String(smtpPort),
      SMTP_INBOUND_HOST: '127.0.0.1',
      // A real mail server is configured (nothing is delivered: the job queue is off in tests).
      SMTP_URL: 'smtp://127.0.0.1:9',
    },
  });
  plan = (await one<{ id: number }>("SELECT id FROM organizations WHERE name = 'Golden Valley Health Plan'"))
    .id;
  provider = (
    await one<{ id: number }>(
      `INSERT INTO providers (name, organization_type, email, latitude, longitude)
       VALUES ('SMTP Test Pantry', 'Food Bank', 'intake@smtppantry.example.org', 34.05, -118.25) RETURNING id`,
    )
  ).id;
  coordinator = await login(t.app, 'coordinator@trust.demo');
  admin = await login(t.app, 'admin@trust.demo');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function referralId(): Promise<number> {
  const r = await one<{ id: number }>(
    'SELECT id FROM referrals WHERE organization_id = $1 ORDER BY id LIMIT 1',
    [plan],
  );
  return r.id;
}

async function sendEmail(referral: number, subject: string) {
  const res = await api('POST', '/api/email/send', coordinator, plan, {
    referral_id: referral,
    provider_id: provider,
    subject,
    body: 'Can you take this member?',
  });
  expect(res.statusCode, res.body).toBe(200);
  const email = res.json().email as Email;
  const row = await one<{ external_id: string; outbound_message_id: number }>(
    'SELECT external_id, outbound_message_id FROM communications WHERE id = $1',
    [email.id],
  );
  const thread = await one<{ reply_token: string }>('SELECT reply_token FROM conversations WHERE id = $1', [
    email.conversation_id,
  ]);
  return { email, messageId: row.external_id, outboxId: row.outbound_message_id, token: thread.reply_token };
}

describe('the SMTP listener of the app (SMTP_INBOUND_PORT)', () => {
  it('threads a reply sent over SMTP onto the email it answers (In-Reply-To)', async () => {
    const referral = await referralId();
    const sent = await sendEmail(referral, 'First question');
    const transport = providerMailServer();
    await transport.sendMail({
      from: 'SMTP Pantry <intake@smtppantry.example.org>',
      to: `reply+${sent.token}@trust.test`,
      subject: 'Re: First question',
      text: 'We have room next week.',
      inReplyTo: sent.messageId,
      references: [sent.messageId],
      messageId: '<smtp-reply-1@smtppantry.example.org>',
      attachments: [{ filename: 'hours.txt', content: 'Mon-Fri 9-5' }],
    });
    transport.close();
    const res = await api(
      'GET',
      `/api/email/conversations?referral_id=${referral}&provider_id=${provider}`,
      coordinator,
      plan,
    );
    const conv = res.json() as EmailConversation;
    expect(conv.conversation_id).toBe(sent.email.conversation_id);
    const reply = conv.emails.at(-1)!;
    expect(reply).toMatchObject({
      direction: 'inbound',
      status: 'received',
      subject: 'Re: First question',
      from_email: 'intake@smtppantry.example.org',
      conversation_id: sent.email.conversation_id,
      attachments_count: 1,
    });
    expect(reply.body_text).toBe('We have room next week.');
    const file = await api('GET', reply.attachments[0]!.url, coordinator, plan);
    expect(file.body).toBe('Mon-Fri 9-5');
  });

  it('threads by the reply address alone, and refuses mail for any other address', async () => {
    const referral = await referralId();
    const sent = await sendEmail(referral, 'Second question');
    const transport = providerMailServer();
    await transport.sendMail({
      from: 'someone.else@smtppantry.example.org',
      to: `reply+${sent.token}@trust.test`,
      subject: 'Answer',
      html: '<p>Yes.<script>alert(1)</script></p>',
    });
    const stored = await one<{ conversation_id: number; body_text: string; organization_id: number }>(
      `SELECT conversation_id, organization_id FROM communications
        WHERE direction = 'inbound' AND from_address = 'someone.else@smtppantry.example.org'`,
    );
    expect(stored).toMatchObject({ conversation_id: sent.email.conversation_id, organization_id: plan });
    await expect(
      transport.sendMail({ from: 'x@example.org', to: 'postmaster@trust.test', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    transport.close();
  });

  it('refuses the inbound webhook while INBOUND_EMAIL_TOKEN is unset, and the outbox reply with a real driver', async () => {
    const before = await one<{ n: number }>('SELECT count(*)::int AS n FROM communications');
    const hook = await t!.app.inject({
      method: 'POST',
      url: '/api/webhooks/email/inbound',
      headers: { authorization: 'Bearer anything-at-all-000000' },
      payload: { from: 'a@example.org', to: REPLY_TO, subject: 'x', text: 'x' },
    });
    expect(expectEnvelope(hook, 403).message).toBe(EMAIL_MESSAGES.inboundUnauthorized);
    const sent = await sendEmail(await referralId(), 'Third');
    const simulated = await api('POST', '/api/outbox/inbound/email', admin, undefined, {
      outbox_message_id: sent.outboxId,
      body: 'Reply',
    });
    expect(expectEnvelope(simulated, 422, 'rule_broken').message).toBe(
      COMMUNICATION_MESSAGES.localDriverOnly,
    );
    const after = await one<{ n: number }>('SELECT count(*)::int AS n FROM communications');
    // Only the email sent here was added.
    expect(after.n).toBe(before.n + 1);
  });

  it('stops listening when the app closes', async () => {
    await t!.close();
    t = null;
    const transport = providerMailServer();
    await expect(
      transport.sendMail({ from: 'a@example.org', to: REPLY_TO, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ code: 'ESOCKET' });
    transport.close();
  });
});
