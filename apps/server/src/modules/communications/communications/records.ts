import type { ServiceContext } from '../../../platform/context.ts';
import * as repo from './repo.ts';

// What the channel modules (sms, email, voice, web-forms) and the inbox read and change of records and threads
// besides recording them (service.ts): this module owns the tables, the others come through here, never its repo.
// Called with the context of the caller's transaction where the read must see (or lock) its writes.
export type { AttachmentRow, CommunicationRow, ConversationFilter, ConversationRow } from './repo.ts';

export function findCommunication(ctx: ServiceContext, input: { id: number }) {
  return repo.findCommunication(ctx.db, input.id);
}

/** The record, locked until the context's transaction ends (a status change reads it first). */
export function lockCommunication(ctx: ServiceContext, input: { id: number }) {
  return repo.lockCommunication(ctx.db, input.id);
}

/** The record of an outbox message. */
export function findByOutboundMessage(ctx: ServiceContext, input: { messageId: number }) {
  return repo.findByOutboundMessage(ctx.db, input.messageId);
}

/** A record by the service's id (Twilio's sid, an email's Message-ID), optionally of one channel. */
export function findByExternalId(ctx: ServiceContext, input: { externalId: string; channel?: string }) {
  return repo.findByExternalId(ctx.db, input.externalId, input.channel);
}

/** The outbound email a tracking token was given to, locked for its update. */
export function lockEmailByTrackingToken(ctx: ServiceContext, input: { token: string }) {
  return repo.lockEmailByTrackingToken(ctx.db, input.token);
}

export function findConversation(ctx: ServiceContext, input: { id: number }) {
  return repo.findConversation(ctx.db, input.id);
}

/** The thread of a key, created when missing (two first messages at once agree on one). */
export function ensureConversation(ctx: ServiceContext, key: repo.ThreadKey) {
  return repo.ensureConversation(ctx.db, key);
}

/** Gives a thread the token of its reply address (EMAIL_REPLY_TO plus-addressed); answers the thread. */
export function setReplyToken(ctx: ServiceContext, input: { conversationId: number; replyToken: string }) {
  return repo.updateConversation(ctx.db, input.conversationId, { replyToken: input.replyToken });
}

export function findConversationByReplyToken(ctx: ServiceContext, input: { token: string }) {
  return repo.findConversationByReplyToken(ctx.db, input.token);
}

/** The newest threads of a channel with an address (an inbound message looks for its thread this way). */
export function conversationsWithCounterpart(
  ctx: ServiceContext,
  input: { channel: string; counterpart: string },
) {
  return repo.conversationsWithCounterpart(ctx.db, input.channel, input.counterpart);
}

/** Threads that have a message, newest activity first (organization null: the unmatched ones). */
export async function findConversations(
  ctx: ServiceContext,
  input: { filter: repo.ConversationFilter; limit: number },
) {
  const { rows } = await repo.listConversationPage(ctx.db, input.filter, input.limit, 0);
  return rows.map((r) => r.row);
}

/** The messages of a thread, oldest first, at most `limit` of the newest, with the sender's name. */
export function threadMessages(ctx: ServiceContext, input: { conversationId: number; limit: number }) {
  return repo.threadMessages(ctx.db, input.conversationId, input.limit);
}

/**
 * Where a number was last in touch with an organization (a voicemail is placed by it): its newest SMS thread or
 * call with one.
 */
export function newestContactOf(ctx: ServiceContext, input: { e164: string }) {
  return repo.newestContactOf(ctx.db, input.e164);
}

/** The files of the given records. */
export function attachmentsOf(ctx: ServiceContext, input: { communicationIds: readonly number[] }) {
  return repo.attachmentsOf(ctx.db, input.communicationIds);
}
