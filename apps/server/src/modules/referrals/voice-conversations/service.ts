import type { VoiceConversation, VoiceLanguage } from '@trust/domain';
import { audit, auditPhiRead } from '../../../platform/audit.ts';
import { inTransaction, type OrgContext, type ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import { decryptSecret, encryptionKey, encryptSecret } from '../../../platform/secret-box.ts';
import * as repo from './repo.ts';

// Voice referral conversations (000 §3.6, §7 POST /api/voice-conversations; issue #19): one per intake session
// of an organization, with its transcript, extracted data, messages and every extracted field entry. What was
// said names the member: it is sealed at rest, read back only by the organization, and each read is audited.
// Unlike the spec's client, whose saves "are only logged" when they fail, a refusal here is an answer the
// intake shows (the conversation is kept in the browser either way).

export const VOICE_CONVERSATION_NOT_FOUND = 'Voice conversation not found';
/** Entries kept per conversation: seven stages re-spoken many times stay far below it. */
export const MAX_FIELD_ENTRIES = 1000;

type FieldValue = string | string[] | boolean;
export type ConversationMessage = { type: 'assistant' | 'user'; content: string; timestamp: string };

const seal = (ctx: ServiceContext, value: unknown) =>
  encryptSecret(encryptionKey(ctx.deps.config), JSON.stringify(value));
function open<T>(ctx: ServiceContext, sealed: string | null, fallback: T): T {
  if (sealed === null) return fallback;
  try {
    return JSON.parse(decryptSecret(encryptionKey(ctx.deps.config), sealed)) as T;
  } catch {
    // A changed key: the record reads as empty rather than failing.
    return fallback;
  }
}

const notFound = () => new AppError('voice_conversation.not_found', VOICE_CONVERSATION_NOT_FOUND);

/** create: a new conversation, or the caller's own one of that session again (a retried request). */
export async function createConversation(
  ctx: OrgContext,
  input: { session_id: string; language: string },
): Promise<{ conversation_id: number }> {
  const { actor } = ctx;
  return ctx.db.transaction(async (tx) => {
    const created = await repo.insertConversation(tx, {
      organizationId: actor.org.id,
      createdBy: actor.user.id,
      sessionId: input.session_id,
      language: input.language,
    });
    if (!created) {
      const existing = await repo.findBySession(tx, actor.org.id, input.session_id);
      if (existing?.createdBy !== actor.user.id) {
        throw new AppError(
          'voice_conversation.conflict',
          'This voice session belongs to someone else. Restart.',
        );
      }
      return { conversation_id: existing.id };
    }
    await audit(tx, inTransaction(ctx, tx), {
      action: 'voice_conversation.created',
      entityType: 'voice_conversation',
      entityId: created.id,
      details: { language: input.language },
    });
    return { conversation_id: created.id };
  });
}

/** The caller's organization's conversation, locked; one already made into a referral is no longer changed. */
async function lockOpen(ctx: OrgContext, id: number) {
  const row = await repo.lockConversation(ctx.db, ctx.actor.org.id, id);
  if (!row) throw notFound();
  if (row.referralId !== null) {
    throw new AppError('voice_conversation.conflict', 'This voice conversation already became a referral.');
  }
  return row;
}

/** update: the whole transcript, extracted data and messages as the intake now has them. */
export async function updateConversation(
  ctx: OrgContext,
  input: {
    conversation_id: number;
    transcript: string;
    extracted_data: Record<string, FieldValue>;
    conversation_messages: ConversationMessage[];
  },
): Promise<{ success: true }> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    const row = await lockOpen(txCtx, input.conversation_id);
    await repo.updateConversation(tx, row.id, {
      transcriptSealed: seal(ctx, input.transcript),
      extractedDataSealed: seal(ctx, input.extracted_data),
      messagesSealed: seal(ctx, input.conversation_messages),
      messageCount: input.conversation_messages.length,
    });
    await audit(tx, txCtx, {
      action: 'voice_conversation.updated',
      entityType: 'voice_conversation',
      entityId: row.id,
      // Names and counts only: the values are PHI.
      details: {
        fields: Object.keys(input.extracted_data),
        messages: input.conversation_messages.length,
        transcript_characters: input.transcript.length,
      },
    });
  });
  return { success: true };
}

/** save_field: one extracted value, in the order extracted. */
export async function saveConversationField(
  ctx: OrgContext,
  input: {
    conversation_id: number;
    field_name: string;
    extracted_value: FieldValue;
    original_text: string;
    confidence: 'high' | 'medium';
  },
): Promise<{ success: true }> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = inTransaction(ctx, tx);
    // The lock makes the count and the insert one step: concurrent saves cannot pass the limit together.
    const row = await lockOpen(txCtx, input.conversation_id);
    if ((await repo.countFields(tx, row.id)) >= MAX_FIELD_ENTRIES) {
      throw new AppError(
        'voice_conversation.too_many_fields',
        `A voice conversation keeps at most ${MAX_FIELD_ENTRIES} extracted values. Restart the conversation.`,
      );
    }
    await repo.insertField(tx, {
      conversationId: row.id,
      fieldName: input.field_name,
      valueSealed: seal(ctx, input.extracted_value),
      originalTextSealed: seal(ctx, input.original_text),
      confidence: input.confidence,
    });
    await audit(tx, txCtx, {
      action: 'voice_conversation.field_saved',
      entityType: 'voice_conversation',
      entityId: row.id,
      details: { field: input.field_name, confidence: input.confidence },
    });
  });
  return { success: true };
}

/** GET /api/voice-conversations/{id}: the organization's conversation, opened; audited as a PHI read. */
export async function getConversation(ctx: OrgContext, input: { id: number }): Promise<VoiceConversation> {
  const row = await repo.findConversation(ctx.db, ctx.actor.org.id, input.id);
  if (!row) throw notFound();
  const fields = await repo.listFields(ctx.db, row.id);
  await auditPhiRead(ctx.db, ctx, {
    action: 'voice_conversation.read',
    entityType: 'voice_conversation',
    ids: [row.id],
  });
  return {
    id: row.id,
    session_id: row.sessionId,
    language: row.language as VoiceLanguage,
    transcript: open(ctx, row.transcriptSealed, ''),
    extracted_data: open<Record<string, FieldValue>>(ctx, row.extractedDataSealed, {}),
    messages: open<ConversationMessage[]>(ctx, row.messagesSealed, []),
    fields: fields.map((f) => ({
      field: f.fieldName,
      value: open<FieldValue>(ctx, f.valueSealed, ''),
      confidence: f.confidence as 'high' | 'medium',
      original_text: open(ctx, f.originalTextSealed, ''),
      timestamp: f.createdAt.toISOString(),
    })),
    referral_id: row.referralId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The referrals module's port, called in the transaction that creates a referral from a conversation: the
 * conversation must be the organization's and not yet a referral (404 / 409), and then names the referral.
 */
export async function linkConversationToReferral(
  ctx: OrgContext,
  input: { conversationId: number; referralId: number },
): Promise<void> {
  const row = await lockOpen(ctx, input.conversationId);
  await repo.updateConversation(ctx.db, row.id, { referralId: input.referralId });
  await audit(ctx.db, ctx, {
    action: 'voice_conversation.linked',
    entityType: 'voice_conversation',
    entityId: row.id,
    details: { referral_id: input.referralId },
  });
}
