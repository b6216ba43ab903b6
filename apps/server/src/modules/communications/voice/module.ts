import {
  calls,
  providerCommunicationMethods,
  providers,
  referrals,
  users,
  voicemails,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { registerVoiceJobs } from './jobs.ts';
import { voiceRoutes } from './routes.ts';

export default defineModule({
  name: 'voice',
  area: 'communications',
  service: 'product',
  owns: [calls, voicemails],
  reads: [
    {
      table: providers,
      why: "call and voicemail lists show the provider's name (one join per page); a voicemail's number names its provider",
    },
    { table: referrals, why: "call and voicemail lists show the referral's number (one join per page)" },
    {
      table: users,
      why: "the call history shows who called; a placed call is bridged to the coordinator's own phone",
    },
    {
      table: providerCommunicationMethods,
      why: "a voicemail's number names its provider through a stored phone method (indexed digits)",
    },
  ],
  routes: (deps) => [voiceRoutes(deps)],
  jobs: registerVoiceJobs,
});
