import {
  conversations,
  organizations,
  providerCommunicationMethods,
  providers,
  referralProviderMatches,
  referrals,
  smsOptOuts,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { smsRoutes } from './routes.ts';

// No jobs of its own: every SMS goes out through the outbox's `outbound.deliver` job, and Twilio reports
// delivery to the status webhook (routes.ts).
export default defineModule({
  name: 'sms',
  area: 'communications',
  service: 'product',
  owns: [smsOptOuts],
  reads: [
    {
      table: conversations,
      why: "an inbound text is placed on the organizations' threads with its number, by their referral's state (one query per message)",
    },
    {
      table: referrals,
      why: "placing an inbound text: the referrals awaiting the number's providers' answer, and their numbers",
    },
    {
      table: referralProviderMatches,
      why: 'placing an inbound text: a referral sent to several providers awaits each of them',
    },
    {
      table: providers,
      why: "who a number belongs to (the directory phone, indexed digits), and the provider's name and phone on the SMS panel",
    },
    {
      table: providerCommunicationMethods,
      why: 'who a number belongs to: a stored phone method (indexed digits), in the same query as the directory phone',
    },
    { table: organizations, why: "HELP answers with the coordinator's organization's contact (002 §3)" },
  ],
  routes: (deps) => [smsRoutes(deps)],
});
