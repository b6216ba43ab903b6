import { outboundMessages } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerOutboxJobs } from './jobs.ts';
import { outboxRoutes } from './routes.ts';

export default defineModule({
  name: 'outbox',
  area: 'communications',
  service: 'product',
  owns: [outboundMessages],
  routes: (deps) => [outboxRoutes(deps)],
  jobs: registerOutboxJobs,
});
