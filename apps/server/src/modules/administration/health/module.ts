import { providers, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { healthRoutes } from './routes.ts';

export default defineModule({
  name: 'health',
  area: 'administration',
  service: 'directory',
  owns: [],
  reads: [
    {
      table: providers,
      why: 'the health check proves the database answers with a count of providers; the landing page shows it',
    },
    {
      table: referrals,
      why: 'the landing page shows counts of referrals and auto-matched ones (003 §2.3), cached for 30 s',
    },
  ],
  routes: (deps) => [healthRoutes(deps)],
});
