import {
  COMMUNICATION_EVENTS,
  COMMUNICATION_MESSAGES,
  type Communication,
  type CommunicationChannel,
  type CommunicationDirection,
  type CommunicationEventData,
  type CommunicationListQuery,
  type CommunicationPage,
  type Conversation,
  type ConversationList,
  type ConversationListQuery,
  type EventAudience,
  messagePreview,
  type ReferralEventType,
  toE164,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import { auditPhiRead } from '../../../platform/audit.ts';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { recordReferralEvent } from '../../referrals/referrals/history.ts';
import * as referralsRepo from '../../referrals/referrals/repo.ts';
import { type Actor, findVisibleReferral } from '../../referrals/referrals/service.ts';
import { openBody, sealBody } from './body.ts';
import * as repo from './repo.ts';

// Provider communications, whatever the channel (001 §3 Communication record and Conversation): every SMS,
// email, call, voicemail and web-form submission is recorded here, in the transaction of the change that makes
// it, with its thread; the organization's open screens hear of it over Server-Sent Events. The channel modules
// (sms, email, voice, web-forms) own the sending and receiving; this module owns the record.

/** The other side's address as threads are keyed: E.164 for a phone, lower case for an email address. */
export function normalizeCounterpart(channel: string, value: string | null | undefined): string | null {
  if (!value?.trim()) return null;
  if (channel === 'email') {
    // "Harbor Intake <intake@harbor.org>" → intake@harbor.org
    const angle = /<([^>]+)>/.exec(value);
    return (angle?.[1] ?? value).trim().toLowerCase();
  }
  if (channel === 'sms' || channel === 'voice' || channel === 'fax') return toE164(value) ?? value.trim();
  return value.trim();
}

/** Threads exist for the conversational channels (001 §2.10: one row per referral and method). */
const THREADED: readonly string[] = ['sms', 'email'];

export type RecordInput = {
  organizationId: number | null;
  referralId?: number | null;
  providerId?: number | null;
  userId?: number | null;
  channel: CommunicationChannel;
  direction: CommunicationDirection;
  category: string;
  status: string;
  from?: string | null;
  to?: string | null;
  /** The other side's address; by default `to` of an outbound record and `from` of an inbound one. */
  counterpart?: string | null;
  cc?: string[];
  subject?: string | null;
  bodyText?: string | null;
  bodyHtml?: string | null;
  /** The body names the member: stored sealed (body.ts). */
  phi?: boolean;
  intent?: string | null;
  numSegments?: number | null;
  externalId?: string | null;
  outboundMessageId?: number | null;
  communicationMethodId?: number | null;
  errorMessage?: string | null;
  isAcceptanceEmail?: boolean;
  trackingToken?: string | null;
  sentAt?: Date | null;
  deliveredAt?: Date | null;
  readAt?: Date | null;
  metadata?: Record<string, unknown>;
  /**
   * The thread: by default the one of (organization, provider, referral, channel, counterpart) for SMS and
   * email; an existing thread's id to add to it; false for none (a member notice, a call).
   */
  conversation?: false | { id: number };
  /** A history row on the referral's timeline (000 §2.7), with these facts (never PHI values). */
  timeline?: { type: ReferralEventType; details?: Record<string, unknown> };
};

export type Recorded = { row: repo.CommunicationRow; conversation: repo.ConversationRow | null };

/**
 * Who hears of a record: its organization, or the platform operators for an unmatched one (the only ones who
 * triage it: canTriageUnmatched), never every signed-in user (issue #12 minimum necessary).
 */
export function communicationAudience(organizationId: number | null): EventAudience {
  return organizationId === null ? { kind: 'platform_operators' } : { kind: 'org', org_id: organizationId };
}

function eventData(row: repo.CommunicationRow): CommunicationEventData {
  return {
    id: row.id,
    conversation_id: row.conversationId,
    referral_id: row.referralId,
    provider_id: row.providerId,
    method_type: row.channel as CommunicationChannel,
    direction: row.direction as CommunicationDirection,
    status: row.status,
  };
}

async function publish(deps: AppDeps, tx: DbOrTx, type: string, row: repo.CommunicationRow) {
  await deps.events.publish(type, communicationAudience(row.organizationId), eventData(row), tx);
}

/** Writes one history row on the referral of a record, for its timeline. */
async function noteOnTimeline(
  deps: AppDeps,
  tx: DbOrTx,
  row: repo.CommunicationRow,
  timeline: NonNullable<RecordInput['timeline']>,
) {
  if (row.referralId === null) return;
  const referral = await referralsRepo.findReferral(tx, row.referralId);
  if (!referral) return;
  await recordReferralEvent(deps, tx, {
    referral,
    type: timeline.type,
    actorUserId: row.direction === 'outbound' ? row.userId : null,
    details: {
      channel: row.channel,
      direction: row.direction,
      communication_id: row.id,
      provider_id: row.providerId,
      ...timeline.details,
    },
  });
}

/**
 * Records one communication in the caller's transaction: its thread (created on first use), the record, the
 * thread's last message and unread count, an optional timeline row, and the event to the organization.
 */
export async function recordCommunication(deps: AppDeps, tx: DbOrTx, input: RecordInput): Promise<Recorded> {
  const phi = input.phi === true;
  const counterpart =
    input.counterpart !== undefined
      ? normalizeCounterpart(input.channel, input.counterpart)
      : normalizeCounterpart(input.channel, input.direction === 'outbound' ? input.to : input.from);

  let conversation: repo.ConversationRow | null = null;
  if (input.conversation && typeof input.conversation === 'object') {
    conversation = await repo.findConversation(tx, input.conversation.id);
    if (!conversation) throw new AppError('not_found', COMMUNICATION_MESSAGES.conversationNotFound);
  } else if (input.conversation !== false && THREADED.includes(input.channel) && counterpart) {
    conversation = await repo.ensureConversation(tx, {
      organizationId: input.organizationId,
      providerId: input.providerId ?? null,
      referralId: input.referralId ?? null,
      channel: input.channel,
      counterpart,
    });
  }

  const row = await repo.insertCommunication(tx, {
    conversationId: conversation?.id ?? null,
    organizationId: conversation ? conversation.organizationId : input.organizationId,
    referralId: conversation ? conversation.referralId : (input.referralId ?? null),
    providerId: conversation ? conversation.providerId : (input.providerId ?? null),
    userId: input.userId ?? null,
    channel: input.channel,
    direction: input.direction,
    category: input.category,
    status: input.status,
    fromAddress: input.from ?? null,
    toAddress: input.to ?? null,
    counterpart,
    ccAddresses: input.cc ?? [],
    subject: input.subject ?? null,
    bodyText: sealBody(deps, input.bodyText, phi),
    bodyHtml: sealBody(deps, input.bodyHtml, phi),
    phi,
    intent: input.intent ?? null,
    numSegments: input.numSegments ?? null,
    externalId: input.externalId ?? null,
    outboundMessageId: input.outboundMessageId ?? null,
    communicationMethodId: input.communicationMethodId ?? null,
    errorMessage: input.errorMessage ?? null,
    isAcceptanceEmail: input.isAcceptanceEmail ?? false,
    trackingToken: input.trackingToken ?? null,
    sentAt: input.sentAt ?? null,
    deliveredAt: input.deliveredAt ?? null,
    readAt: input.readAt ?? null,
    metadata: input.metadata ?? {},
  });
  if (conversation) {
    await repo.touchConversation(tx, conversation.id, row);
    conversation = await repo.findConversation(tx, conversation.id);
  }
  if (input.timeline) await noteOnTimeline(deps, tx, row, input.timeline);
  await publish(deps, tx, COMMUNICATION_EVENTS.created, row);
  return { row, conversation };
}

export type StatusPatch = Partial<
  Pick<
    repo.CommunicationInsert,
    | 'status'
    | 'sentAt'
    | 'deliveredAt'
    | 'openedAt'
    | 'clickedAt'
    | 'errorMessage'
    | 'externalId'
    | 'metadata'
    | 'bodyText'
    | 'readAt'
  >
>;

/** Changes a record's delivery state (a delivery report, a status callback, an open) and tells its screens. */
export async function updateCommunicationStatus(
  deps: AppDeps,
  tx: DbOrTx,
  id: number,
  patch: StatusPatch,
): Promise<repo.CommunicationRow | null> {
  const row = await repo.updateCommunication(tx, id, patch);
  if (row) await publish(deps, tx, COMMUNICATION_EVENTS.updated, row);
  return row;
}

/** Reading a thread marks its inbound messages read; the organization's unread badges follow. */
export async function markConversationRead(
  deps: AppDeps,
  tx: DbOrTx,
  conversation: repo.ConversationRow,
  userId: number,
): Promise<number> {
  if (conversation.unreadCount === 0) return 0;
  const read = await repo.markThreadRead(tx, conversation.id, userId, new Date());
  await deps.events.publish(
    COMMUNICATION_EVENTS.conversationChanged,
    communicationAudience(conversation.organizationId),
    { id: conversation.id, unread_count: 0 },
    tx,
  );
  return read;
}

/**
 * Who sees the inbound messages nobody could place, and files them under a referral of the organization they act
 * for: platform operators only (a super_admin membership). The product's number and reply address are shared by
 * every organization, so such a message (which may name a member, a Medicaid ID, a diagnosis) belongs to none of
 * them until filed; showing it to every organization's coordinators broke minimum necessary (issue #12; issue #6
 * "kept rather than dropped" still holds). The one rule: lists, counts, reads by id, filing and events follow it.
 */
export function canTriageUnmatched(auth: AuthContext): boolean {
  return isPlatformOperator(auth);
}

/**
 * A thread the caller may read: its organization's, or an unmatched one for a platform operator. Anything else is
 * not found (it exists only for its organization).
 */
export async function findReadableConversation(
  deps: AppDeps,
  actor: Actor,
  id: number,
): Promise<repo.ConversationRow> {
  const conversation = await repo.findConversation(deps.database.db, id);
  const readable =
    conversation &&
    (conversation.organizationId === actor.org.id ||
      (conversation.organizationId === null && canTriageUnmatched(actor)));
  if (!readable) throw new AppError('not_found', COMMUNICATION_MESSAGES.conversationNotFound);
  return conversation;
}

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

function lastMessageText(
  deps: AppDeps,
  body: { bodyText: string | null; phi: boolean; subject: string | null } | undefined,
) {
  if (!body) return null;
  const text = openBody(deps, body.bodyText, body.phi) ?? body.subject;
  return text ? messagePreview(text) : null;
}

function toWire(
  deps: AppDeps,
  listed: ListedRow,
  lastBodies: Map<number, { bodyText: string | null; phi: boolean; subject: string | null }>,
): Communication {
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
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  query: CommunicationListQuery,
): Promise<CommunicationPage> {
  if (query.referral_id !== undefined) await findVisibleReferral(deps, actor, query.referral_id);
  const db = deps.database.db;
  const { rows, total } = await repo.listCommunicationPage(
    db,
    {
      organizationId: actor.org.id,
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
  await auditPhiRead(db, request, {
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

function toConversationWire(
  deps: AppDeps,
  listed: ConversationListed,
  lastBodies: Map<number, { bodyText: string | null; phi: boolean; subject: string | null }>,
): Conversation {
  const c = listed.row;
  return {
    id: c.id,
    method_type: c.channel as CommunicationChannel,
    provider_id: c.providerId,
    provider_name: listed.providerName,
    referral_id: c.referralId,
    referral_number: listed.referralNumber,
    contact_value: c.counterpart,
    last_message:
      c.lastCommunicationId !== null ? lastMessageText(deps, lastBodies.get(c.lastCommunicationId)) : null,
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
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  query: ConversationListQuery,
): Promise<ConversationList> {
  const list = await conversationPage(deps, actor, query);
  await auditPhiRead(deps.database.db, request, {
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
  deps: AppDeps,
  actor: Actor,
  query: ConversationListQuery,
): Promise<ConversationList> {
  if (query.unmatched && !canTriageUnmatched(actor)) {
    throw new AppError('forbidden', COMMUNICATION_MESSAGES.unmatchedForbidden);
  }
  if (query.referral_id !== undefined) await findVisibleReferral(deps, actor, query.referral_id);
  const db = deps.database.db;
  const { rows, total, totalUnread } = await repo.listConversationPage(
    db,
    {
      organizationId: query.unmatched ? null : actor.org.id,
      providerId: query.provider_id,
      referralId: query.referral_id,
      channel: query.method,
    },
    query.page_size,
    (query.page - 1) * query.page_size,
  );
  const lastIds = rows.map((r) => r.row.lastCommunicationId).filter((id): id is number => id !== null);
  const lastBodies = await repo.bodiesOf(db, lastIds);
  return {
    conversations: rows.map((r) => toConversationWire(deps, r, lastBodies)),
    total_unread: totalUnread,
    total,
    page: query.page,
    page_size: query.page_size,
  };
}
