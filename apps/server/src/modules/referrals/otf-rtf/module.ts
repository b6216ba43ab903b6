import { otfRtfSubmissions, users } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { otfRtfRoutes } from './routes.ts';

export default defineModule({
  name: 'otf-rtf',
  area: 'referrals',
  service: 'product',
  owns: [otfRtfSubmissions],
  reads: [{ table: users, why: "the submitter's name on each submission" }],
  routes: (deps) => [otfRtfRoutes(deps)],
});
