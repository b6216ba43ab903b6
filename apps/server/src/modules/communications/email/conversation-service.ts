import {
  COMMUNICATION_MESSAGES,
  EMAIL_TEMPLATES,
  type EmailConversation,
  type EmailConversationQuery,
  type EmailTemplateList,
} from '@trust/domain';
import { auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { canSeeProvider } from '../../providers/directory/service.ts';
import { findVisibleReferral } from '../../referrals/referrals/access.ts';
import * as records from '../communications/records.ts';
import { findReadableConversation } from '../communications/thread-access.ts';
import { markConversationRead } from '../communications/threads.ts';
import * as repo from './repo.ts';
import { toEmailWire } from './wire.ts';

// 001 §7 GET /api/email/templates and GET /api/email/conversations?referral_id&provider_id (001 §2.13).

/** GET /api/email/templates (001 §3 Email template): the same for everyone, constants of the domain. */
export function listEmailTemplates(): EmailTemplateList {
  return { templates: [...EMAIL_TEMPLATES] };
}

/** Threads with this provider about this referral of the organization (one per address written to). */
async function threadsOf(ctx: OrgContext, query: EmailConversationQuery) {
  if (query.conversation_id !== undefined) {
    const conversation = await findReadableConversation(ctx, { id: query.conversation_id });
    if (conversation.channel !== 'email') {
      throw new AppError('conversation.not_found', COMMUNICATION_MESSAGES.conversationNotFound);
    }
    return [conversation];
  }
  if (query.referral_id === undefined && query.provider_id === undefined) {
    throw new AppError(
      'communication.query_incomplete',
      'Give a referral_id and a provider_id, or a conversation_id.',
      { fields: { provider_id: 'Give a provider_id, a referral_id or a conversation_id.' } },
    );
  }
  if (query.referral_id !== undefined) await findVisibleReferral(ctx, { id: query.referral_id });
  return records.findConversations(ctx, {
    filter: {
      organizationId: ctx.actor.org.id,
      providerId: query.provider_id,
      referralId: query.referral_id,
      channel: 'email',
    },
    limit: 50,
  });
}

/**
 * The emails with a provider about a referral, oldest first, bodies opened, attachments with their download
 * address. Reading marks the threads read and is audited (the bodies name the member). With no thread yet the
 * list is empty and names the provider and its address, for the composer.
 */
export async function getEmailConversation(
  ctx: OrgContext,
  query: EmailConversationQuery,
): Promise<EmailConversation> {
  const { db, deps } = ctx;
  const threads = await threadsOf(ctx, query);
  const providerId = query.provider_id ?? threads[0]?.providerId ?? null;
  const provider = providerId === null ? null : await repo.findProvider(db, providerId);
  // Issue #12: without a thread of its own, an organization reads only the contacts of providers it may see.
  const hidden =
    threads.length === 0 && provider !== null && !(await canSeeProvider(ctx, { providerId: provider.id }));
  if ((query.provider_id !== undefined && !provider) || hidden) {
    throw new AppError('communication.provider_not_found', COMMUNICATION_MESSAGES.providerNotFound);
  }

  const listed = (
    await Promise.all(
      threads.map((c) => records.threadMessages(ctx, { conversationId: c.id, limit: query.limit })),
    )
  )
    .flat()
    .sort((a, b) => a.row.createdAt.getTime() - b.row.createdAt.getTime() || a.row.id - b.row.id)
    .slice(-query.limit);
  const attachments = await records.attachmentsOf(ctx, { communicationIds: listed.map((m) => m.row.id) });
  const emails = listed.map((m) => toEmailWire(deps, m.row, m.senderName, attachments));

  await db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    for (const conversation of threads) await markConversationRead(txCtx, { conversation });
    await auditPhiRead(tx, txCtx, {
      action: 'communication.list_read',
      entityType: 'communication',
      ids: emails.map((e) => e.id),
      details: {
        channel: 'email',
        conversation_ids: threads.map((c) => c.id),
        referral_id: query.referral_id ?? threads[0]?.referralId ?? null,
        provider_id: providerId,
      },
    });
  });

  // The newest thread is the one a new email continues.
  const newest = [...threads].sort(
    (a, b) => (b.lastMessageAt?.getTime() ?? 0) - (a.lastMessageAt?.getTime() ?? 0),
  )[0];
  return {
    conversation_id: newest?.id ?? null,
    provider_id: providerId,
    provider_name: provider?.name ?? null,
    email: newest?.counterpart ?? provider?.email?.trim() ?? null,
    emails,
  };
}
