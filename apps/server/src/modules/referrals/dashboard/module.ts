import { defineModule } from '../../../platform/module.ts';
import { dashboardRoutes } from './routes.ts';

export default defineModule({
  name: 'dashboard',
  area: 'referrals',
  service: 'product',
  owns: [],
  routes: (deps) => [dashboardRoutes(deps)],
});
