import { otfRtfSubmissions } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { otfRtfRoutes } from './routes.ts';

export default defineModule({
  name: 'otf-rtf',
  area: 'referrals',
  service: 'product',
  owns: [otfRtfSubmissions],
  routes: (deps) => [otfRtfRoutes(deps)],
});
