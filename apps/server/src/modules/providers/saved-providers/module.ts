import { providers, savedProviders } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { savedProvidersRoutes } from './routes.ts';

export default defineModule({
  name: 'saved-providers',
  area: 'providers',
  service: 'product',
  owns: [savedProviders],
  reads: [
    {
      table: providers,
      why: "My Providers lists the saved providers' directory records, searched by name, type, place or service, one page in one query (the directory's visibility rule applied in the join)",
    },
  ],
  routes: (deps) => [savedProvidersRoutes(deps)],
});
