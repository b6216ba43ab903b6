import { billingActivities, enrollments, programs } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { programsRoutes } from './routes.ts';

export default defineModule({
  name: 'programs',
  area: 'care',
  service: 'product',
  owns: [programs, billingActivities],
  reads: [
    {
      table: enrollments,
      why: "current_enrollment is counted from a program's active enrollments (002 §3, never stored); the capacity check locks the program and counts them; a delete says how many enrollments go with it",
    },
  ],
  routes: (deps) => [programsRoutes(deps)],
});
