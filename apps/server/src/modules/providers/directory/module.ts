import { directoryFeedback, providers } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { directoryRoutes, providersApiRoutes } from './routes.ts';

export default defineModule({
  name: 'directory',
  area: 'providers',
  service: 'directory',
  owns: [directoryFeedback, providers],
  // The directory's own routes run in both deployments; /api/providers (saved lists' picker, verification)
  // belongs to the full product.
  routes: (deps) =>
    deps.config.serverModules === 'all'
      ? [directoryRoutes(deps), providersApiRoutes(deps)]
      : [directoryRoutes(deps)],
});
