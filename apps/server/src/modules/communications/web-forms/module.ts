import { webFormSubmissions } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerWebFormJobs } from './jobs.ts';
import { webFormRoutes } from './routes.ts';

export default defineModule({
  name: 'web-forms',
  area: 'communications',
  service: 'product',
  owns: [webFormSubmissions],
  routes: (deps) => [webFormRoutes(deps)],
  jobs: registerWebFormJobs,
});
