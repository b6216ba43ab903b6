import { memberships, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { usersRoutes } from './routes.ts';

export default defineModule({
  name: 'users',
  area: 'administration',
  service: 'product',
  owns: [users],
  reads: [
    {
      table: memberships,
      why: "GET /api/users lists the active organization's users with their role in it, one page in one query",
    },
  ],
  routes: (deps) => [usersRoutes(deps)],
});
