import { defineModule } from '../../../platform/module.ts';
import { speechRoutes } from './routes.ts';

// Speech to text (issue #19): the engines behind one service (service.ts `transcribeAudio`) that the voice
// referral, voice notes and voicemail transcription use. It owns no table: what is transcribed is stored by the
// module whose record it is.
export default defineModule({
  name: 'speech',
  area: 'communications',
  service: 'product',
  owns: [],
  routes: (deps) => [speechRoutes(deps)],
});
