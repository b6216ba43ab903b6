import { COMMUNICATION_MESSAGES } from '@trust/domain';
import { type AuthContext, isPlatformOperator } from '../../../platform/auth.ts';
import type { OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';

// Who may read a thread (and its records and files): its organization, and for what nobody could place the
// platform operators.

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
  ctx: OrgContext,
  input: { id: number },
): Promise<repo.ConversationRow> {
  const { actor } = ctx;
  const conversation = await repo.findConversation(ctx.db, input.id);
  const readable =
    conversation &&
    (conversation.organizationId === actor.org.id ||
      (conversation.organizationId === null && canTriageUnmatched(actor)));
  if (!readable) throw new AppError('conversation.not_found', COMMUNICATION_MESSAGES.conversationNotFound);
  return conversation;
}
