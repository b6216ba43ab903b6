import { OUTBOX_MESSAGES, type OutboundMessage, type OutboxList } from '@trust/domain';
import type { Db } from '../../db/client.ts';
import { type AuthContext, isSuperAdmin } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { findMessage, listMessages, type OutboundRow } from './repo.ts';

/**
 * The outbox holds reset links, invitation links and sign-in codes of every user: only system administrators
 * (product role administrator/admin, or a super_admin of any organization) may read it.
 */
export function assertCanReadOutbox(auth: AuthContext) {
  const productAdmin = auth.user.role === 'administrator' || auth.user.role === 'admin';
  if (!productAdmin && !isSuperAdmin(auth.memberships)) {
    throw new AppError('forbidden', OUTBOX_MESSAGES.forbidden);
  }
}

function toWire(row: OutboundRow): OutboundMessage {
  return {
    id: row.id,
    channel: row.channel,
    category: row.category,
    to: row.toAddress,
    subject: row.subject,
    body_text: row.bodyText,
    body_html: row.bodyHtml,
    status: row.status,
    driver: row.driver,
    attempts: row.attempts,
    last_error: row.lastError,
    provider_message_id: row.providerMessageId,
    user_id: row.userId,
    organization_id: row.organizationId,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt ? row.sentAt.toISOString() : null,
  };
}

export async function listOutbox(
  db: Db,
  auth: AuthContext,
  query: { page: number; page_size: number; channel?: string | undefined },
): Promise<OutboxList> {
  assertCanReadOutbox(auth);
  const { rows, total } = await listMessages(db, {
    ...(query.channel ? { channel: query.channel } : {}),
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
  });
  return { messages: rows.map(toWire), total, page: query.page, page_size: query.page_size };
}

export async function getOutboxMessage(db: Db, auth: AuthContext, id: number): Promise<OutboundMessage> {
  assertCanReadOutbox(auth);
  const row = await findMessage(db, id);
  if (!row) throw new AppError('not_found', OUTBOX_MESSAGES.notFound);
  return toWire(row);
}
