import { createHash, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  COMMUNICATION_MESSAGES,
  EMAIL_ATTACHMENTS_MAX,
  EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES,
  EMAIL_MESSAGES,
  type InboundEmail,
  type InboundEmailResult,
  OUTBOX_MESSAGES,
  type SimulatedInboundEmail,
} from '@trust/domain';
import { sql } from 'drizzle-orm';
import type { ReceivedEmail } from '../../../adapters/email/driver.ts';
import { audit } from '../../../platform/audit.ts';
import {
  inTransaction,
  type ServiceContext,
  systemContext,
  type UserContext,
} from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import {
  discardAttachments,
  recordAttachment,
  type StoredAttachment,
  storeAttachment,
} from '../communications/attachments.ts';
import * as records from '../communications/records.ts';
import { recordCommunication } from '../communications/service.ts';
import { assertCanReadOutbox } from '../outbox/service.ts';
import {
  addressList,
  bareAddress,
  domainOf,
  messageIdForms,
  messageIdsIn,
  newMessageId,
  replyAddress,
  replyTokenOf,
} from './addresses.ts';
import { emailHtmlToText, sanitizeEmailHtml } from './html.ts';
import * as repo from './repo.ts';
import { CONVERSATION_CATEGORY } from './send-service.ts';

// A provider's reply (issue #6 "inbound email replies threaded onto the conversation"), whatever brought it:
// the inbound webhook (a mail service's parsed JSON), the server's own SMTP listener, or a reply typed in the
// outbox with the local driver. One function threads and stores it.

type Thread = records.ConversationRow;

/** (a) In-Reply-To, then References newest first, naming one of our emails (its Message-ID). */
async function threadByMessageIds(ctx: ServiceContext, email: ReceivedEmail): Promise<Thread | null> {
  const named = [...messageIdsIn(email.inReplyTo), ...email.references.flatMap(messageIdsIn).reverse()];
  for (const id of named) {
    for (const form of messageIdForms(id)) {
      const found = await records.findByExternalId(ctx, { externalId: form, channel: 'email' });
      if (found?.conversationId) {
        const thread = await records.findConversation(ctx, { id: found.conversationId });
        if (thread) return thread;
      }
    }
  }
  return null;
}

/** (b) The thread's reply address (EMAIL_REPLY_TO plus-addressed with its token) among the recipients. */
async function threadByReplyToken(ctx: ServiceContext, email: ReceivedEmail): Promise<Thread | null> {
  const replyTo = ctx.deps.config.emailReplyTo;
  if (!replyTo) return null;
  for (const address of [...email.to, ...email.cc, ...(email.envelopeTo ?? [])]) {
    const token = replyTokenOf(address, replyTo);
    if (!token) continue;
    const thread = await records.findConversationByReplyToken(ctx, { token });
    if (thread) return thread;
  }
  return null;
}

/**
 * (c) The sender as the counterpart of an organization's email thread: the one whose referral number the
 * subject names ('#4829301756'), else the newest.
 */
async function threadBySender(ctx: ServiceContext, sender: string, subject: string): Promise<Thread | null> {
  const candidates = (
    await records.conversationsWithCounterpart(ctx, { channel: 'email', counterpart: sender })
  ).filter((c) => c.organizationId !== null);
  if (candidates.length === 0) return null;
  const named = new Set([...subject.matchAll(/#\s?(\d{4,})/g)].map((m) => m[1]));
  if (named.size) {
    const numbers = await repo.referralNumbers(
      ctx.db,
      candidates.map((c) => c.referralId).filter((id): id is number => id !== null),
    );
    const match = candidates.find((c) => c.referralId !== null && named.has(numbers.get(c.referralId)));
    if (match) return match;
  }
  return candidates[0]!;
}

/** Files of the reply, stored encrypted; a file over the limits is left out (the reply itself is kept). */
async function storeReceivedFiles(ctx: ServiceContext, email: ReceivedEmail) {
  const { deps } = ctx;
  const stored: StoredAttachment[] = [];
  const skipped: string[] = [];
  let total = 0;
  for (const file of email.attachments) {
    const size = file.content.length;
    if (
      size === 0 ||
      size > deps.config.emailAttachmentMaxBytes ||
      total + size > EMAIL_ATTACHMENTS_TOTAL_MAX_BYTES ||
      stored.length >= EMAIL_ATTACHMENTS_MAX
    ) {
      skipped.push(file.filename);
      continue;
    }
    total += size;
    stored.push(
      await storeAttachment(ctx, {
        filename: file.filename.slice(0, 255),
        contentType: file.contentType,
        stream: Readable.from([file.content]),
      }),
    );
  }
  return { stored, skipped };
}

function resultOf(row: records.CommunicationRow): InboundEmailResult {
  return {
    communication_id: row.id,
    conversation_id: row.conversationId,
    matched: row.organizationId !== null,
    referral_id: row.referralId,
  };
}

async function alreadyReceived(ctx: ServiceContext, messageId: string) {
  const found = await records.findByExternalId(ctx, { externalId: messageId, channel: 'email' });
  return found?.direction === 'inbound' ? found : null;
}

/**
 * Threads and stores one received email: (a) In-Reply-To/References naming one of our Message-IDs, (b) the
 * thread's reply address, (c) the sender's address as the counterpart of the newest thread (preferring the one
 * whose referral number the subject names), else (d) unmatched (no organization: shown to platform operators
 * rather than dropped). Stored as received, the body sealed (it may name the member), HTML sanitised, files
 * encrypted, a timeline row on the referral. Receiving the same Message-ID again changes nothing.
 */
export async function receiveEmail(
  ctx: ServiceContext,
  input: { email: ReceivedEmail; via: 'webhook' | 'smtp' | 'simulated' },
): Promise<InboundEmailResult> {
  const { email, via } = input;
  const { db, deps } = ctx;
  const sender = bareAddress(email.from);
  if (!sender) {
    throw new AppError('communication.email_invalid', COMMUNICATION_MESSAGES.invalidEmail, {
      fields: { from: COMMUNICATION_MESSAGES.invalidEmail },
    });
  }
  const messageId =
    (email.messageId && messageIdForms(email.messageId)[0]) ||
    newMessageId(`inbound@${domainOf(deps.config.smtpFrom)}`);
  const seen = await alreadyReceived(ctx, messageId);
  if (seen) return resultOf(seen);

  const thread =
    (await threadByMessageIds(ctx, email)) ??
    (await threadByReplyToken(ctx, email)) ??
    (await threadBySender(ctx, sender, email.subject));
  // An unplaced reply still names its provider when the sender is one's directory address (for filing it).
  const providerGuess = thread ? null : await repo.findProviderByEmail(db, sender);

  const html = email.html?.trim() ? sanitizeEmailHtml(email.html) : null;
  const text = email.text?.trim()
    ? email.text.replace(/\r\n?/g, '\n').trim()
    : html
      ? emailHtmlToText(html)
      : '';
  const { stored, skipped } = await storeReceivedFiles(ctx, email);
  try {
    return await db.transaction(async (tx) => {
      const txCtx = inTransaction(ctx, tx);
      // Two deliveries of one message at once (a mail service retrying) store it once.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`email:${messageId}`}))`);
      const again = await alreadyReceived(txCtx, messageId);
      if (again) {
        await discardAttachments(ctx, { files: stored });
        return resultOf(again);
      }
      const { row } = await recordCommunication(txCtx, {
        organizationId: thread ? thread.organizationId : null,
        providerId: thread ? thread.providerId : (providerGuess?.id ?? null),
        referralId: thread ? thread.referralId : null,
        ...(thread ? { conversation: { id: thread.id } } : {}),
        channel: 'email',
        direction: 'inbound',
        category: CONVERSATION_CATEGORY,
        status: 'received',
        from: sender,
        to: addressList(email.to).join(', ') || null,
        counterpart: sender,
        cc: addressList(email.cc),
        subject: email.subject
          .replace(/[\r\n]+/g, ' ')
          .trim()
          .slice(0, 1000),
        bodyText: text,
        bodyHtml: html,
        phi: true,
        externalId: messageId,
        deliveredAt: new Date(),
        metadata: {
          via,
          in_reply_to: email.inReplyTo ?? null,
          ...(skipped.length ? { attachments_left_out: skipped } : {}),
        },
        timeline: { type: 'message_received', details: { attachments_count: stored.length } },
      });
      for (const file of stored) await recordAttachment(txCtx, { communicationId: row.id, file });
      await audit(tx, txCtx, {
        action: 'email.received',
        entityType: 'communication',
        entityId: row.id,
        details: {
          via,
          matched: row.organizationId !== null,
          conversation_id: row.conversationId,
          referral_id: row.referralId,
          attachments_count: stored.length,
        },
      });
      return resultOf(row);
    });
  } catch (error) {
    await discardAttachments(ctx, { files: stored });
    throw error;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** POST /api/webhooks/email/inbound requires `Authorization: Bearer <INBOUND_EMAIL_TOKEN>`; unset: refused. */
export function assertInboundToken(ctx: ServiceContext, input: { authorization: string | undefined }) {
  const expected = ctx.deps.config.inboundEmailToken;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(input.authorization ?? '')?.[1];
  // Compared as digests: equal lengths, constant time.
  if (!expected || !given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new AppError('email.inbound_unauthorized', EMAIL_MESSAGES.inboundUnauthorized);
  }
}

/** The webhook's JSON (inboundEmailSchema) as a received email. */
export function fromWebhook(body: InboundEmail): ReceivedEmail {
  const list = (value: string | string[] | null | undefined) =>
    value == null ? [] : typeof value === 'string' ? addressList(value) : addressList(value);
  return {
    from: body.from,
    to: list(body.to),
    cc: list(body.cc),
    subject: body.subject ?? '',
    text: body.text ?? null,
    html: body.html ?? null,
    messageId: body.message_id ?? null,
    inReplyTo: body.in_reply_to ?? null,
    references:
      body.references == null
        ? []
        : typeof body.references === 'string'
          ? messageIdsIn(body.references)
          : body.references,
    attachments: (body.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.content_type ?? 'application/octet-stream',
      content: Buffer.from(a.content, 'base64'),
    })),
  };
}

/** POST /api/webhooks/email/inbound (the webhook's system context). */
export async function receiveWebhookEmail(
  ctx: ServiceContext,
  body: InboundEmail,
): Promise<InboundEmailResult> {
  return receiveEmail(ctx, { email: fromWebhook(body), via: 'webhook' });
}

/**
 * POST /api/outbox/inbound/email (local driver only; outbox readers): a person replies as the provider to an
 * email of the outbox. The reply takes the real path: In-Reply-To names that email's Message-ID, To is the
 * thread's reply address.
 */
export async function simulateInboundEmail(
  ctx: UserContext,
  body: SimulatedInboundEmail,
): Promise<InboundEmailResult> {
  assertCanReadOutbox(ctx);
  const { deps } = ctx;
  if (deps.config.smtpUrl) {
    throw new AppError('communication.local_driver_only', COMMUNICATION_MESSAGES.localDriverOnly);
  }
  const original = await records.findByOutboundMessage(ctx, { messageId: body.outbox_message_id });
  if (original?.channel !== 'email' || original.direction !== 'outbound' || !original.toAddress) {
    throw new AppError('email.outbox_message_not_found', OUTBOX_MESSAGES.notFound);
  }
  const thread = original.conversationId
    ? await records.findConversation(ctx, { id: original.conversationId })
    : null;
  const replyTo = deps.config.emailReplyTo;
  const to =
    replyTo && thread?.replyToken
      ? replyAddress(replyTo, thread.replyToken)
      : (bareAddress(deps.config.smtpFrom) ?? deps.config.smtpFrom);
  const subject = body.subject?.trim() || `Re: ${original.subject ?? ''}`.trim();
  // Received as a real reply is: by the system, with no user or address of the operator who typed it.
  const result = await receiveEmail(systemContext(deps, 'email.simulated-reply'), {
    email: {
      from: original.toAddress,
      to: [to],
      cc: [],
      subject,
      text: body.body,
      html: null,
      messageId: null,
      inReplyTo: original.externalId,
      references: original.externalId ? [original.externalId] : [],
      attachments: [],
    },
    via: 'simulated',
  });
  await audit(ctx.db, ctx, {
    action: 'outbox.inbound_email_simulated',
    entityType: 'outbound_message',
    entityId: body.outbox_message_id,
    details: { communication_id: result.communication_id, matched: result.matched },
  });
  return result;
}
