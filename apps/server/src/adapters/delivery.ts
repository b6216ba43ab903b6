import type { Readable } from 'node:stream';
import { OUTBOX_MESSAGES } from '@trust/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { outboundMessages } from '../db/schema/index.ts';
import type { Jobs } from '../platform/jobs.ts';
import { decryptSecret } from '../platform/secret-box.ts';
import type { FileStorage } from '../platform/storage.ts';
import type { EmailDriver } from './email/driver.ts';
import { createEmailDriver } from './email/index.ts';
import { PermanentDeliveryError } from './errors.ts';
import { DELIVER_JOB, deliveryJobOptions, OUTBOUND_MAX_ATTEMPTS } from './outbound.ts';
import type { SmsDriver } from './sms/driver.ts';
import { createSmsDriver } from './sms/index.ts';
import { isOptedOut } from './sms/opt-outs.ts';

/** The error a message to a number that answered STOP fails with. */
export const SMS_OPTED_OUT_ERROR = 'The recipient opted out of text messages (answered STOP).';

export type Drivers = { email: EmailDriver; sms: SmsDriver };

export function createDrivers(config: Config): Drivers {
  return { email: createEmailDriver(config), sms: createSmsDriver(config) };
}

export type DeliveryResult = 'sent' | 'retry' | 'failed' | 'skipped';

/** The name the local drivers (the development mailbox) record on what they "delivered". */
const LOCAL_DRIVER = 'local';

/**
 * Issue #12: a message carrying a secret (reset or invitation link, sign-in code) is not kept once a real driver
 * has delivered it, or once it failed for good: its body becomes a fixed text, in the update that records the
 * delivery, so no later reader of the outbox or the database (an operator, a backup) can use the secret.
 */
function secretBodyRemoved(now: Date) {
  return { bodyText: OUTBOX_MESSAGES.secretBodyRemoved, bodyHtml: null, bodyRemovedAt: now };
}

/** What a delivery needs besides the message: the key of sealed bodies, storage for attachments, callbacks. */
export type DeliveryContext = {
  /** Opens a PHI message's sealed body (platform/secret-box.ts encryptionKey), for the driver only. */
  key: Buffer;
  /** Where attachments are stored (platform/storage.ts); needed only for emails that have some. */
  storage?: FileStorage | null;
  /** Twilio's StatusCallback for SMS delivery reports (PUBLIC_URL + the SMS status webhook). */
  smsStatusCallbackUrl?: string | null;
};

/** Attachments and threading headers of an email, kept in the outbox row's metadata by queueEmail. */
type EmailExtras = {
  headers?: Record<string, string>;
  attachments?: { filename: string; content_type: string; storage_key: string }[];
};

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function emailAttachments(extras: EmailExtras, storage: FileStorage | null | undefined) {
  if (!extras.attachments?.length) return undefined;
  if (!storage) throw new Error('attachments need the file storage');
  const out: { filename: string; contentType: string; content: Buffer }[] = [];
  for (const a of extras.attachments) {
    out.push({
      filename: a.filename,
      contentType: a.content_type,
      content: await readAll(await storage.get(a.storage_key)),
    });
  }
  return out;
}

/**
 * Delivers one stored message (the `outbound.deliver` job): counts the attempt, then records 'sent' with the
 * driver and the provider's id, or the error. A failed attempt rethrows so pg-boss retries it with backoff;
 * the last allowed attempt marks the message 'failed' (visible in the outbox) and stops. A PHI message's body
 * is stored sealed (outbound.ts); `key` (platform/secret-box.ts encryptionKey) opens it for the driver only.
 */
export async function deliverOutboundMessage(
  db: Db,
  drivers: Drivers,
  id: number,
  context: DeliveryContext,
): Promise<DeliveryResult> {
  const [message] = await db.select().from(outboundMessages).where(eq(outboundMessages.id, id));
  // Already delivered (a duplicate run) or gone: nothing to do.
  if (message?.status !== 'queued') return 'skipped';
  const attempts = message.attempts + 1;
  const driver = message.channel === 'sms' ? drivers.sms : drivers.email;
  try {
    const open = (body: string) => (message.phi ? decryptSecret(context.key, body) : body);
    const extras = message.metadata as EmailExtras & { bypass_opt_out?: boolean };
    let providerMessageId: string;
    if (message.channel === 'sms') {
      // A number that answered STOP gets nothing more (the STOP confirmation itself excepted).
      if (!extras.bypass_opt_out && (await isOptedOut(db, message.toAddress))) {
        throw new PermanentDeliveryError(SMS_OPTED_OUT_ERROR);
      }
      ({ providerMessageId } = await drivers.sms.send({
        id,
        to: message.toAddress,
        body: open(message.bodyText),
        statusCallbackUrl: context.smsStatusCallbackUrl ?? null,
      }));
    } else {
      ({ providerMessageId } = await drivers.email.send({
        id,
        to: message.toAddress,
        subject: message.subject ?? '',
        text: open(message.bodyText),
        html: message.bodyHtml === null ? null : open(message.bodyHtml),
        ...(extras.headers ? { headers: extras.headers } : {}),
        attachments: await emailAttachments(extras, context.storage),
      }));
    }
    const now = new Date();
    await db
      .update(outboundMessages)
      .set({
        status: 'sent',
        sentAt: now,
        providerMessageId,
        driver: driver.name,
        attempts,
        lastError: null,
        // The local driver's outbox is the development mailbox: there the message row is the delivery.
        ...(message.carriesSecret && driver.name !== LOCAL_DRIVER ? secretBodyRemoved(now) : {}),
      })
      .where(eq(outboundMessages.id, id));
    return 'sent';
  } catch (err) {
    const final = attempts >= OUTBOUND_MAX_ATTEMPTS || err instanceof PermanentDeliveryError;
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 2000) || 'Unknown error';
    await db
      .update(outboundMessages)
      .set({
        status: final ? 'failed' : 'queued',
        driver: driver.name,
        attempts,
        lastError,
        // Nobody will receive it now: a link or code that was never delivered is no one's to read.
        ...(final && message.carriesSecret ? secretBodyRemoved(new Date()) : {}),
      })
      .where(and(eq(outboundMessages.id, id), eq(outboundMessages.status, 'queued')));
    if (final) return 'failed';
    throw err;
  }
}

/**
 * Gives every still-queued message its delivery job. The job id is derived from the message id, so a message
 * whose job already exists (waiting, retrying) is not sent twice.
 */
export async function sweepQueuedMessages(db: Db, jobs: Jobs, limit = 500): Promise<number> {
  const rows = await db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(sql`${outboundMessages.status} = 'queued'`)
    .orderBy(asc(outboundMessages.createdAt))
    .limit(limit);
  let created = 0;
  for (const { id } of rows) {
    if (await jobs.send(DELIVER_JOB, { id }, deliveryJobOptions(id))) created++;
  }
  return created;
}
