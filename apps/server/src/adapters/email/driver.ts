/** What an email driver is given: one stored outbound message. */
export type OutgoingEmail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /** Extra headers: Message-ID, In-Reply-To, References, Reply-To (threading replies, 001 §2.13). */
  headers?: Record<string, string>;
  /** Files read from storage for this delivery only (they are stored encrypted, platform/storage.ts). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
};

/** Hides the mail service (DESIGN.md "Adapters"): SMTP when configured, the local outbox otherwise. */
export interface EmailDriver {
  /** Recorded on the message as the driver that delivered it: 'smtp' or 'local'. */
  readonly name: string;
  /** Delivers one message; throws when the service refuses it (the job queue retries). */
  send(message: OutgoingEmail): Promise<{ providerMessageId: string }>;
}
