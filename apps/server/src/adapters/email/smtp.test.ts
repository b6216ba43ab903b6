import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PermanentDeliveryError } from '../errors.ts';
import { createEmailDriver } from './index.ts';
import { LocalEmailDriver } from './local.ts';
import { SmtpEmailDriver } from './smtp.ts';

type Received = { from: string; to: string[]; raw: string; user?: string };

describe('the SMTP email driver, against a real SMTP server on loopback', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret')
          return callback(null, { user: 'mailer' });
        return callback(new Error('Invalid username or password'));
      },
      onRcptTo(address, _session, callback) {
        if (address.address.endsWith('@refused.example')) {
          return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        }
        callback();
      },
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          raw += chunk;
        });
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            ...(typeof session.user === 'string' ? { user: session.user } : {}),
          });
          callback();
        });
      },
      logger: false,
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  it('delivers to, from, subject and body, authenticated with the URL credentials', async () => {
    const driver = new SmtpEmailDriver(
      `smtp://mailer:s3cret@127.0.0.1:${port}`,
      'Trust <no-reply@trust.local>',
    );
    const result = await driver.send({
      id: 1,
      to: 'ana@example.org',
      subject: 'You are invited',
      text: 'Open http://localhost:3000/register?token=abc to join.',
    });
    driver.close();
    expect(result.providerMessageId).toMatch(/^<.+@.+>$/);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.user).toBe('mailer');
    expect(mail.from).toBe('no-reply@trust.local');
    expect(mail.to).toEqual(['ana@example.org']);
    expect(mail.raw).toMatch(/^Subject: You are invited\r?$/m);
    expect(mail.raw).toMatch(/^To: ana@example.org\r?$/m);
    expect(mail.raw).toContain('Open http://localhost:3000/register?token=abc to join.');
    expect(mail.raw).toContain(`Message-ID: ${result.providerMessageId}`);
  });

  it('sends the HTML alternative when there is one', async () => {
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${port}`, 'no-reply@trust.local');
    await driver.send({ id: 2, to: 'bo@example.org', subject: 'Hi', text: 'plain', html: '<p>rich</p>' });
    driver.close();
    const mail = received.at(-1)!;
    expect(mail.raw).toContain('text/html');
    expect(mail.raw).toContain('<p>rich</p>');
  });

  it('sends the threading headers, the copies and the attachments as given (001 §2.13)', async () => {
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${port}`, 'Trust <no-reply@trust.local>');
    const file = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]),
    ]);
    const result = await driver.send({
      id: 5,
      to: 'intake@pantry.example.org',
      subject: 'Referral #1234567890',
      text: 'See the attached plan.',
      html: '<p>See the attached plan.</p>',
      headers: {
        'Message-ID': '<3f2a9c@trust.local>',
        'Reply-To': 'reply+0123456789abcdef0123456789abcdef@trust.test',
        'In-Reply-To': '<earlier@trust.local>',
        References: '<earlier@trust.local>',
        Cc: 'lead@plan.example.org, second@plan.example.org',
      },
      attachments: [{ filename: 'care plan.pdf', contentType: 'application/pdf', content: file }],
    });
    driver.close();
    expect(result.providerMessageId).toBe('<3f2a9c@trust.local>');
    const mail = received.at(-1)!;
    // The copies are recipients of the envelope, not only a header.
    expect(mail.to).toEqual([
      'intake@pantry.example.org',
      'lead@plan.example.org',
      'second@plan.example.org',
    ]);
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toBe('<3f2a9c@trust.local>');
    expect(parsed.inReplyTo).toBe('<earlier@trust.local>');
    expect(parsed.replyTo?.value[0]?.address).toBe('reply+0123456789abcdef0123456789abcdef@trust.test');
    expect(parsed.cc && !Array.isArray(parsed.cc) ? parsed.cc.value.map((a) => a.address) : []).toEqual([
      'lead@plan.example.org',
      'second@plan.example.org',
    ]);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]!.filename).toBe('care plan.pdf');
    expect(parsed.attachments[0]!.contentType).toBe('application/pdf');
    expect(parsed.attachments[0]!.content.equals(file)).toBe(true);
    expect(parsed.text?.trim()).toBe('See the attached plan.');
  });

  it('throws a 5xx refusal as permanent (no retry), anything else as an error the queue retries', async () => {
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${port}`, 'no-reply@trust.local');
    const refused = driver.send({ id: 3, to: 'x@refused.example', subject: 'Hi', text: 'plain' });
    await expect(refused).rejects.toThrow(/Mailbox unavailable/);
    await expect(refused).rejects.toBeInstanceOf(PermanentDeliveryError);
    driver.close();
  });

  it('throws when nobody listens', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${deadPort}`, 'no-reply@trust.local');
    const failure = await driver
      .send({ id: 4, to: 'a@example.org', subject: 'Hi', text: 'x' })
      .catch((e) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentDeliveryError);
    driver.close();
  });
});

describe('choosing the email driver', () => {
  it('uses SMTP when SMTP_URL is set, the local outbox otherwise', async () => {
    expect(createEmailDriver({ smtpUrl: 'smtp://127.0.0.1:25', smtpFrom: 'a@b.c' }).name).toBe('smtp');
    const local = createEmailDriver({ smtpUrl: undefined, smtpFrom: 'a@b.c' });
    expect(local).toBeInstanceOf(LocalEmailDriver);
    expect(await local.send({ id: 7, to: 'a@b.c', subject: 's', text: 't' })).toEqual({
      providerMessageId: 'local-email-7',
    });
  });
});
