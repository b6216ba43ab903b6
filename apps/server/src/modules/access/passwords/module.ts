import { passwordResets } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { passwordsRoutes } from './routes.ts';

export default defineModule({
  name: 'passwords',
  area: 'access',
  service: 'product',
  owns: [passwordResets],
  routes: (deps) => [passwordsRoutes(deps)],
});
