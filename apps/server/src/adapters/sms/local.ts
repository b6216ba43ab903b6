import type { OutgoingSms, SmsDriver } from './driver.ts';

/** The default: the message row is the delivery; the outbox shows it (and tests read codes from it). */
export class LocalSmsDriver implements SmsDriver {
  readonly name = 'local';
  async send(message: OutgoingSms) {
    return { providerMessageId: `local-sms-${message.id}` };
  }
}
