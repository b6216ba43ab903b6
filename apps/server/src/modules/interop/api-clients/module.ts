import { apiClients, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { apiClientsRoutes } from './routes.ts';
import { tokenRoutes } from './token-routes.ts';

// Issue #21: an organization's API clients (OAuth2 client credentials) and the tokens they get. A client acts
// through a service account (a user of kind 'api_client', created through the users and orgs services); the
// platform's auth layer reads a client's sessions (platform/sessions.ts, platform/auth.ts).
export default defineModule({
  name: 'api-clients',
  area: 'interop',
  service: 'product',
  owns: [apiClients],
  reads: [
    {
      table: users,
      why: 'the list names who created each client; a token is refused once its account is disabled',
    },
  ],
  routes: (deps) => [apiClientsRoutes(deps), tokenRoutes(deps)],
});
