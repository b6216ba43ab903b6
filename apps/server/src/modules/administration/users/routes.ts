import { pageQuery, userSchema } from '@trust/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../platform/deps.ts';
import { orgContext } from '../../../platform/request-context.ts';
import { listOrganizationUsers } from './service.ts';

const listQuery = z.strictObject({
  ...pageQuery(50, 200),
});

const listResponse = z.object({
  users: z.array(userSchema.extend({ user_org_role: z.string(), is_primary: z.boolean() })),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

export function usersRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/users',
      {
        config: { auth: { org: true } },
        schema: {
          tags: ['users'],
          summary: 'Users of the active organization, paged',
          querystring: listQuery,
          response: { 200: listResponse },
        },
      },
      async (request) =>
        listOrganizationUsers(orgContext(request, deps), {
          page: request.query.page,
          pageSize: request.query.page_size,
        }),
    );
  };
}
