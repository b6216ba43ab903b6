import { memberImportRefusals, memberImports } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerMemberImportJobs } from './jobs.ts';
import { memberImportRoutes } from './routes.ts';

export default defineModule({
  name: 'member-imports',
  area: 'care',
  service: 'product',
  owns: [memberImportRefusals, memberImports],
  routes: (deps) => [memberImportRoutes(deps)],
  jobs: registerMemberImportJobs,
});
