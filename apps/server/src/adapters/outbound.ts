import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';
import { outboundMessages } from '../db/schema/index.ts';
import type { AppDeps } from '../platform/deps.ts';
import { encryptionKey, encryptSecret } from '../platform/secret-box.ts';

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
  /** The referral it is about: it shows on that referral's Communications tab. */
  referralId?: number | null;
  /** The provider and its contact method a referral was sent through (001 §2.1; referral-sending module). */
  providerId?: number | null;
  communicationMethodId?: number | null;
  /**
   * The body carries protected health information: body_text and body_html are stored sealed with AES-256-GCM
   * (platform/secret-box.ts), opened only to deliver the message and for an audited read in the outbox. The
   * subject and the address stay readable, so they must hold no PHI.
   */
  phi?: boolean;
  /**
   * The body carries a secret (a reset or invitation link, a one-time code): only platform operators read it in
   * the outbox, and once a real driver (SMTP) has delivered it, or it failed for good, the body is not kept
   * (adapters/delivery.ts; issue #12).
   */
  carriesSecret?: boolean;
  metadata?: Record<string, unknown>;
  /** Threading headers (Message-ID, In-Reply-To, References, Reply-To), kept in the row's metadata. */
  headers?: Record<string, string>;
  /** Files already in storage (platform/storage.ts), read and attached at delivery. */
  attachments?: { filename: string; contentType: string; storageKey: string }[];
};

export type SmsMessage = {
  to: string;
  body: string;
  category: string;
  userId?: number | null;
  organizationId?: number | null;
  referralId?: number | null;
  providerId?: number | null;
  communicationMethodId?: number | null;
  /** The body names the member (a referral sent to a provider): stored sealed, as for EmailMessage.phi. */
  phi?: boolean;
  /** A one-time code: not kept once Twilio has delivered it, as for EmailMessage.carriesSecret. */
  carriesSecret?: boolean;
  metadata?: Record<string, unknown>;
  /** Delivered even to a number that opted out: only the confirmation of that STOP itself. */
  bypassOptOut?: boolean;
};

/** The job that delivers one stored message (defined by the outbox module: modules/communications/outbox/jobs.ts). */
export const DELIVER_JOB = 'outbound.deliver';
/** Attempts in all: the first plus pg-boss's retries. After the last one the message is marked 'failed'. */
export const OUTBOUND_MAX_ATTEMPTS = 6;
/** Seconds before the first retry; pg-boss doubles it each time, plus jitter (≥15 s, 30 s, 1, 2, 4 min). */
export const OUTBOUND_RETRY_DELAY_SECONDS = 15;

/**
 * One job per message, with an id derived from the message id: sending it twice (from the caller's transaction
 * and from the sweep) inserts it once, because pg-boss inserts jobs with ON CONFLICT DO NOTHING.
 */
export function deliveryJobId(messageId: number): string {
  return `00000000-0000-4000-8000-${messageId.toString(16).padStart(12, '0')}`;
}

export function deliveryJobOptions(messageId: number): PgBoss.SendOptions {
  return {
    id: deliveryJobId(messageId),
    retryLimit: OUTBOUND_MAX_ATTEMPTS - 1,
    retryDelay: OUTBOUND_RETRY_DELAY_SECONDS,
    retryBackoff: true,
  };
}

/**
 * pg-boss's SQL run through a Drizzle transaction, so the job commits or vanishes with the message row.
 * pg-boss numbers its parameters $1…$n; Drizzle renumbers the ones it is given, so each $n becomes a param.
 */
function executorOver(tx: DbOrTx): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const parts = text.split(/\$(\d+)/);
      const chunks: SQL[] = parts.map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const value = values[Number(part) - 1];
        return sql`${value === undefined ? null : value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value}`;
      });
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/**
 * How a queued message reaches the job queue. Chosen: the pg-boss job is inserted in the caller's transaction
 * (the transactional-outbox pattern), because then delivery starts within the worker's polling interval
 * after commit, and a rollback takes the job away with the message. It runs in a savepoint: if the queue is
 * not there (not started yet), the caller's change still commits, and the once-a-minute sweep
 * (`outbound.sweep`) picks the row up — as it does for rows written by a process that runs no jobs
 * (deps.jobs null: tests, JOBS=off), which simply stay 'queued' until a process with jobs sees them.
 */
async function enqueueDelivery(deps: AppDeps, tx: DbOrTx, messageId: number) {
  const jobs = deps.jobs;
  if (!jobs) return;
  try {
    await tx.transaction(async (savepoint) => {
      await jobs.send(
        DELIVER_JOB,
        { id: messageId },
        { ...deliveryJobOptions(messageId), db: executorOver(savepoint) },
      );
    });
  } catch {
    // The sweep delivers it; the change that caused the send must not fail because of the queue.
  }
}

export async function queueEmail(deps: AppDeps, tx: DbOrTx, message: EmailMessage): Promise<{ id: number }> {
  const phi = message.phi === true;
  const key = phi ? encryptionKey(deps.config) : null;
  const seal = (body: string) => (key ? encryptSecret(key, body) : body);
  const [row] = await tx
    .insert(outboundMessages)
    .values({
      channel: 'email',
      category: message.category,
      toAddress: message.to,
      subject: message.subject,
      bodyText: seal(message.text),
      bodyHtml: message.html == null ? null : seal(message.html),
      phi,
      carriesSecret: message.carriesSecret === true,
      userId: message.userId ?? null,
      organizationId: message.organizationId ?? null,
      referralId: message.referralId ?? null,
      providerId: message.providerId ?? null,
      communicationMethodId: message.communicationMethodId ?? null,
      metadata: {
        ...message.metadata,
        ...(message.headers ? { headers: message.headers } : {}),
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                content_type: a.contentType,
                storage_key: a.storageKey,
              })),
            }
          : {}),
      },
    })
    .returning({ id: outboundMessages.id });
  await enqueueDelivery(deps, tx, row!.id);
  return row!;
}

export async function queueSms(deps: AppDeps, tx: DbOrTx, message: SmsMessage): Promise<{ id: number }> {
  const phi = message.phi === true;
  const [row] = await tx
    .insert(outboundMessages)
    .values({
      channel: 'sms',
      category: message.category,
      toAddress: message.to,
      bodyText: phi ? encryptSecret(encryptionKey(deps.config), message.body) : message.body,
      phi,
      carriesSecret: message.carriesSecret === true,
      userId: message.userId ?? null,
      organizationId: message.organizationId ?? null,
      referralId: message.referralId ?? null,
      providerId: message.providerId ?? null,
      communicationMethodId: message.communicationMethodId ?? null,
      metadata: { ...message.metadata, ...(message.bypassOptOut ? { bypass_opt_out: true } : {}) },
    })
    .returning({ id: outboundMessages.id });
  await enqueueDelivery(deps, tx, row!.id);
  return row!;
}

/** What a caller may know of a queued message without opening it: its delivery state (never the body). */
export type OutboundMessageState = {
  id: number;
  category: string;
  status: string;
  toAddress: string;
  referralId: number | null;
  /** Who delivered it ('local' delivers at once), the service's id and the last attempt's error. */
  driver: string | null;
  providerMessageId: string | null;
  lastError: string | null;
  sentAt: Date | null;
};

export async function findOutboundMessageState(db: DbOrTx, id: number): Promise<OutboundMessageState | null> {
  const [row] = await db
    .select({
      id: outboundMessages.id,
      category: outboundMessages.category,
      status: outboundMessages.status,
      toAddress: outboundMessages.toAddress,
      referralId: outboundMessages.referralId,
      driver: outboundMessages.driver,
      providerMessageId: outboundMessages.providerMessageId,
      lastError: outboundMessages.lastError,
      sentAt: outboundMessages.sentAt,
    })
    .from(outboundMessages)
    .where(eq(outboundMessages.id, id));
  return row ?? null;
}

/**
 * The newest SMS the service's id (Twilio's sid) was given to, for a delivery report that arrives before the
 * communication record learned the sid (index outbound_messages_provider_message_idx).
 */
export async function findOutboundSmsIdBySid(db: DbOrTx, sid: string): Promise<number | null> {
  const [row] = await db
    .select({ id: outboundMessages.id })
    .from(outboundMessages)
    .where(
      and(
        eq(outboundMessages.providerMessageId, sid),
        sql`${outboundMessages.providerMessageId} IS NOT NULL`,
        eq(outboundMessages.channel, 'sms'),
      ),
    )
    .orderBy(desc(outboundMessages.id))
    .limit(1);
  return row?.id ?? null;
}
