import { matchFeedback, memberFollowUps, providers, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { provideReferralPorts } from '../referrals/ports.ts';
import { autoMatchNewReferral } from './auto-match.ts';
import { rematchReferral } from './cascade.ts';
import { matchingRoutes } from './routes.ts';

// The cascade (issue #14 item 2): the referrals module's answer and expiry paths re-match a referral nobody took
// in their own transaction, through this port (it cannot import this module, which imports it); its create path
// auto-matches a new referral that uses the matching engine the same way (issue #14 item 8).
provideReferralPorts({ rematchReferral, autoMatchNewReferral });

export default defineModule({
  name: 'matching',
  area: 'referrals',
  service: 'product',
  owns: [matchFeedback],
  // The matching screens list and count referrals by their matching state, one page in one query; the
  // referrals module owns the rows and makes every change to them (referrals/match-state.ts).
  reads: [
    {
      table: referrals,
      why: "the manual-matching and auto-match screens list and count the organization's referrals by status and method; the ranking counts each provider's past answers",
    },
    { table: providers, why: "each listed referral shows its matched provider's name" },
    {
      table: memberFollowUps,
      why: "the ranking's member-confirmed factor counts each candidate's YES and NO answers from members",
    },
  ],
  routes: (deps) => [matchingRoutes(deps)],
});
