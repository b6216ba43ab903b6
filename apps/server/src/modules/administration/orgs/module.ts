import { memberships, organizations } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { orgsRoutes } from './routes.ts';

export default defineModule({
  name: 'orgs',
  area: 'administration',
  service: 'product',
  owns: [memberships, organizations],
  routes: (deps) => [orgsRoutes(deps)],
});
