import {
  COMMUNICATION_MESSAGES,
  type SmsConversation,
  type SmsConversationQuery,
  toE164,
} from '@trust/domain';
import { isOptedOut } from '../../../adapters/sms/opt-outs.ts';
import { auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import * as records from '../communications/records.ts';
import { findReadableConversation } from '../communications/thread-access.ts';
import { markConversationRead } from '../communications/threads.ts';
import * as repo from './repo.ts';
import { toSmsMessage } from './wire.ts';

/**
 * The thread the SMS panel asks for (001 §7 GET /api/sms/conversations?referral_id&provider_id, or
 * conversation_id): the organization's newest SMS thread with that provider about that referral. null when
 * nobody has written yet.
 */
async function threadOf(ctx: OrgContext, query: SmsConversationQuery) {
  if (query.conversation_id !== undefined) {
    const conversation = await findReadableConversation(ctx, { id: query.conversation_id });
    if (conversation.channel !== 'sms') {
      throw new AppError('conversation.not_found', COMMUNICATION_MESSAGES.conversationNotFound);
    }
    return conversation;
  }
  if (query.provider_id === undefined) {
    throw new AppError(
      'communication.query_incomplete',
      'Give provider_id (with referral_id), or conversation_id.',
      {
        fields: { provider_id: 'Required without conversation_id.' },
      },
    );
  }
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  return repo.newestThread(ctx.db, ctx.actor.org.id, query.provider_id, query.referral_id ?? null);
}

/**
 * The conversation's messages, oldest first, bodies opened (the read is audited: they may name the member).
 * Reading it marks its inbound messages read, and the organization's unread badges follow (SSE). A
 * conversation nobody has started answers with no messages and the provider's name and phone, so the panel
 * can start it (001 §2.12 'No messages yet').
 */
export async function getSmsConversation(
  ctx: OrgContext,
  query: SmsConversationQuery,
): Promise<SmsConversation> {
  const { db, deps } = ctx;
  const conversation = await threadOf(ctx, query);
  const providerId = conversation ? conversation.providerId : (query.provider_id ?? null);
  const provider = providerId === null ? null : await repo.findProvider(db, providerId);
  // Issue #12: without a thread of its own, an organization reads only the contacts of providers it may see.
  const hidden =
    !conversation && provider !== null && !(await canSeeProvider(ctx, { providerId: provider.id }));
  if ((providerId !== null && !provider && !conversation) || hidden) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }
  const phone =
    conversation?.counterpart ?? (provider?.phone ? (toE164(provider.phone) ?? provider.phone) : null);
  const optedOut = phone ? await isOptedOut(db, phone) : false;
  if (!conversation) {
    return {
      conversation_id: null,
      provider_id: providerId,
      provider_name: provider?.name ?? null,
      phone,
      opted_out: optedOut,
      messages: [],
    };
  }

  await db.transaction((tx) => markConversationRead(inTransaction(ctx, tx), { conversation }));
  const rows = await records.threadMessages(ctx, { conversationId: conversation.id, limit: query.limit });
  await auditPhiRead(db, ctx, {
    action: 'communication.list_read',
    entityType: 'communication',
    ids: rows.map((r) => r.row.id),
    details: {
      channel: 'sms',
      conversation_id: conversation.id,
      referral_id: conversation.referralId,
      provider_id: conversation.providerId,
    },
  });
  return {
    conversation_id: conversation.id,
    provider_id: conversation.providerId,
    provider_name: provider?.name ?? null,
    phone,
    opted_out: optedOut,
    messages: rows.map((r) => toSmsMessage(deps, r.row, r.senderName)),
  };
}
