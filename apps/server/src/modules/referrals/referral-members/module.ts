import { defineModule } from '../../../platform/module.ts';
import { referralMembersRoutes } from './routes.ts';

export default defineModule({
  name: 'referral-members',
  area: 'referrals',
  service: 'product',
  owns: [],
  routes: (deps) => [referralMembersRoutes(deps)],
});
