import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { preparedOnce } from '../../../db/prepared.ts';
import {
  communicationAttachments,
  communications,
  conversations,
  conversationTotals,
  providers,
  referrals,
  users,
} from '../../../db/schema/index.ts';

// Queries of communications, conversations and attachments. This module owns the tables; the channel modules
// (sms, email, voice, web-forms) and the inbox read and write through its services (records.ts, service.ts).

export type CommunicationRow = typeof communications.$inferSelect;
export type CommunicationInsert = typeof communications.$inferInsert;
export type ConversationRow = typeof conversations.$inferSelect;
export type AttachmentRow = typeof communicationAttachments.$inferSelect;

export type ThreadKey = {
  organizationId: number | null;
  providerId: number | null;
  referralId: number | null;
  channel: string;
  counterpart: string;
};

export async function insertCommunication(
  db: DbOrTx,
  values: CommunicationInsert,
): Promise<CommunicationRow> {
  const [row] = await db.insert(communications).values(values).returning();
  return row!;
}

export async function updateCommunication(
  db: DbOrTx,
  id: number,
  patch: Partial<CommunicationInsert>,
): Promise<CommunicationRow | null> {
  const [row] = await db
    .update(communications)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(communications.id, id))
    .returning();
  return row ?? null;
}

export async function findCommunication(db: DbOrTx, id: number): Promise<CommunicationRow | null> {
  const [row] = await db.select().from(communications).where(eq(communications.id, id));
  return row ?? null;
}

export async function lockCommunication(db: DbOrTx, id: number): Promise<CommunicationRow | null> {
  const [row] = await db.select().from(communications).where(eq(communications.id, id)).for('update');
  return row ?? null;
}

export async function findByOutboundMessage(db: DbOrTx, messageId: number): Promise<CommunicationRow | null> {
  const [row] = await db
    .select()
    .from(communications)
    .where(
      and(
        eq(communications.outboundMessageId, messageId),
        sql`${communications.outboundMessageId} IS NOT NULL`,
      ),
    );
  return row ?? null;
}

/** The outbound email a tracking token was given to (001 §2.13 opened, clicked), locked for its update. */
export async function lockEmailByTrackingToken(db: DbOrTx, token: string): Promise<CommunicationRow | null> {
  const [row] = await db
    .select()
    .from(communications)
    .where(and(eq(communications.trackingToken, token), eq(communications.channel, 'email')))
    .for('update');
  return row ?? null;
}

/** A record by the service's id (Twilio's sid, an email's Message-ID), optionally of one channel. */
export async function findByExternalId(
  db: DbOrTx,
  externalId: string,
  channel?: string,
): Promise<CommunicationRow | null> {
  const [row] = await db
    .select()
    .from(communications)
    .where(
      and(
        eq(communications.externalId, externalId),
        sql`${communications.externalId} IS NOT NULL`,
        channel ? eq(communications.channel, channel) : undefined,
      ),
    )
    .orderBy(desc(communications.id))
    .limit(1);
  return row ?? null;
}

/**
 * The thread of a key, created when missing. One statement, safe when two messages of a new thread arrive at
 * once: the unique constraint (NULLS NOT DISTINCT) decides and both get the same row.
 */
export async function ensureConversation(db: DbOrTx, key: ThreadKey): Promise<ConversationRow> {
  const result = (await db.execute(sql`
    INSERT INTO conversations (organization_id, provider_id, referral_id, channel, counterpart)
    VALUES (${key.organizationId}, ${key.providerId}, ${key.referralId}, ${key.channel}, ${key.counterpart})
    ON CONFLICT ON CONSTRAINT conversations_thread_uq DO UPDATE SET updated_at = now()
    RETURNING id`)) as unknown as { rows: { id: number }[] };
  const id = Number(result.rows[0]!.id);
  return (await findConversation(db, id))!;
}

export async function findConversation(db: DbOrTx, id: number): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row ?? null;
}

export async function findConversationByKey(db: DbOrTx, key: ThreadKey): Promise<ConversationRow | null> {
  const nullable = (column: AnyPgColumn, value: number | null) =>
    value === null ? isNull(column) : eq(column, value);
  const [row] = await db
    .select()
    .from(conversations)
    .where(
      and(
        nullable(conversations.organizationId, key.organizationId),
        nullable(conversations.providerId, key.providerId),
        nullable(conversations.referralId, key.referralId),
        eq(conversations.channel, key.channel),
        eq(conversations.counterpart, key.counterpart),
      ),
    );
  return row ?? null;
}

/** The newest threads of a channel with an address (an inbound message looks for its thread this way). */
export async function conversationsWithCounterpart(
  db: DbOrTx,
  channel: string,
  counterpart: string,
  limit = 20,
): Promise<ConversationRow[]> {
  return db
    .select()
    .from(conversations)
    .where(and(eq(conversations.channel, channel), eq(conversations.counterpart, counterpart)))
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(limit);
}

export async function findConversationByReplyToken(
  db: DbOrTx,
  token: string,
): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(eq(conversations.replyToken, token));
  return row ?? null;
}

/** Adds to the inbox totals of an organization (null: unmatched) and channel. */
export async function bumpTotals(
  db: DbOrTx,
  organizationId: number | null,
  channel: string,
  add: { threads: number; unread: number },
) {
  if (add.threads === 0 && add.unread === 0) return;
  await db.execute(sql`
    INSERT INTO conversation_totals (organization_id, channel, threads, unread)
    VALUES (${organizationId}, ${channel}, ${add.threads}, ${add.unread})
    ON CONFLICT ON CONSTRAINT conversation_totals_uq DO UPDATE
      SET threads = conversation_totals.threads + EXCLUDED.threads,
          unread = greatest(conversation_totals.unread + EXCLUDED.unread, 0)`);
}

/** Counts an organization's totals again from its threads (after threads move between organizations). */
export async function recomputeTotals(db: DbOrTx, organizationId: number | null) {
  const owner =
    organizationId === null ? sql`organization_id IS NULL` : sql`organization_id = ${organizationId}`;
  await db.execute(sql`DELETE FROM conversation_totals WHERE ${owner}`);
  await db.execute(sql`
    INSERT INTO conversation_totals (organization_id, channel, threads, unread)
    SELECT organization_id, channel, count(*)::int, coalesce(sum(unread_count), 0)::int
      FROM conversations WHERE ${owner} AND last_message_at IS NOT NULL
     GROUP BY organization_id, channel`);
}

/** The inbox totals of an organization (null: unmatched), of one channel or all. */
export async function readTotals(db: DbOrTx, organizationId: number | null, channel?: string) {
  const [row] = await db
    .select({
      threads: sql<number>`coalesce(sum(${conversationTotals.threads}), 0)::int`,
      unread: sql<number>`coalesce(sum(${conversationTotals.unread}), 0)::int`,
    })
    .from(conversationTotals)
    .where(
      and(
        organizationId === null
          ? isNull(conversationTotals.organizationId)
          : eq(conversationTotals.organizationId, organizationId),
        channel === undefined ? undefined : eq(conversationTotals.channel, channel),
      ),
    );
  return { threads: Number(row?.threads ?? 0), unread: Number(row?.unread ?? 0) };
}

/**
 * A new message on a thread: it becomes the last one, and an inbound one counts as unread. The organization's
 * inbox totals follow (a thread's first message lists it).
 */
export async function touchConversation(
  db: DbOrTx,
  conversationId: number,
  message: { id: number; createdAt: Date; direction: string },
) {
  const inbound = message.direction === 'inbound';
  const [row] = await db
    .update(conversations)
    .set({
      lastCommunicationId: message.id,
      lastMessageAt: message.createdAt,
      lastDirection: message.direction,
      messageCount: sql`${conversations.messageCount} + 1`,
      unreadCount: inbound ? sql`${conversations.unreadCount} + 1` : sql`${conversations.unreadCount}`,
      updatedAt: new Date(),
    })
    .where(eq(conversations.id, conversationId))
    .returning({
      organizationId: conversations.organizationId,
      channel: conversations.channel,
      messageCount: conversations.messageCount,
    });
  if (row) {
    await bumpTotals(db, row.organizationId, row.channel, {
      threads: row.messageCount === 1 ? 1 : 0,
      unread: inbound ? 1 : 0,
    });
  }
}

export async function updateConversation(
  db: DbOrTx,
  id: number,
  patch: Partial<typeof conversations.$inferInsert>,
): Promise<ConversationRow | null> {
  const [row] = await db
    .update(conversations)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(conversations.id, id))
    .returning();
  return row ?? null;
}

/** Marks every unread inbound message of a thread read; returns how many were. */
export async function markThreadRead(db: DbOrTx, conversationId: number, userId: number, at: Date) {
  const [before] = await db
    .select({
      unread: conversations.unreadCount,
      organizationId: conversations.organizationId,
      channel: conversations.channel,
    })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .for('update');
  const read = await db
    .update(communications)
    .set({ readAt: at, userId: sql`coalesce(${communications.userId}, ${userId})`, updatedAt: at })
    .where(
      and(
        eq(communications.conversationId, conversationId),
        eq(communications.direction, 'inbound'),
        isNull(communications.readAt),
      ),
    )
    .returning({ id: communications.id });
  await db
    .update(conversations)
    .set({ unreadCount: 0, updatedAt: at })
    .where(eq(conversations.id, conversationId));
  if (before)
    await bumpTotals(db, before.organizationId, before.channel, { threads: 0, unread: -before.unread });
  return read.length;
}

/** The messages of a thread, oldest first, at most `limit` of the newest. */
export async function threadMessages(db: DbOrTx, conversationId: number, limit: number) {
  const rows = await db
    .select({ row: communications, senderName: users.name })
    .from(communications)
    .leftJoin(users, eq(users.id, communications.userId))
    .where(eq(communications.conversationId, conversationId))
    .orderBy(desc(communications.createdAt), desc(communications.id))
    .limit(limit);
  return rows.reverse();
}

/** Filters of a communications list; organizationId null selects the unmatched ones. */
export type CommunicationFilter = {
  organizationId: number | null;
  providerId?: number | undefined;
  referralId?: number | undefined;
  channel?: string | undefined;
  direction?: string | undefined;
};

function communicationWhere(f: CommunicationFilter) {
  return and(
    f.organizationId === null
      ? isNull(communications.organizationId)
      : eq(communications.organizationId, f.organizationId),
    f.providerId === undefined ? undefined : eq(communications.providerId, f.providerId),
    f.referralId === undefined ? undefined : eq(communications.referralId, f.referralId),
    f.channel === undefined ? undefined : eq(communications.channel, f.channel),
    f.direction === undefined ? undefined : eq(communications.direction, f.direction),
  );
}

/** One page of records, newest first, with the names a screen shows. */
export async function listCommunicationPage(
  db: DbOrTx,
  f: CommunicationFilter,
  limit: number,
  offset: number,
) {
  const where = communicationWhere(f);
  const rows = await db
    .select({
      row: communications,
      providerName: providers.name,
      referralNumber: referrals.referralNumber,
      unreadCount: conversations.unreadCount,
      lastCommunicationId: conversations.lastCommunicationId,
      lastMessageAt: conversations.lastMessageAt,
      attachmentsCount: sql<number>`(SELECT count(*)::int FROM ${communicationAttachments} a WHERE a.communication_id = ${communications.id})`,
    })
    .from(communications)
    .leftJoin(providers, eq(providers.id, communications.providerId))
    .leftJoin(referrals, eq(referrals.id, communications.referralId))
    .leftJoin(conversations, eq(conversations.id, communications.conversationId))
    .where(where)
    .orderBy(desc(communications.createdAt), desc(communications.id))
    .limit(limit)
    .offset(offset);
  const [totals] = await db.select({ total: count() }).from(communications).where(where);
  return { rows, total: Number(totals?.total ?? 0) };
}

export type ConversationFilter = {
  organizationId: number | null;
  providerId?: number | undefined;
  referralId?: number | undefined;
  channel?: string | undefined;
};

/**
 * The inbox filters as placeholders, and which are present: one prepared statement per shape (issue #22).
 * Values: org, provider, referral, channel.
 */
function conversationWhere(f: ConversationFilter) {
  const where = and(
    f.organizationId === null
      ? isNull(conversations.organizationId)
      : eq(conversations.organizationId, sql.placeholder('org')),
    f.providerId === undefined ? undefined : eq(conversations.providerId, sql.placeholder('provider')),
    f.referralId === undefined ? undefined : eq(conversations.referralId, sql.placeholder('referral')),
    f.channel === undefined ? undefined : eq(conversations.channel, sql.placeholder('channel')),
    // A thread is listed once it has a message.
    sql`${conversations.lastMessageAt} IS NOT NULL`,
  );
  const values = {
    org: f.organizationId,
    provider: f.providerId,
    referral: f.referralId,
    channel: f.channel,
  };
  const shape = [f.organizationId, f.providerId, f.referralId, f.channel]
    .map((v) => (v == null ? 0 : 1))
    .join('');
  return { where, values, shape };
}

/** The thread's last message, read with the page (one join on the primary key, not a second round trip). */
const lastMessage = alias(communications, 'last_message');

/**
 * The inbox: one page of threads, newest activity first, each with its last message's body, and the unread
 * total of every selected thread. Prepared per shape; the page and the totals run side by side (issue #22).
 */
export async function listConversationPage(db: DbOrTx, f: ConversationFilter, limit: number, offset: number) {
  const { where, values, shape } = conversationWhere(f);
  const name = `conversation_page(${shape})`;
  const page = preparedOnce(db, name, () =>
    db
      .select({
        row: conversations,
        providerName: providers.name,
        referralNumber: referrals.referralNumber,
        lastBody: { bodyText: lastMessage.bodyText, phi: lastMessage.phi, subject: lastMessage.subject },
      })
      .from(conversations)
      .leftJoin(providers, eq(providers.id, conversations.providerId))
      .leftJoin(referrals, eq(referrals.id, conversations.referralId))
      .leftJoin(lastMessage, eq(lastMessage.id, conversations.lastCommunicationId))
      .where(where)
      .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
  );
  // The whole inbox of an organization (or of one channel) reads its kept totals; a provider's or a referral's
  // threads are few, and are counted.
  const totals =
    f.providerId === undefined && f.referralId === undefined
      ? readTotals(db, f.organizationId, f.channel).then((t) => ({ total: t.threads, unread: t.unread }))
      : db
          .select({
            total: count(),
            unread: sql<number>`coalesce(sum(${conversations.unreadCount}), 0)::int`,
          })
          .from(conversations)
          .where(where)
          .execute(values)
          .then(([t]) => ({ total: Number(t?.total ?? 0), unread: Number(t?.unread ?? 0) }));
  const [rows, { total, unread }] = await Promise.all([page.execute({ ...values, limit, offset }), totals]);
  return { rows, total, totalUnread: unread };
}

/** The bodies of given records (the last message of each listed thread), by id. */
export async function bodiesOf(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0)
    return new Map<number, { bodyText: string | null; phi: boolean; subject: string | null }>();
  const rows = await db
    .select({
      id: communications.id,
      bodyText: communications.bodyText,
      phi: communications.phi,
      subject: communications.subject,
    })
    .from(communications)
    .where(inArray(communications.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function insertAttachment(
  db: DbOrTx,
  values: typeof communicationAttachments.$inferInsert,
): Promise<AttachmentRow> {
  const [row] = await db.insert(communicationAttachments).values(values).returning();
  return row!;
}

export async function attachmentsOf(
  db: DbOrTx,
  communicationIds: readonly number[],
): Promise<AttachmentRow[]> {
  if (communicationIds.length === 0) return [];
  return db
    .select()
    .from(communicationAttachments)
    .where(inArray(communicationAttachments.communicationId, [...communicationIds]))
    .orderBy(communicationAttachments.id);
}

export async function findAttachment(db: DbOrTx, communicationId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(communicationAttachments)
    .where(
      and(
        eq(communicationAttachments.id, attachmentId),
        eq(communicationAttachments.communicationId, communicationId),
      ),
    );
  return row ?? null;
}

/** Moves every record of a thread (an unmatched one being filed) to another thread and owner. */
export async function moveThread(
  db: DbOrTx,
  fromConversationId: number,
  to: { conversationId: number; organizationId: number; referralId: number; providerId: number | null },
) {
  await db
    .update(communications)
    .set({
      conversationId: to.conversationId,
      organizationId: to.organizationId,
      referralId: to.referralId,
      providerId: to.providerId,
      updatedAt: new Date(),
    })
    .where(eq(communications.conversationId, fromConversationId));
}

/** Recomputes a thread's last message, counts and unread from its records (after a move). */
export async function recountConversation(db: DbOrTx, id: number) {
  await db.execute(sql`
    UPDATE conversations c SET
      message_count = s.n, unread_count = s.unread, last_communication_id = s.last_id,
      last_message_at = s.last_at, last_direction = s.last_dir, updated_at = now()
    FROM (
      SELECT count(*)::int AS n,
        count(*) FILTER (WHERE direction = 'inbound' AND read_at IS NULL)::int AS unread,
        (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id,
        max(created_at) AS last_at,
        (array_agg(direction ORDER BY created_at DESC, id DESC))[1] AS last_dir
      FROM communications WHERE conversation_id = ${id}
    ) s
    WHERE c.id = ${id}`);
}

export async function deleteConversation(db: DbOrTx, id: number) {
  await db.delete(conversations).where(eq(conversations.id, id));
}

export type ContactPlacement = {
  organizationId: number;
  providerId: number | null;
  referralId: number | null;
  at: Date;
};

/**
 * Where a number was last in touch with an organization: the newest of its SMS threads (by last message) and
 * its calls (their records, channel voice: the communications counterpart index finds them by number).
 */
export async function newestContactOf(db: DbOrTx, e164: string): Promise<ContactPlacement | null> {
  const [thread] = await db
    .select({
      organizationId: conversations.organizationId,
      providerId: conversations.providerId,
      referralId: conversations.referralId,
      at: conversations.lastMessageAt,
    })
    .from(conversations)
    .where(
      and(
        eq(conversations.channel, 'sms'),
        eq(conversations.counterpart, e164),
        sql`${conversations.organizationId} IS NOT NULL`,
      ),
    )
    .orderBy(sql`${conversations.lastMessageAt} DESC NULLS LAST`, desc(conversations.id))
    .limit(1);
  const [call] = await db
    .select({
      organizationId: communications.organizationId,
      providerId: communications.providerId,
      referralId: communications.referralId,
      at: communications.createdAt,
    })
    .from(communications)
    .where(
      and(
        eq(communications.channel, 'voice'),
        eq(communications.counterpart, e164),
        eq(communications.category, 'call'),
        sql`${communications.organizationId} IS NOT NULL`,
      ),
    )
    .orderBy(desc(communications.createdAt), desc(communications.id))
    .limit(1);
  const candidates = [thread, call].filter((c): c is NonNullable<typeof c> & { organizationId: number } =>
    Boolean(c && c.organizationId !== null),
  );
  candidates.sort((a, b) => (b.at?.getTime() ?? 0) - (a.at?.getTime() ?? 0));
  const best = candidates[0];
  return best ? { ...best, at: best.at ?? new Date(0) } : null;
}
