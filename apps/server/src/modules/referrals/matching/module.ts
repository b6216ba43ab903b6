import { matchFeedback, providers, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { matchingRoutes } from './routes.ts';

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
  ],
  routes: (deps) => [matchingRoutes(deps)],
});
