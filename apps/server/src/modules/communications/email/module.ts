import { defineModule } from '../../../platform/module.ts';
import { registerEmailJobs } from './jobs.ts';
import { emailRoutes } from './routes.ts';

export default defineModule({
  name: 'email',
  area: 'communications',
  service: 'product',
  owns: [],
  routes: (deps) => [emailRoutes(deps)],
  jobs: registerEmailJobs,
});
