import { loginAttempts } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerAuthJobs } from './jobs.ts';
import { authRoutes } from './routes.ts';

export default defineModule({
  name: 'auth',
  area: 'access',
  service: 'product',
  owns: [loginAttempts],
  routes: (deps) => [authRoutes(deps)],
  jobs: registerAuthJobs,
});
