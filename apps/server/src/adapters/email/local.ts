import type { EmailDriver, OutgoingEmail } from './driver.ts';

/**
 * The default: nothing leaves the machine. The message row is the delivery (the outbox page and GET /api/outbox
 * show it), so a fresh machine shows what would have been sent.
 */
export class LocalEmailDriver implements EmailDriver {
  readonly name = 'local';
  async send(message: OutgoingEmail) {
    return { providerMessageId: `local-email-${message.id}` };
  }
}
