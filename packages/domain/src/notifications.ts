import { z } from 'zod';
import { pageQuery, timestampSchema } from './common.ts';

// In-app notifications (issue #17: the bell with its unread count, live over the event stream). Workflow steps
// and automation rules write them through the notifications service; a person reads their own, in the active
// organization.

export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE_MAX = 100;
/** The event the stream carries to the recipient when one arrives (its data: the new unread count). */
export const NOTIFICATION_EVENT = 'notification.created';

export const notificationSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    source_type: z.string(),
    read: z.boolean(),
    created_ts: timestampSchema,
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.strictObject({
  ...pageQuery(NOTIFICATION_PAGE_SIZE, NOTIFICATION_PAGE_SIZE_MAX),
  unread_only: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  total: z.number().int(),
  unread_count: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationReadResultSchema = z.object({ unread_count: z.number().int() });
