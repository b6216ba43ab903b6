import type { AddressInfo } from 'node:net';
import { OUTBOX_MESSAGES } from '@trust/domain';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TestApp } from '../../../../test/helpers.ts';
import { queueEmail } from '../../../adapters/outbound.ts';
import { outboundMessages } from '../../../db/schema/index.ts';

// Issue #12 "The outbox is a development mailbox, not a vault": with a real mail driver (SMTP, against a real
// SMTP server on loopback, as in adapters/email/smtp.test.ts), a delivered reset link is not kept.

type Row = {
  status: string;
  driver: string | null;
  body_text: string;
  body_html: string | null;
  body_removed_at: Date | null;
  carries_secret: boolean;
};

let t: TestApp;
let server: SMTPServer;
const received: { to: string[]; text: string }[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: mail.text ?? '' });
          callback();
        })
        .catch(callback);
    },
    logger: false,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  t = await buildTestApp({ jobs: true, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

async function row(id: number): Promise<Row> {
  const [found] = await t.database.query<Row>(
    'SELECT status, driver, body_text, body_html, body_removed_at, carries_secret FROM outbound_messages WHERE id = $1',
    [id],
  );
  return found!;
}

async function delivered(id: number): Promise<Row> {
  let current = await row(id);
  for (let i = 0; i < 120 && current.status === 'queued'; i++) {
    await new Promise((r) => setTimeout(r, 250));
    current = await row(id);
  }
  return current;
}

describe('a secret-bearing message delivered by SMTP', () => {
  it('is not kept: the reset email reaches its recipient, the database keeps a fixed text; other mail stays whole', async () => {
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'viewer@trust.demo' },
    });
    expect(forgot.statusCode).toBe(200);
    const { id: otherId } = await t.database.db.transaction((tx) =>
      queueEmail(t.app.deps, tx, {
        to: 'viewer@trust.demo',
        subject: 'Your name changed',
        text: 'Your profile name is now Vic Viewer.',
        html: '<p>Your profile name is now Vic Viewer.</p>',
        category: 'profile',
      }),
    );
    const [reset] = await t.database.query<{ id: number }>(
      "SELECT id FROM outbound_messages WHERE category = 'password_reset' AND to_address = 'viewer@trust.demo' ORDER BY id DESC LIMIT 1",
    );
    const resetId = reset!.id;

    const resetRow = await delivered(resetId);
    const otherRow = await delivered(otherId);

    // The link reached the recipient through the mail server…
    const mail = received.find(
      (m) => m.to.includes('viewer@trust.demo') && m.text.includes('reset-password'),
    );
    const token = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    // …and the database no longer holds it: the body was replaced in the update that recorded the delivery.
    expect(resetRow).toMatchObject({
      status: 'sent',
      driver: 'smtp',
      carries_secret: true,
      body_text: OUTBOX_MESSAGES.secretBodyRemoved,
      body_html: null,
    });
    expect(resetRow.body_removed_at).not.toBeNull();
    const [everything] = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM outbound_messages WHERE id = $1',
      [resetId],
    );
    expect(JSON.stringify(everything)).not.toContain(token!);

    // A message without a secret keeps its body.
    expect(otherRow).toMatchObject({
      status: 'sent',
      driver: 'smtp',
      carries_secret: false,
      body_text: 'Your profile name is now Vic Viewer.',
      body_html: '<p>Your profile name is now Vic Viewer.</p>',
      body_removed_at: null,
    });

    // A platform operator reading the outbox sees the fixed text.
    const admin = await login(t.app, 'admin@trust.demo');
    const opened = await t.app.inject({ url: `/api/outbox/${resetId}`, headers: bearer(admin) });
    expect(opened.json()).toMatchObject({
      body_text: OUTBOX_MESSAGES.secretBodyRemoved,
      body_html: null,
      carries_secret: true,
      body_removed_at: expect.any(String),
    });

    // The recipient's link still works: the secret lives in their mailbox and (hashed) in password_resets.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { reset_token: token, new_password: 'Fresh-start-2026', confirm_password: 'Fresh-start-2026' },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('is withheld from the outbox while SMTP is still delivering it', async () => {
    // As a message waiting for its next attempt would be: queued, its body still needed for the send.
    const [inFlight] = await t.database.db
      .insert(outboundMessages)
      .values({
        channel: 'email',
        category: 'invitation',
        toAddress: 'in.flight@example.org',
        subject: 'You are invited',
        bodyText: 'Open http://localhost:3000/register?token=in-flight-token to join.',
        carriesSecret: true,
        status: 'queued',
        driver: 'smtp',
        attempts: 1,
        lastError: '421 busy',
      })
      .returning({ id: outboundMessages.id });
    const admin = await login(t.app, 'admin@trust.demo');
    const opened = await t.app.inject({ url: `/api/outbox/${inFlight!.id}`, headers: bearer(admin) });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).not.toContain('in-flight-token');
    expect(opened.json().body_text).toBe(OUTBOX_MESSAGES.secretBodyRemoved);
    const list = await t.app.inject({
      url: '/api/outbox?channel=email&page_size=200',
      headers: bearer(admin),
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('in-flight-token');
  });
});
