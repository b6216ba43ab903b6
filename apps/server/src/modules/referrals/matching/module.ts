import { matchFeedback, referralProviderMatches } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { matchingRoutes } from './routes.ts';

export default defineModule({
  name: 'matching',
  area: 'referrals',
  service: 'product',
  owns: [matchFeedback, referralProviderMatches],
  routes: (deps) => [matchingRoutes(deps)],
});
