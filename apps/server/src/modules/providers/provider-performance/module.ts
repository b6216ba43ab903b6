import { memberFollowUps, providers, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { providerPerformanceRoutes } from './routes.ts';

export default defineModule({
  name: 'provider-performance',
  area: 'providers',
  service: 'product',
  owns: [],
  // Figures computed in the database from many rows: one query per page, never a call per provider.
  reads: [
    {
      table: referrals,
      why: "Every figure is counted over the active organization's referrals, grouped by matched provider",
    },
    {
      table: providers,
      why: 'The figures are joined to their provider rows (name search, quality, cached ratings) for one page',
    },
    {
      table: memberFollowUps,
      why: "The member-confirmed rate counts the members' YES and NO answers about those referrals, per provider",
    },
  ],
  routes: (deps) => [providerPerformanceRoutes(deps)],
});
