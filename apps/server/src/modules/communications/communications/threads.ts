import {
  COMMUNICATION_EVENTS,
  COMMUNICATION_MESSAGES,
  type Conversation,
  type ConversationAssign,
} from '@trust/domain';
import type { FastifyRequest } from 'fastify';
import { audit } from '../../../platform/audit.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { AppError } from '../../../platform/errors.ts';
import { type Actor, findOwnedReferral } from '../../referrals/referrals/service.ts';
import * as repo from './repo.ts';
import {
  canTriageUnmatched,
  communicationAudience,
  conversationPage,
  findReadableConversation,
  markConversationRead,
} from './service.ts';

// Actions on a whole thread: reading it (the unread badge clears) and filing an unmatched one under a referral.

/** POST /api/conversations/{id}/read. */
export async function readConversation(deps: AppDeps, actor: Actor, id: number): Promise<{ read: number }> {
  const conversation = await findReadableConversation(deps, actor, id);
  const read = await deps.database.db.transaction((tx) =>
    markConversationRead(deps, tx, conversation, actor.user.id),
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
  deps: AppDeps,
  request: FastifyRequest,
  actor: Actor,
  id: number,
  body: ConversationAssign,
): Promise<Conversation> {
  if (!canTriageUnmatched(actor)) {
    throw new AppError('forbidden', COMMUNICATION_MESSAGES.unmatchedForbidden);
  }
  const unmatched = await findReadableConversation(deps, actor, id);
  if (unmatched.organizationId !== null) {
    throw new AppError('conflict', 'This conversation already belongs to an organization.');
  }
  const { record } = await findOwnedReferral(deps, actor, body.referral_id);
  const providerId = body.provider_id ?? unmatched.providerId ?? record.matchedProviderId ?? null;

  const targetId = await deps.database.db.transaction(async (tx) => {
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
    await audit(tx, request, {
      action: 'conversation.assigned',
      entityType: 'conversation',
      entityId: target.id,
      details: { from_conversation_id: unmatched.id, referral_id: record.id, provider_id: providerId },
    });
    for (const audience of [communicationAudience(null), communicationAudience(actor.org.id)]) {
      await deps.events.publish(COMMUNICATION_EVENTS.conversationChanged, audience, { id: target.id }, tx);
    }
    return target.id;
  });
  // The answer is the thread just filed, named by the 'conversation.assigned' row: no second audit row.
  const list = await conversationPage(deps, actor, {
    referral_id: record.id,
    page: 1,
    page_size: 200,
  });
  const assigned = list.conversations.find((c) => c.id === targetId);
  if (!assigned) throw new AppError('not_found', 'Conversation not found');
  return assigned;
}
