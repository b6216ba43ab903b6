import type { DbOrTx } from '../db/client.ts';
import { outboundMessages } from '../db/schema/index.ts';
import type { AppDeps } from '../platform/deps.ts';

/**
 * The one way the product sends an email or an SMS. Call it inside the transaction of the change that causes
 * the send: the message row commits or vanishes with that change, and delivery (with retries) happens from
 * the job queue afterwards, so a failing mail server never loses the change.
 */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Why it is sent: 'invitation', 'password_reset', … (shown in the outbox). */
  category: string;
  userId?: number | null;
  organizationId?: number | null;
  metadata?: Record<string, unknown>;
};

export type SmsMessage = {
  to: string;
  body: string;
  category: string;
  userId?: number | null;
  organizationId?: number | null;
  metadata?: Record<string, unknown>;
};

export async function queueEmail(_deps: AppDeps, tx: DbOrTx, message: EmailMessage): Promise<{ id: number }> {
  const [row] = await tx
    .insert(outboundMessages)
    .values({
      channel: 'email',
      category: message.category,
      toAddress: message.to,
      subject: message.subject,
      bodyText: message.text,
      bodyHtml: message.html ?? null,
      userId: message.userId ?? null,
      organizationId: message.organizationId ?? null,
      metadata: message.metadata ?? {},
    })
    .returning({ id: outboundMessages.id });
  return row!;
}

export async function queueSms(_deps: AppDeps, tx: DbOrTx, message: SmsMessage): Promise<{ id: number }> {
  const [row] = await tx
    .insert(outboundMessages)
    .values({
      channel: 'sms',
      category: message.category,
      toAddress: message.to,
      bodyText: message.body,
      userId: message.userId ?? null,
      organizationId: message.organizationId ?? null,
      metadata: message.metadata ?? {},
    })
    .returning({ id: outboundMessages.id });
  return row!;
}
