import { customFields, enrollments, fieldMappings, memberCounts, members } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { membersRoutes } from './routes.ts';

export default defineModule({
  name: 'members',
  area: 'care',
  service: 'product',
  owns: [customFields, fieldMappings, memberCounts, members],
  reads: [
    {
      table: enrollments,
      why: 'staff see the members whose enrollment they manage as case manager (issue #15 item 8), in the same query',
    },
  ],
  routes: (deps) => [membersRoutes(deps)],
});
