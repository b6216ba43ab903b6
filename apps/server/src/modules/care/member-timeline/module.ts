import { defineModule } from '../../../platform/module.ts';
import { memberTimelineRoutes } from './routes.ts';

/** The member profile's Activity Timeline: a read model over members, referrals and enrollments; no table. */
export default defineModule({
  name: 'member-timeline',
  area: 'care',
  service: 'product',
  owns: [],
  routes: (deps) => [memberTimelineRoutes(deps)],
});
