import { importJobs, importScheduleDependencies, importSchedules } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerProviderImportJobs } from './jobs.ts';
import { providerImportRoutes } from './routes.ts';
import { importScheduleRoutes } from './schedules-routes.ts';

// The provider import manager (issue #18; 002 §7 "Provider import (separate service)"): it belongs to the
// directory service, so SERVER_MODULES=directory runs it too, and writes providers only through the directory's
// registry-service.
export default defineModule({
  name: 'provider-imports',
  area: 'providers',
  service: 'directory',
  owns: [importJobs, importSchedules, importScheduleDependencies],
  routes: (deps) => [providerImportRoutes(deps), importScheduleRoutes(deps)],
  jobs: registerProviderImportJobs,
});
