import { COMMUNICATION_MESSAGES, type Conversation, type ConversationAssign } from '@trust/domain';
import { audit } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext, type UserContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { findOwnedReferral } from '../../referrals/referrals/access.ts';
import { publishConversationChanged } from './events.ts';
import { conversationPage } from './lists.ts';
import * as repo from './repo.ts';
import { canTriageUnmatched, findReadableConversation } from './thread-access.ts';

// Actions on a whole thread: reading it (the unread badge clears) and filing an unmatched one
// under a referral.

/**
 * Reading a thread marks its inbound messages read (by the signed-in user), in the context's transaction; the
 * organization's unread badges follow.
 */
export async function markConversationRead(
  ctx: UserContext,
  input: { conversation: repo.ConversationRow },
): Promise<number> {
  const { conversation } = input;
  if (conversation.unreadCount === 0) return 0;
  const read = await repo.markThreadRead(ctx.db, conversation.id, ctx.actor.user.id, new Date());
  await publishConversationChanged(ctx, {
    conversationId: conversation.id,
    organizationId: conversation.organizationId,
    unreadCount: 0,
  });
  return read;
}

/** POST /api/conversations/{id}/read. */
export async function readConversation(ctx: OrgContext, input: { id: number }): Promise<{ read: number }> {
  const conversation = await findReadableConversation(ctx, input);
  const read = await ctx.db.transaction((tx) =>
    markConversationRead(inTransaction(ctx, tx), { conversation }),
  );
  return { read };
}

/**
 * POST /api/conversations/{id}/assign: a platform operator files an inbound thread nobody could place (an unknown
 * number or address) under one of the referrals of the organization it acts for (X-CBO-ID). Its messages join
 * that organization's thread with that provider about that referral (made if missing), and they leave the
 * unmatched list.
 */
export async function assignConversation(
  ctx: OrgContext,
  input: { id: number; body: ConversationAssign },
): Promise<Conversation> {
  const { actor } = ctx;
  if (!canTriageUnmatched(actor)) {
    throw new AppError('conversation.unmatched_operators_only', COMMUNICATION_MESSAGES.unmatchedForbidden);
  }
  const unmatched = await findReadableConversation(ctx, { id: input.id });
  if (unmatched.organizationId !== null) {
    throw new AppError('conversation.already_filed', 'This conversation already belongs to an organization.');
  }
  const { record } = await findOwnedReferral(ctx, { id: input.body.referral_id });
  const providerId = input.body.provider_id ?? unmatched.providerId ?? record.matchedProviderId ?? null;

  const targetId = await ctx.db.transaction(async (tx) => {
    const key = {
      organizationId: actor.org.id,
      providerId,
      referralId: record.id,
      channel: unmatched.channel,
      counterpart: unmatched.counterpart,
    };
    const existing = await repo.findConversationByKey(tx, key);
    const target = existing ?? (await repo.updateConversation(tx, unmatched.id, key))!;
    await repo.moveThread(tx, unmatched.id, {
      conversationId: target.id,
      organizationId: actor.org.id,
      referralId: record.id,
      providerId,
    });
    if (existing) await repo.deleteConversation(tx, unmatched.id);
    await repo.recountConversation(tx, target.id);
    // The thread left the unmatched inbox for the organization's.
    await repo.recomputeTotals(tx, null);
    await repo.recomputeTotals(tx, actor.org.id);
    const txCtx = inTransaction(ctx, tx);
    await audit(tx, txCtx, {
      action: 'conversation.assigned',
      entityType: 'conversation',
      entityId: target.id,
      details: { from_conversation_id: unmatched.id, referral_id: record.id, provider_id: providerId },
    });
    // Both inboxes changed: the platform operators' unmatched one and the organization's.
    for (const organizationId of [null, actor.org.id]) {
      await publishConversationChanged(txCtx, { conversationId: target.id, organizationId });
    }
    return target.id;
  });
  // The answer is the thread just filed, named by the 'conversation.assigned' row: no second audit row.
  const list = await conversationPage(ctx, { referral_id: record.id, page: 1, page_size: 200 });
  const assigned = list.conversations.find((c) => c.id === targetId);
  if (!assigned) throw new AppError('conversation.not_found', COMMUNICATION_MESSAGES.conversationNotFound);
  return assigned;
}
