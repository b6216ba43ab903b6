import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { type AddressObject, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { ReceivedEmail } from './driver.ts';

// The server's own SMTP listener for provider replies (issue #6: "when SMTP_INBOUND_PORT is set, an SMTP
// listener of the server's own built on a maintained SMTP server library"): an MX-style receiver, so no AUTH
// (a provider's mail server delivers to it as to any mailbox); STARTTLS is offered with smtp-server's own
// certificate for senders that want it. Each message is parsed (mailparser) and handed to `onMessage`, which
// threads it (modules/communications/email/inbound-service.ts receiveEmail).

export type InboundSmtpOptions = {
  host: string;
  port: number;
  /**
   * EMAIL_REPLY_TO: when set, only this address, plain or plus-addressed (reply+TOKEN@…), is accepted as a
   * recipient; anything else is refused at RCPT TO (the listener relays nothing).
   */
  replyTo?: string | undefined;
  /** Largest message accepted (bytes, as announced by SIZE and counted while it arrives). */
  maxBytes: number;
  onMessage: (email: ReceivedEmail) => Promise<unknown>;
  /** Where a message that could not be stored is reported (its sender is asked to retry). */
  onError?: (error: unknown) => void;
};

/** A refusal with an SMTP reply code, as smtp-server expects it. */
function smtpError(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** `local` and `domain` of an address, lower case; null when it is not one. */
function splitAddress(address: string): { local: string; domain: string } | null {
  const at = address.lastIndexOf('@');
  if (at <= 0 || at === address.length - 1) return null;
  return { local: address.slice(0, at).toLowerCase(), domain: address.slice(at + 1).toLowerCase() };
}

/** Whether `address` is `replyTo` itself or its plus-addressed form (local+anything@domain). */
export function isReplyAddress(address: string, replyTo: string): boolean {
  const a = splitAddress(address.trim());
  const r = splitAddress(replyTo.trim());
  if (!a || !r || a.domain !== r.domain) return false;
  return a.local === r.local || a.local.startsWith(`${r.local}+`);
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = field === undefined ? [] : Array.isArray(field) ? field : [field];
  const out: string[] = [];
  const walk = (entries: AddressObject['value']) => {
    for (const e of entries) {
      if (e.address) out.push(e.address);
      if (e.group) walk(e.group);
    }
  };
  for (const a of list) walk(a.value);
  return out;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A raw message (RFC 5322) as a ReceivedEmail; `envelope` is what the SMTP session said. */
export async function parseReceivedEmail(
  raw: Buffer,
  envelope: { mailFrom?: string | null; rcptTo?: string[] } = {},
): Promise<ReceivedEmail> {
  const parsed = await simpleParser(raw, { skipImageLinks: true, skipTextToHtml: true });
  const from = addresses(parsed.from)[0] ?? envelope.mailFrom ?? '';
  const references = parsed.references
    ? Array.isArray(parsed.references)
      ? parsed.references
      : parsed.references.split(/\s+/).filter(Boolean)
    : [];
  return {
    from,
    to: addresses(parsed.to),
    cc: addresses(parsed.cc),
    envelopeTo: envelope.rcptTo ?? [],
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
    messageId: parsed.messageId ?? null,
    inReplyTo: parsed.inReplyTo ?? null,
    references,
    // Images embedded in the HTML (cid: parts) belong to its layout (logos, signatures), not to the message.
    attachments: parsed.attachments
      .filter((a) => !a.related)
      .map((a) => ({
        filename: a.filename || 'attachment',
        contentType: a.contentType || 'application/octet-stream',
        content: a.content,
      })),
  };
}

export type InboundSmtpListener = {
  listen(): Promise<{ port: number }>;
  close(): Promise<void>;
};

export function createInboundSmtpListener(options: InboundSmtpOptions): InboundSmtpListener {
  const server = new SMTPServer({
    secure: false,
    // An MX-style receiver: senders do not sign in.
    authOptional: true,
    disabledCommands: ['AUTH'],
    size: options.maxBytes,
    maxClients: 50,
    logger: false,
    banner: 'Trust Marketplace inbound mail',
    socketTimeout: 60_000,
    closeTimeout: 5_000,
    onRcptTo(address, _session, callback) {
      if (options.replyTo && !isReplyAddress(address.address, options.replyTo)) {
        return callback(smtpError('No such mailbox here', 550));
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      void (async () => {
        const raw = await readAll(stream);
        if (stream.sizeExceeded) {
          return callback(smtpError(`Message exceeds the fixed maximum message size`, 552));
        }
        let email: ReceivedEmail;
        try {
          email = await parseReceivedEmail(raw, {
            mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
            rcptTo: session.envelope.rcptTo.map((r) => r.address),
          });
        } catch {
          return callback(smtpError('The message could not be parsed', 554));
        }
        try {
          await options.onMessage(email);
          callback();
        } catch (error) {
          // A message refused for what it is (no sender, …) is final; a failure of ours asks for a retry.
          const status = (error as { status?: unknown }).status;
          options.onError?.(error);
          if (typeof status === 'number' && status >= 400 && status < 500) {
            return callback(smtpError(error instanceof Error ? error.message : 'Refused', 550));
          }
          callback(smtpError('Temporary failure, please try again later', 451));
        }
      })().catch((error) => {
        options.onError?.(error);
        callback(smtpError('Temporary failure, please try again later', 451));
      });
    },
  });
  server.on('error', (error) => options.onError?.(error));

  return {
    listen: () =>
      new Promise((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        server.server.once('error', onError);
        server.listen(options.port, options.host, () => {
          server.server.off('error', onError);
          resolve({ port: (server.server.address() as AddressInfo).port });
        });
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
