import { invitations } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { invitationsRoutes } from './routes.ts';

export default defineModule({
  name: 'invitations',
  area: 'access',
  service: 'product',
  owns: [invitations],
  routes: (deps) => [invitationsRoutes(deps)],
});
