import { referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { referralMembersRoutes } from './routes.ts';

export default defineModule({
  name: 'referral-members',
  area: 'referrals',
  service: 'product',
  owns: [],
  reads: [
    {
      table: referrals,
      why: "Member Profiles are the organization's referrals grouped by member, in one query (000 §2.8)",
    },
  ],
  routes: (deps) => [referralMembersRoutes(deps)],
});
