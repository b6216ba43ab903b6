import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceivedEmail } from './driver.ts';
import { createInboundSmtpListener, type InboundSmtpListener, isReplyAddress } from './inbound-smtp.ts';

// The server's own SMTP listener (SMTP_INBOUND_PORT) against a real sender: nodemailer on loopback.

const REPLY_TO = 'reply@trust.test';

describe('the inbound SMTP listener', () => {
  const received: ReceivedEmail[] = [];
  let failWith: Error | null = null;
  let listener: InboundSmtpListener;
  let port: number;

  beforeAll(async () => {
    listener = createInboundSmtpListener({
      host: '127.0.0.1',
      port: 0,
      replyTo: REPLY_TO,
      maxBytes: 200 * 1024,
      onMessage: async (email) => {
        if (failWith) throw failWith;
        received.push(email);
      },
    });
    ({ port } = await listener.listen());
  });
  afterAll(async () => listener?.close());

  /** A provider's mail server: no sign-in, opportunistic STARTTLS with whatever certificate is offered. */
  const sender = () =>
    nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      tls: { rejectUnauthorized: false },
    });

  it('parses a reply: addresses, subject, text, HTML, threading headers, attachments', async () => {
    const transport = sender();
    const file = Buffer.from([0, 1, 2, 3, 254, 255]);
    await transport.sendMail({
      from: 'Harbor Intake <intake@harbor.example.org>',
      to: 'Trust <reply+0123456789abcdef0123456789abcdef@trust.test>',
      cc: 'colleague@harbor.example.org',
      subject: 'Re: Referral #4829301756',
      text: 'Yes, we can take her.',
      html: '<p>Yes, we can <b>take</b> her.</p>',
      inReplyTo: '<abc@trust.local>',
      references: ['<first@trust.local>', '<abc@trust.local>'],
      messageId: '<reply-42@harbor.example.org>',
      attachments: [{ filename: 'intake.bin', content: file, contentType: 'application/octet-stream' }],
    });
    transport.close();
    const email = received.at(-1)!;
    expect(email.from).toBe('intake@harbor.example.org');
    expect(email.to).toEqual(['reply+0123456789abcdef0123456789abcdef@trust.test']);
    expect(email.cc).toEqual(['colleague@harbor.example.org']);
    // The copy to the provider's colleague is not ours to take: only the reply address was accepted.
    expect(email.envelopeTo).toEqual(['reply+0123456789abcdef0123456789abcdef@trust.test']);
    expect(email.subject).toBe('Re: Referral #4829301756');
    expect(email.text?.trim()).toBe('Yes, we can take her.');
    expect(email.html).toContain('<b>take</b>');
    expect(email.messageId).toBe('<reply-42@harbor.example.org>');
    expect(email.inReplyTo).toBe('<abc@trust.local>');
    expect(email.references).toEqual(['<first@trust.local>', '<abc@trust.local>']);
    expect(email.attachments).toHaveLength(1);
    expect(email.attachments[0]!.filename).toBe('intake.bin');
    expect(email.attachments[0]!.content.equals(file)).toBe(true);
  });

  it('refuses recipients other than the reply address (it relays nothing)', async () => {
    const before = received.length;
    const transport = sender();
    await expect(
      transport.sendMail({ from: 'a@example.org', to: 'someone@elsewhere.example', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    transport.close();
    expect(received.length).toBe(before);
  });

  it('refuses a message over the size limit', async () => {
    const transport = sender();
    await expect(
      transport.sendMail({
        from: 'a@example.org',
        to: REPLY_TO,
        subject: 'big',
        text: 'x'.repeat(300 * 1024),
      }),
    ).rejects.toMatchObject({ responseCode: 552 });
    transport.close();
  });

  it('asks the sender to retry when the message could not be stored, refuses it for good when it is bad', async () => {
    const transport = sender();
    failWith = new Error('database down');
    await expect(
      transport.sendMail({ from: 'a@example.org', to: REPLY_TO, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 451 });
    failWith = Object.assign(new Error('Enter a valid email address.'), { status: 400 });
    await expect(
      transport.sendMail({ from: 'a@example.org', to: REPLY_TO, subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ responseCode: 550 });
    failWith = null;
    transport.close();
  });
});

describe('isReplyAddress', () => {
  it('accepts the reply address, plain or plus-addressed, in any case; nothing else', () => {
    expect(isReplyAddress('reply@trust.test', REPLY_TO)).toBe(true);
    expect(isReplyAddress('Reply+abc@Trust.Test', REPLY_TO)).toBe(true);
    expect(isReplyAddress('replyx@trust.test', REPLY_TO)).toBe(false);
    expect(isReplyAddress('reply@other.test', REPLY_TO)).toBe(false);
    expect(isReplyAddress('not-an-address', REPLY_TO)).toBe(false);
  });
});
