import {
  memberFollowUps,
  members,
  organizations,
  outboundMessages,
  providers,
  referralEvents,
  referralFeedPasses,
  referralProviderMatches,
  referrals,
  users,
  webFormSubmissions,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { referralCommunicationsRoutes } from './communications-routes.ts';
import { liveFeedRoutes } from './feed-routes.ts';
import { registerReferralJobs } from './jobs.ts';
import { referralLiveEvents } from './live-events.ts';
import { memberLookupRoutes } from './lookup-routes.ts';
import { referralResponseRoutes } from './response-routes.ts';
import { referralsRoutes } from './routes.ts';

export default defineModule({
  name: 'referrals',
  area: 'referrals',
  service: 'product',
  owns: [memberFollowUps, referralEvents, referralFeedPasses, referrals],
  reads: [
    {
      table: members,
      why: 'the Medicaid ID lookup of the referral form reads the member registry (000 §2.1); members are written through care/members',
    },
    {
      table: providers,
      why: "the matched provider's card on every referral, and an organization's own listings",
    },
    { table: organizations, why: 'the referring organization\'s name on live-feed cards ("referred by")' },
    { table: users, why: 'who made each change, on the history' },
    {
      table: referralProviderMatches,
      why: 'a provider a referral was sent to may read it before one accepts (001 §2.8)',
    },
    { table: outboundMessages, why: 'the Communications tab: what was sent about a referral (000 §2.7)' },
    { table: webFormSubmissions, why: "the Communications tab: a referral's provider web forms (000 §7)" },
  ],
  routes: (deps) => [
    referralsRoutes(deps),
    memberLookupRoutes(deps),
    referralResponseRoutes(deps),
    liveFeedRoutes(deps),
    referralCommunicationsRoutes(deps),
  ],
  jobs: registerReferralJobs,
  subscriptions: referralLiveEvents,
});
