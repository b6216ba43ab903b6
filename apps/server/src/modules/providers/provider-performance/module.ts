import { defineModule } from '../../../platform/module.ts';
import { providerPerformanceRoutes } from './routes.ts';

export default defineModule({
  name: 'provider-performance',
  area: 'providers',
  service: 'product',
  owns: [],
  routes: (deps) => [providerPerformanceRoutes(deps)],
});
