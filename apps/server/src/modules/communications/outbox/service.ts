import { OUTBOX_MESSAGES, type OutboundMessage, type OutboxList } from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { isPlatformOperator } from '../../../platform/auth.ts';
import type { UserContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { decryptSecret, encryptionKey } from '../../../platform/secret-box.ts';
import { findMessage, listMessages, type OutboundRow } from './repo.ts';

/** What the list shows instead of a PHI message's body: the body is opened only one message at a time. */
export const PHI_BODY_PLACEHOLDER = 'Protected health information: open the message to read it.';

/**
 * The outbox holds every organization's messages, and in development the reset links, invitation links and
 * sign-in codes of every user: only platform operators read it (issue #12: an organization's admin who read it
 * could reset anyone's password). The product role `admin` is not enough. The routes that act as a provider
 * answering (simulated inbound SMS, email, voicemail) go through here too.
 */
export function assertCanReadOutbox(ctx: UserContext) {
  if (!isPlatformOperator(ctx.actor)) throw new AppError('outbox.operators_only', OUTBOX_MESSAGES.forbidden);
}

function toWire(row: OutboundRow, body: { text: string; html: string | null }): OutboundMessage {
  return {
    id: row.id,
    channel: row.channel,
    category: row.category,
    to: row.toAddress,
    subject: row.subject,
    body_text: body.text,
    body_html: body.html,
    status: row.status,
    driver: row.driver,
    attempts: row.attempts,
    last_error: row.lastError,
    provider_message_id: row.providerMessageId,
    user_id: row.userId,
    organization_id: row.organizationId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
    carries_secret: row.carriesSecret,
    body_removed_at: row.bodyRemovedAt ? row.bodyRemovedAt.toISOString() : null,
  };
}

const SECRET_REMOVED = { text: OUTBOX_MESSAGES.secretBodyRemoved, html: null };

/**
 * Issue #12: the outbox is a development mailbox, not a vault. A secret-bearing body (reset or invitation link,
 * sign-in code) is shown only while the local driver is the one delivering it; under a real driver (SMTP,
 * Twilio) it is withheld while in flight and removed once delivered (adapters/delivery.ts).
 */
function secretWithheld(deps: AppDeps, row: OutboundRow): boolean {
  if (!row.carriesSecret) return false;
  if (row.bodyRemovedAt) return true;
  if (row.driver !== null && row.driver !== 'local') return true;
  return row.channel === 'sms' ? deps.config.twilio !== undefined : deps.config.smtpUrl !== undefined;
}

/** The list never opens a sealed body (a page of PHI would be read without anyone choosing to read it). */
function listedBody(deps: AppDeps, row: OutboundRow) {
  if (secretWithheld(deps, row)) return SECRET_REMOVED;
  return row.phi ? { text: PHI_BODY_PLACEHOLDER, html: null } : { text: row.bodyText, html: row.bodyHtml };
}

export async function listOutbox(
  ctx: UserContext,
  query: { page: number; page_size: number; channel?: string | undefined },
): Promise<OutboxList> {
  assertCanReadOutbox(ctx);
  const { db, deps } = ctx;
  const { rows, total } = await listMessages(db, {
    ...(query.channel ? { channel: query.channel } : {}),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  // The mailbox holds messages about members even where the body is not sealed (a member's status text names
  // the member and goes to the member's phone): every page read is audited like any PHI read (issue #12).
  await auditPhiRead(db, ctx, {
    action: 'outbound_message.list_read',
    entityType: 'outbound_message',
    ids: rows.map((row) => row.id),
  });
  return {
    messages: rows.map((row) => toWire(row, listedBody(deps, row))),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** One message in full; a PHI message is opened here and the read is audited (DESIGN.md "PHI"). */
export async function getOutboxMessage(ctx: UserContext, input: { id: number }): Promise<OutboundMessage> {
  assertCanReadOutbox(ctx);
  const { db, deps } = ctx;
  const { id } = input;
  const row = await findMessage(db, id);
  if (!row) throw new AppError('outbox.message_not_found', OUTBOX_MESSAGES.notFound);
  if (secretWithheld(deps, row)) return toWire(row, SECRET_REMOVED);
  const key = encryptionKey(deps.config);
  const body = row.phi
    ? {
        text: decryptSecret(key, row.bodyText),
        html: row.bodyHtml === null ? null : decryptSecret(key, row.bodyHtml),
      }
    : { text: row.bodyText, html: row.bodyHtml };
  await audit(db, ctx, {
    action: 'outbound_message.read',
    entityType: 'outbound_message',
    entityId: id,
    details: { category: row.category, referral_id: row.referralId },
  });
  return toWire(row, body);
}
