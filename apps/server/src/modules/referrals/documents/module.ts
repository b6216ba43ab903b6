import { referralDocuments, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { provideReferralPorts } from '../referrals/ports.ts';
import { documentsRoutes } from './routes.ts';
import { removeReferralDocuments } from './service.ts';

// A deleted referral's document rows go with it (ON DELETE CASCADE); their files go here, after the commit.
// Lent to the referrals module, which this one imports (referrals/referrals/ports.ts).
provideReferralPorts({ removeReferralDocuments });

export default defineModule({
  name: 'documents',
  area: 'referrals',
  service: 'product',
  owns: [referralDocuments],
  reads: [{ table: users, why: "the uploader's name on each document" }],
  routes: (deps) => [documentsRoutes(deps)],
});
