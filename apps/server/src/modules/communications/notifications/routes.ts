import {
  idParamSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationReadResultSchema,
} from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { errorResponses } from '../../../platform/errors.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { listMyNotifications, markAllNotificationsRead, markNotificationRead } from './service.ts';

// The bell (issue #17): every signed-in member of the active organization reads and clears their own.

const own = { auth: { org: true as const } };
const tags = ['notifications'];

export function notificationsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/notifications',
      {
        config: own,
        schema: {
          tags,
          summary:
            "The caller's notifications in the active organization, newest first, with the unread count",
          querystring: notificationListQuerySchema,
          response: { 200: notificationListSchema, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => listMyNotifications(orgContext(request, deps), request.query),
    );

    app.put(
      '/api/notifications/:id/read',
      {
        config: own,
        schema: {
          tags,
          summary: 'Mark one of the caller’s notifications read',
          params: idParamSchema,
          response: { 200: notificationReadResultSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => markNotificationRead(orgContext(request, deps), request.params),
    );

    app.put(
      '/api/notifications/read-all',
      {
        config: own,
        schema: {
          tags,
          summary: "Mark all the caller's notifications in the active organization read",
          response: { 200: notificationReadResultSchema, ...errorResponses(401, 403) },
        },
      },
      async (request) => markAllNotificationsRead(orgContext(request, deps)),
    );
  };
}
