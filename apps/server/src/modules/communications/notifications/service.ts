import { NOTIFICATION_EVENT, type NotificationList, type NotificationListQuery } from '@trust/domain';
import type { DbOrTx } from '../../../db/client.ts';
import type { OrgContext, ServiceContext } from '../../../platform/context.ts';
import { AppError } from '../../../platform/errors.ts';
import * as repo from './repo.ts';

// In-app notifications (issue #17). notifyUsers() is for other modules (workflow steps, automation rules): call
// it inside the transaction of the change that causes it; the rows and the live event commit with that change.
// The event names no PHI: it tells the recipient's open streams the new unread count, and the bell refetches.

export type NotifyInput = {
  organizationId: number;
  userIds: readonly number[];
  title: string;
  body: string;
  link?: string | null;
  /** What wrote it ('workflow', 'automation_rule'). */
  sourceType: string;
  /** The same key for the same user is written once (a retried step). */
  dedupeKey?: string | null;
};

/** Writes one notification per user (deduplicated), announces each to its user; returns how many were new. */
export async function notifyUsers(ctx: ServiceContext, tx: DbOrTx, input: NotifyInput): Promise<number> {
  const userIds = [...new Set(input.userIds)];
  const written = await repo.insertNotifications(
    tx,
    userIds.map((userId) => ({
      organizationId: input.organizationId,
      userId,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
      sourceType: input.sourceType,
      dedupeKey: input.dedupeKey ?? null,
    })),
  );
  const counts = await repo.unreadCounts(
    tx,
    input.organizationId,
    written.map((r) => r.userId),
  );
  for (const row of written) {
    await ctx.deps.events.publish(
      NOTIFICATION_EVENT,
      { kind: 'user', user_id: row.userId },
      { organization_id: input.organizationId, unread_count: counts.get(row.userId) ?? 0 },
      tx,
    );
  }
  return written.length;
}

/** GET /api/notifications: the caller's, in the active organization, newest first, with the unread count. */
export async function listMyNotifications(
  ctx: OrgContext,
  query: NotificationListQuery,
): Promise<NotificationList> {
  const who = { userId: ctx.actor.user.id, organizationId: ctx.actor.org.id };
  const [{ rows, total }, unread] = await Promise.all([
    repo.listNotifications(ctx.db, {
      ...who,
      unreadOnly: query.unread_only === 'true',
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    }),
    repo.unreadCount(ctx.db, who.userId, who.organizationId),
  ]);
  return {
    notifications: rows.map((r) => ({
      id: r.id,
      title: r.title,
      body: r.body,
      link: r.link,
      source_type: r.sourceType,
      read: r.readAt !== null,
      created_ts: r.createdTs.toISOString(),
    })),
    total,
    unread_count: unread,
  };
}

export async function markNotificationRead(ctx: OrgContext, input: { id: number }) {
  const found = await repo.markRead(ctx.db, ctx.actor.user.id, ctx.actor.org.id, input.id);
  if (!found) throw new AppError('notification.not_found', 'Notification not found');
  return { unread_count: await repo.unreadCount(ctx.db, ctx.actor.user.id, ctx.actor.org.id) };
}

export async function markAllNotificationsRead(ctx: OrgContext) {
  await repo.markAllRead(ctx.db, ctx.actor.user.id, ctx.actor.org.id);
  return { unread_count: 0 };
}
