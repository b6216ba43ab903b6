import { apiClients } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';

// Issue #21: an organization's API clients (OAuth2 client credentials) and the tokens they get.
export default defineModule({
  name: 'api-clients',
  area: 'interop',
  service: 'product',
  owns: [apiClients],
  routes: () => [],
});
