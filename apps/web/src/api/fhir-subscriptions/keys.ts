// Query keys of the active organization's FHIR Subscriptions (issue #21, the Interop settings screen). They belong
// to the organization the session acts for, so a change of organization refetches them (the client sends
// X-CBO-ID); a reactivation or a turn-off refreshes the list and the subscription's deliveries.
export const fhirSubscriptionKeys = {
  all: ['fhir-subscriptions'] as const,
  list: () => [...fhirSubscriptionKeys.all, 'list'] as const,
  deliveries: (id: number) => [...fhirSubscriptionKeys.all, 'deliveries', id] as const,
};
