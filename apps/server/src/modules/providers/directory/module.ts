import { directoryFeedback, organizations, providers, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerDirectoryJobs } from './jobs.ts';
import { directoryRoutes, providersApiRoutes } from './routes.ts';

export default defineModule({
  name: 'directory',
  area: 'providers',
  service: 'directory',
  owns: [directoryFeedback, providers],
  reads: [
    {
      table: organizations,
      why: 'The verification queue names the organization that added each provider, and is searched by it',
    },
    { table: users, why: 'The verification queue names who added each provider (name and email)' },
  ],
  // The directory's own routes run in both deployments; /api/providers (saved lists' picker, verification)
  // belongs to the full product.
  routes: (deps) =>
    deps.config.serverModules === 'all'
      ? [directoryRoutes(deps), providersApiRoutes(deps)]
      : [directoryRoutes(deps)],
  jobs: registerDirectoryJobs,
});
