import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { organizations } from './orgs.ts';
import { users } from './users.ts';

/**
 * In-app notifications (issue #17: the bell with its unread count, live over the event stream). Written through the
 * notifications service by workflow steps and automation rules; `dedupe_key` makes a retried step notify once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** An in-app path to open (`/enrollments-view/12`), never an outside URL. */
    link: text('link'),
    sourceType: text('source_type').notNull(),
    dedupeKey: text('dedupe_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdTs: timestamp('created_ts', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_uq').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.organizationId, t.id),
    index('notifications_unread_idx').on(t.userId, t.organizationId).where(sql`${t.readAt} is null`),
  ],
);
