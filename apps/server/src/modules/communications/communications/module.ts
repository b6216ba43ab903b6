import {
  communicationAttachments,
  communications,
  conversations,
  conversationTotals,
  providers,
  referralProviderMatches,
  referrals,
  users,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { provideReferralPorts } from '../../referrals/referrals/ports.ts';
import { communicationSubscriptions } from './events.ts';
import { queueCommunicationEmail, queueCommunicationSms } from './queue.ts';
import { communicationsRoutes } from './routes.ts';

// The referrals module sends the member's status SMS through this module without importing it (that would be a
// module cycle: this module asks the referrals module who may see a referral).
provideReferralPorts({
  queueReferralSms: (ctx, { recordCategory, ...message }) =>
    queueCommunicationSms(ctx, { ...message, record: { conversation: false, recordCategory } }),
  // The member-details email of an accepted referral (sealed: it names the member), on the provider's thread.
  queueAcceptanceEmail: (ctx, message) =>
    queueCommunicationEmail(ctx, { ...message, phi: true, record: { isAcceptanceEmail: true } }),
});

export default defineModule({
  name: 'communications',
  area: 'communications',
  service: 'product',
  owns: [communicationAttachments, communications, conversationTotals, conversations],
  reads: [
    { table: providers, why: "lists of records and threads show the provider's name (one join per page)" },
    {
      table: referrals,
      why: "lists show the referral's number (one join per page); the compose form's referral selector lists the organization's referrals, linked ones first",
    },
    {
      table: referralProviderMatches,
      why: 'in that selector, a referral sent to the provider counts as linked to it',
    },
    { table: users, why: "a thread's messages show who sent them (one join per page)" },
  ],
  routes: (deps) => [communicationsRoutes(deps)],
  // The inbox's domain events become the Server-Sent Events the browsers receive (events.ts).
  subscriptions: communicationSubscriptions,
});
