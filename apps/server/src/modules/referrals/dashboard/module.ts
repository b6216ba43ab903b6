import { referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { dashboardRoutes } from './routes.ts';

export default defineModule({
  name: 'dashboard',
  area: 'referrals',
  service: 'product',
  owns: [],
  reads: [
    { table: referrals, why: "the stat cards count the organization's referrals in one pass (003 §2.4)" },
  ],
  routes: (deps) => [dashboardRoutes(deps)],
});
