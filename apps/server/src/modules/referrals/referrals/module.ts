import { members, referralEvents, referralFeedPasses, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { referralCommunicationsRoutes } from './communications-routes.ts';
import { liveFeedRoutes } from './feed-routes.ts';
import { registerReferralJobs } from './jobs.ts';
import { memberLookupRoutes } from './lookup-routes.ts';
import { referralResponseRoutes } from './response-routes.ts';
import { referralsRoutes } from './routes.ts';

export default defineModule({
  name: 'referrals',
  area: 'referrals',
  service: 'product',
  owns: [members, referralEvents, referralFeedPasses, referrals],
  routes: (deps) => [
    referralsRoutes(deps),
    memberLookupRoutes(deps),
    referralResponseRoutes(deps),
    liveFeedRoutes(deps),
    referralCommunicationsRoutes(deps),
  ],
  jobs: registerReferralJobs,
});
