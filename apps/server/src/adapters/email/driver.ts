/** What an email driver is given: one stored outbound message. */
export type OutgoingEmail = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * Extra headers: Message-ID, In-Reply-To, References, Reply-To (threading replies, 001 §2.13), and Cc (the
   * copies of a conversation email: a driver sends to them as well, not only names them).
   */
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

/**
 * An email that arrived (a provider's reply), whatever brought it: the inbound webhook's JSON, the server's own
 * SMTP listener (inbound-smtp.ts), or a reply typed in the outbox. Addresses are as written ("Name <a@b.c>" or
 * a bare address); Message-IDs with or without their angle brackets.
 */
export type ReceivedEmail = {
  from: string;
  to: string[];
  cc: string[];
  /** The SMTP envelope's recipients, when known: a reply address may be there and not in To or Cc. */
  envelopeTo?: string[];
  subject: string;
  text: string | null;
  /** Untrusted: sanitised before it is stored or shown. */
  html: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  references: string[];
  attachments: { filename: string; contentType: string; content: Buffer }[];
};
