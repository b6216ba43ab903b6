import { providers, referrals } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerEmailJobs } from './jobs.ts';
import { emailRoutes } from './routes.ts';

export default defineModule({
  name: 'email',
  area: 'communications',
  service: 'product',
  owns: [],
  reads: [
    {
      table: providers,
      why: "the email panel's provider name and address, and the provider an unplaced reply's sender address belongs to",
    },
    {
      table: referrals,
      why: "a reply is threaded on the sender's thread whose referral number its subject names (one query per reply)",
    },
  ],
  routes: (deps) => [emailRoutes(deps)],
  jobs: registerEmailJobs,
});
