import {
  COMMUNICATION_MESSAGES,
  type Communication,
  type CommunicationChannel,
  type CommunicationDirection,
  type CommunicationListQuery,
  type CommunicationPage,
  type Conversation,
  type ConversationList,
  type ConversationListQuery,
  messagePreview,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import type { OrgContext } from '../../../platform/context.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import { openBody } from './body.ts';
import * as repo from './repo.ts';
import { canTriageUnmatched } from './thread-access.ts';

// Pages of records and threads as the screens show them (001 §7 GET /api/communications, §2.11 the inbox), for
// the organization acted for: a referral filter must name a referral it sees, and every read is audited (the
// bodies and last messages name members).

/** `/api/communications/{id}/attachments/{attachmentId}`: where a browser downloads a file of a record. */
export function attachmentUrl(communicationId: number, attachmentId: number): string {
  return `/api/communications/${communicationId}/attachments/${attachmentId}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** 001 §3 success: true once delivered or received, false when it failed, null in flight. */
export function successOf(status: string): boolean | null {
  if (['failed', 'undelivered', 'bounced', 'no_answer'].includes(status)) return false;
  if (['queued', 'initiating', 'ringing', 'in_progress', 'running'].includes(status)) return null;
  return true;
}

type ListedRow = Awaited<ReturnType<typeof repo.listCommunicationPage>>['rows'][number];
type Bodies = Map<number, { bodyText: string | null; phi: boolean; subject: string | null }>;

function lastMessageText(
  deps: AppDeps,
  body: { bodyText: string | null; phi: boolean; subject: string | null } | undefined,
) {
  if (!body) return null;
  const text = openBody(deps, body.bodyText, body.phi) ?? body.subject;
  return text ? messagePreview(text) : null;
}

function toWire(deps: AppDeps, listed: ListedRow, lastBodies: Bodies): Communication {
  const r = listed.row;
  return {
    id: r.id,
    conversation_id: r.conversationId,
    referral_id: r.referralId,
    referral_number: listed.referralNumber,
    provider_id: r.providerId,
    provider_name: listed.providerName,
    communication_method_id: r.communicationMethodId,
    method_type: r.channel as CommunicationChannel,
    direction: r.direction as CommunicationDirection,
    status: r.status,
    category: r.category,
    message_content: openBody(deps, r.bodyText, r.phi),
    subject: r.subject,
    contact_value: r.direction === 'outbound' ? r.toAddress : r.fromAddress,
    from_address: r.fromAddress,
    to_address: r.toAddress,
    sent_at: iso(r.sentAt),
    delivered_at: iso(r.deliveredAt),
    opened_at: iso(r.openedAt),
    clicked_at: iso(r.clickedAt),
    read_at: iso(r.readAt),
    created_at: r.createdAt.toISOString(),
    success: successOf(r.status),
    error_message: r.errorMessage,
    intent: r.intent,
    phi_included: r.phi,
    encrypted_at: r.phi ? r.createdAt.toISOString() : null,
    is_acceptance_email: r.isAcceptanceEmail,
    attachments_count: Number(listed.attachmentsCount ?? 0),
    unread_count: listed.unreadCount ?? 0,
    last_message:
      listed.lastCommunicationId !== null
        ? lastMessageText(deps, lastBodies.get(listed.lastCommunicationId))
        : null,
    last_message_at: iso(listed.lastMessageAt),
  };
}

/**
 * One page of records of the active organization, newest first, with their content (001 §7 GET
 * /api/communications; GET /api/referral-communications). The read is audited: the bodies name members.
 */
export async function listCommunications(
  ctx: OrgContext,
  query: CommunicationListQuery,
): Promise<CommunicationPage> {
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  const { db, deps } = ctx;
  const { rows, total } = await repo.listCommunicationPage(
    db,
    {
      organizationId: ctx.actor.org.id,
      providerId: query.provider_id,
      referralId: query.referral_id,
      channel: query.method,
      direction: query.direction,
    },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  const lastIds = [
    ...new Set(rows.map((r) => r.lastCommunicationId).filter((id): id is number => id !== null)),
  ];
  const lastBodies = await repo.bodiesOf(db, lastIds);
  await auditPhiRead(db, ctx, {
    action: 'communication.list_read',
    entityType: 'communication',
    ids: rows.map((r) => r.row.id),
    details: {
      referral_id: query.referral_id ?? null,
      provider_id: query.provider_id ?? null,
      method: query.method ?? null,
    },
  });
  return {
    communications: rows.map((r) => toWire(deps, r, lastBodies)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

type ConversationListed = Awaited<ReturnType<typeof repo.listConversationPage>>['rows'][number];

function toConversationWire(deps: AppDeps, listed: ConversationListed): Conversation {
  const c = listed.row;
  return {
    id: c.id,
    method_type: c.channel as CommunicationChannel,
    provider_id: c.providerId,
    provider_name: listed.providerName,
    referral_id: c.referralId,
    referral_number: listed.referralNumber,
    contact_value: c.counterpart,
    last_message: c.lastCommunicationId !== null ? lastMessageText(deps, listed.lastBody ?? undefined) : null,
    last_message_at: iso(c.lastMessageAt),
    last_direction: (c.lastDirection as CommunicationDirection | null) ?? null,
    unread_count: c.unreadCount,
    message_count: c.messageCount,
    matched: c.organizationId !== null,
  };
}

/**
 * GET /api/conversations: the inbox (001 §2.11), newest activity first, with the unread total. The last
 * messages name members: the read is audited with the threads it showed (issue #12).
 */
export async function listConversations(
  ctx: OrgContext,
  query: ConversationListQuery,
): Promise<ConversationList> {
  const list = await conversationPage(ctx, query);
  await auditPhiRead(ctx.db, ctx, {
    action: 'conversation.list_read',
    entityType: 'conversation',
    ids: list.conversations.map((c) => c.id),
    details: {
      referral_id: query.referral_id ?? null,
      provider_id: query.provider_id ?? null,
      method: query.method ?? null,
      unmatched: Boolean(query.unmatched),
    },
  });
  return list;
}

/** The inbox page without its audit row, for a caller that audits what it answers itself. */
export async function conversationPage(
  ctx: OrgContext,
  query: ConversationListQuery,
): Promise<ConversationList> {
  if (query.unmatched && !canTriageUnmatched(ctx.actor)) {
    throw new AppError('conversation.unmatched_operators_only', COMMUNICATION_MESSAGES.unmatchedForbidden);
  }
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  const { db, deps } = ctx;
  const { rows, total, totalUnread } = await repo.listConversationPage(
    db,
    {
      organizationId: query.unmatched ? null : ctx.actor.org.id,
      providerId: query.provider_id,
      referralId: query.referral_id,
      channel: query.method,
    },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  return {
    conversations: rows.map((r) => toConversationWire(deps, r)),
    total_unread: totalUnread,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
