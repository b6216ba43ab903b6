import { fhirSubscriptionDeliveries, fhirSubscriptions } from '../../../db/schema/index.ts';
import { defineModule } from '../../../platform/module.ts';

// Issue #21: FHIR Subscriptions (R4 backport, rest-hook) on Task status changes, delivered through the job queue.
export default defineModule({
  name: 'fhir-subscriptions',
  area: 'interop',
  service: 'product',
  owns: [fhirSubscriptions, fhirSubscriptionDeliveries],
  routes: () => [],
});
