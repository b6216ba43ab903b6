/** What an SMS driver is given: one stored outbound message. */
export type OutgoingSms = {
  id: number;
  to: string;
  body: string;
  /** Where the SMS service reports delivery (Twilio's StatusCallback), when the product is reachable there. */
  statusCallbackUrl?: string | null;
};

/** Hides the SMS service (DESIGN.md "Adapters"): Twilio-compatible REST when configured, the local outbox otherwise. */
export interface SmsDriver {
  /** Recorded on the message as the driver that delivered it: 'twilio' or 'local'. */
  readonly name: string;
  /** Delivers one message; throws when the service refuses it (the job queue retries). */
  send(message: OutgoingSms): Promise<{ providerMessageId: string }>;
}
