import { calls, voicemails } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerVoiceJobs } from './jobs.ts';
import { voiceRoutes } from './routes.ts';

export default defineModule({
  name: 'voice',
  area: 'communications',
  service: 'product',
  owns: [calls, voicemails],
  routes: (deps) => [voiceRoutes(deps)],
  jobs: registerVoiceJobs,
});
