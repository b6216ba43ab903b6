import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
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
    const info = await this.#transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
    });
    return { providerMessageId: String(info.messageId ?? '') };
  }

  close() {
    this.#transport.close();
  }
}
