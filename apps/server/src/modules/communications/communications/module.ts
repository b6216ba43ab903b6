import {
  communicationAttachments,
  communications,
  conversations,
  conversationTotals,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { communicationsRoutes } from './routes.ts';

export default defineModule({
  name: 'communications',
  area: 'communications',
  service: 'product',
  owns: [communicationAttachments, communications, conversationTotals, conversations],
  routes: (deps) => [communicationsRoutes(deps)],
});
