import { invitations, organizations, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { invitationsRoutes } from './routes.ts';

export default defineModule({
  name: 'invitations',
  area: 'access',
  service: 'product',
  owns: [invitations],
  reads: [
    {
      table: organizations,
      why: "a token is read with its organization's name (the registration page shows it) in the query that locks it",
    },
    { table: users, why: "the invitation list shows who invited, by name, in the list's query" },
  ],
  routes: (deps) => [invitationsRoutes(deps)],
});
