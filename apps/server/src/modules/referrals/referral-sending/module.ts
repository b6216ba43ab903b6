import {
  providerCommunicationMethods,
  providers,
  referralProviderMatches,
} from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { provideReferralPorts } from '../referrals/ports.ts';
import {
  declineProviderEntry,
  expireProviderEntries,
  holdsSentEntry,
  overdueEntryReferrals,
  settleFirstAccept,
} from './entry-answers.ts';
import { referralSendingRoutes } from './routes.ts';

// First accept wins (001 §2.8): the referrals module's accept path asks this module about the entries in its
// own transaction. Lent through the referrals module's ports: it cannot import this module, which imports it.
provideReferralPorts({
  holdsSentEntry,
  settleFirstAccept,
  declineProviderEntry,
  expireProviderEntries,
  overdueEntryReferrals,
});

export default defineModule({
  name: 'referral-sending',
  area: 'referrals',
  service: 'product',
  // referral_provider_matches lives here, not in matching: after an entry is put (pending), everything that
  // happens to it is this module's (sent with its method and contact, then accepted or not_selected when the
  // first provider accepts). Matching puts and removes entries through match-entries.ts and sends through
  // send-service.ts, so the modules depend one way (matching → referral-sending); owned by matching, the
  // sends would have to call matching back for every state change (a module cycle).
  owns: [providerCommunicationMethods, referralProviderMatches],
  reads: [
    {
      table: providers,
      why: "each matched provider entry shows its provider's name, type and services; an organization answers for the providers it acts for (providers.organization_id)",
    },
  ],
  routes: (deps) => [referralSendingRoutes(deps)],
});
