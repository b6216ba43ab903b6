import {
  matchFeedback,
  memberFollowUps,
  members,
  organizations,
  providers,
  referralFacetStats,
  referralStats,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { analyticsRoutes } from './routes.ts';

// Issue #20: System Metrics, the service gaps and Platform Impact. Its two summaries are written only by the
// triggers of migration 0019 (on referrals and referral_provider_matches), so this module's code reads them and
// never writes; it reads no referral row itself.
export default defineModule({
  name: 'analytics',
  area: 'referrals',
  service: 'product',
  owns: [referralStats, referralFacetStats],
  reads: [
    {
      table: providers,
      why: 'the names of the Top Performing CBOs (five rows, after the summary chose them)',
    },
    {
      table: organizations,
      why: "a network read lists the organizations' ids, so each summary is one index range per organization",
    },
    { table: matchFeedback, why: 'total_feedback: the match feedback given in the period' },
    { table: users, why: 'Platform Impact: how many navigators (active users) the network has' },
    { table: members, why: 'Platform Impact: how many members are on record' },
    { table: memberFollowUps, why: "Platform Impact's success rate: members' YES of their answers" },
  ],
  routes: (deps) => [analyticsRoutes(deps)],
});
