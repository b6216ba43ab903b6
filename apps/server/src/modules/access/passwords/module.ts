import { passwordResets, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { passwordsRoutes } from './routes.ts';

export default defineModule({
  name: 'passwords',
  area: 'access',
  service: 'product',
  owns: [passwordResets],
  reads: [
    {
      table: users,
      why: 'a reset link is read with its account (active? which email?) in the query that locks the link row',
    },
  ],
  routes: (deps) => [passwordsRoutes(deps)],
});
