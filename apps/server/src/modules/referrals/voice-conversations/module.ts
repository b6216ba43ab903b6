import { voiceConversationFields, voiceConversations } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { voiceConversationRoutes } from './routes.ts';

// Guided voice referral intake, saved (000 §2.2, §3.6, §7 POST /api/voice-conversations; issue #19).
export default defineModule({
  name: 'voice-conversations',
  area: 'referrals',
  service: 'product',
  owns: [voiceConversations, voiceConversationFields],
  routes: (deps) => [voiceConversationRoutes(deps)],
});
