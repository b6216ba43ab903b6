import { defineModule } from '../../../platform/module.ts';
import { hsdsPlugin } from './routes.ts';

// Issue #21: the Open Referral HSDS 3.0 API (/hsds), built from the published directory through the directory
// module's services (providers/directory/published-service.ts). It owns no table. 'directory': it publishes the
// directory, so it runs with the standalone directory service (SERVER_MODULES=directory) as well.
export default defineModule({
  name: 'hsds',
  area: 'interop',
  service: 'directory',
  owns: [],
  routes: (deps) => [hsdsPlugin(deps)],
});
