import { savedProviders } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { savedProvidersRoutes } from './routes.ts';

export default defineModule({
  name: 'saved-providers',
  area: 'providers',
  service: 'product',
  owns: [savedProviders],
  routes: (deps) => [savedProvidersRoutes(deps)],
});
