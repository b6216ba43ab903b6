import { providerCommunicationMethods } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { referralSendingRoutes } from './routes.ts';

export default defineModule({
  name: 'referral-sending',
  area: 'referrals',
  service: 'product',
  owns: [providerCommunicationMethods],
  routes: (deps) => [referralSendingRoutes(deps)],
});
