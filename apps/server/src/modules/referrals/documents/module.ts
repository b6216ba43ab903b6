import { referralDocuments } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { documentsRoutes } from './routes.ts';

export default defineModule({
  name: 'documents',
  area: 'referrals',
  service: 'product',
  owns: [referralDocuments],
  routes: (deps) => [documentsRoutes(deps)],
});
