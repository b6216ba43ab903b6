import { fhirSubscriptionDeliveries, fhirSubscriptions } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';
import { fhirPlugin } from './fhir-routes.ts';
import { fhirSubscriptionAppRoutes } from './subscriptions/app-routes.ts';
import { subscriptionTriggers } from './subscriptions/fanout.ts';
import { registerSubscriptionJobs } from './subscriptions/jobs.ts';

// Issue #21: the FHIR R4 API (HL7 SDOH Clinical Care closed-loop referrals) under /fhir, and its Subscriptions
// (R4 backport, rest-hook) on Task status changes. Referrals, members and organizations are read and changed
// through their modules' services; the module owns only the subscriptions.
export default defineModule({
  name: 'fhir',
  area: 'interop',
  service: 'product',
  owns: [fhirSubscriptions, fhirSubscriptionDeliveries],
  routes: (deps) => [fhirPlugin(deps), fhirSubscriptionAppRoutes(deps)],
  // Notifications go through the queue: the fan-out of a referral's Task change, then one job per delivery.
  jobs: registerSubscriptionJobs,
  subscriptions: subscriptionTriggers,
});
