/**
 * A refusal that retrying cannot change (Twilio 4xx such as 21211 "not a valid phone number" or 21610 "the
 * recipient unsubscribed", an SMTP 5xx for an unknown mailbox, a number that opted out): the delivery job marks
 * the message failed at once, with this message, instead of retrying it for minutes.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}
