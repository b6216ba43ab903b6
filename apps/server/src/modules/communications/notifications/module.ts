import { notifications } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { notificationsRoutes } from './routes.ts';

// In-app notifications (issue #17): the bell. Other modules write through notifyUsers() (service.ts).
export default defineModule({
  name: 'notifications',
  area: 'communications',
  service: 'product',
  owns: [notifications],
  routes: (deps) => [notificationsRoutes(deps)],
});
