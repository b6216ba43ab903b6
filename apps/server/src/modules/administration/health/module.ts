import { defineModule } from '../../../platform/module.ts';
import { healthRoutes } from './routes.ts';

export default defineModule({
  name: 'health',
  area: 'administration',
  service: 'directory',
  owns: [],
  routes: (deps) => [healthRoutes(deps)],
});
