import { consentDocuments, consentSignatures } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { consentRoutes } from './routes.ts';

export default defineModule({
  name: 'consent',
  area: 'access',
  service: 'product',
  owns: [consentDocuments, consentSignatures],
  routes: (deps) => [consentRoutes(deps)],
});
