import { users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { usersRoutes } from './routes.ts';

export default defineModule({
  name: 'users',
  area: 'administration',
  service: 'product',
  owns: [users],
  routes: (deps) => [usersRoutes(deps)],
});
