import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { PermanentDeliveryError } from '../errors.ts';
import type { EmailDriver, OutgoingEmail } from './driver.ts';

/** Email over SMTP (nodemailer), used when SMTP_URL is set: smtp://user:pass@host:port or smtps://… */
export class SmtpEmailDriver implements EmailDriver {
  readonly name = 'smtp';
  readonly #transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Bounded waits: a hung mail server fails the attempt and the queue retries it later.
    this.#transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPTransport.Options);
  }

  async send(message: OutgoingEmail) {
    const { 'Message-ID': messageId, 'Reply-To': replyTo, Cc: cc, ...headers } = message.headers ?? {};
    try {
      const info = await this.#transport.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(messageId ? { messageId } : {}),
        ...(replyTo ? { replyTo } : {}),
        // Given as an option, not a header, so the copies are recipients of the envelope too.
        ...(cc ? { cc } : {}),
        ...(Object.keys(headers).length ? { headers } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                contentType: a.contentType,
                content: a.content,
              })),
            }
          : {}),
      });
      return { providerMessageId: String(info.messageId ?? messageId ?? '') };
    } catch (err) {
      // A 5xx answer (no such mailbox, message refused) is final; a 4xx or a connection error is retried.
      const code = (err as { responseCode?: unknown }).responseCode;
      if (typeof code === 'number' && code >= 500) {
        throw new PermanentDeliveryError(err instanceof Error ? err.message : String(err));
      }
      throw err;
    }
  }

  close() {
    this.#transport.close();
  }
}
