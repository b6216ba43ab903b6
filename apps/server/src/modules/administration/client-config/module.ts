import { defineModule } from '../../../platform/module.ts';
import { clientConfigRoutes } from './routes.ts';

export default defineModule({
  name: 'client-config',
  area: 'administration',
  service: 'directory',
  owns: [],
  routes: (deps) => [clientConfigRoutes(deps)],
});
