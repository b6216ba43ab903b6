import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('throws the server refusal, so the queue retries', async () => {
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${port}`, 'no-reply@trust.local');
    await expect(
      driver.send({ id: 3, to: 'x@refused.example', subject: 'Hi', text: 'plain' }),
    ).rejects.toThrow(/Mailbox unavailable/);
    driver.close();
  });

  it('throws when nobody listens', async () => {
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const driver = new SmtpEmailDriver(`smtp://127.0.0.1:${deadPort}`, 'no-reply@trust.local');
    await expect(driver.send({ id: 4, to: 'a@example.org', subject: 'Hi', text: 'x' })).rejects.toThrow();
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
