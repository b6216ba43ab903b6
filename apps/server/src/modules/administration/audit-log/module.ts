import { defineModule } from '../../../platform/module.ts';
import { auditLogRoutes } from './routes.ts';

export default defineModule({
  name: 'audit-log',
  area: 'administration',
  service: 'product',
  owns: [],
  routes: (deps) => [auditLogRoutes(deps)],
});
