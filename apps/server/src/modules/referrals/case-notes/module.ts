import { caseNotes } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { caseNotesRoutes } from './routes.ts';

export default defineModule({
  name: 'case-notes',
  area: 'referrals',
  service: 'product',
  owns: [caseNotes],
  routes: (deps) => [caseNotesRoutes(deps)],
});
