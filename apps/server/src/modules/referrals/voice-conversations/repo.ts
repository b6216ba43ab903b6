import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { voiceConversationFields, voiceConversations } from '../../../db/schema/index.ts';

export type VoiceConversationRow = typeof voiceConversations.$inferSelect;
export type VoiceConversationFieldRow = typeof voiceConversationFields.$inferSelect;

/** A new conversation, or null when the organization already has one with this session id. */
export async function insertConversation(
  tx: DbOrTx,
  values: typeof voiceConversations.$inferInsert,
): Promise<VoiceConversationRow | null> {
  const [row] = await tx.insert(voiceConversations).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function findBySession(
  db: DbOrTx,
  organizationId: number,
  sessionId: string,
): Promise<VoiceConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceConversations)
    .where(
      and(eq(voiceConversations.organizationId, organizationId), eq(voiceConversations.sessionId, sessionId)),
    );
  return row;
}

/** The organization's conversation, locked until the transaction ends (saves of one conversation in turn). */
export async function lockConversation(
  tx: DbOrTx,
  organizationId: number,
  id: number,
): Promise<VoiceConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(voiceConversations)
    .where(and(eq(voiceConversations.id, id), eq(voiceConversations.organizationId, organizationId)))
    .for('update');
  return row;
}

export async function findConversation(
  db: DbOrTx,
  organizationId: number,
  id: number,
): Promise<VoiceConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(voiceConversations)
    .where(and(eq(voiceConversations.id, id), eq(voiceConversations.organizationId, organizationId)));
  return row;
}

export async function updateConversation(
  tx: DbOrTx,
  id: number,
  values: Partial<typeof voiceConversations.$inferInsert>,
): Promise<void> {
  await tx
    .update(voiceConversations)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(voiceConversations.id, id));
}

export async function countFields(db: DbOrTx, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(voiceConversationFields)
    .where(eq(voiceConversationFields.conversationId, conversationId));
  return Number(row?.n ?? 0);
}

export async function insertField(tx: DbOrTx, values: typeof voiceConversationFields.$inferInsert) {
  await tx.insert(voiceConversationFields).values(values);
}

export async function listFields(db: DbOrTx, conversationId: number): Promise<VoiceConversationFieldRow[]> {
  return db
    .select()
    .from(voiceConversationFields)
    .where(eq(voiceConversationFields.conversationId, conversationId))
    .orderBy(voiceConversationFields.id);
}
