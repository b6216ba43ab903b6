import { smsOptOuts } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { smsRoutes } from './routes.ts';

// No jobs of its own: every SMS goes out through the outbox's `outbound.deliver` job, and Twilio reports
// delivery to the status webhook (routes.ts).
export default defineModule({
  name: 'sms',
  area: 'communications',
  service: 'product',
  owns: [smsOptOuts],
  routes: (deps) => [smsRoutes(deps)],
});
