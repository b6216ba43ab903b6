import { referralEvents, referrals, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { dashboardRoutes } from './routes.ts';

export default defineModule({
  name: 'dashboard',
  area: 'referrals',
  service: 'product',
  owns: [],
  reads: [
    {
      table: referrals,
      why: "the stat cards and the trend chart count the organization's referrals in one pass; Recent Activity names each row's referral by number and keeps the caller's own (003 §2.4)",
    },
    {
      table: referralEvents,
      why: "Recent Activity lists the organization's referral history rows, newest first, one page in one query (003 §2.4)",
    },
    { table: users, why: "Recent Activity names who did each change, in the page's query" },
  ],
  routes: (deps) => [dashboardRoutes(deps)],
});
