/** Audit-log actions of the fhir interop area (issue #21). */
export const FHIR_AUDIT_ACTIONS = {
  'fhir.read': 'Read a FHIR resource carrying member details (Task, ServiceRequest, Patient or Consent)',
  'fhir.search':
    'Searched FHIR resources carrying member details (a page of Tasks, ServiceRequests, Patients or Consents)',
  // subscriptions
  'fhir.subscription_created': 'Created a FHIR Subscription (endpoint host, topic, payload content)',
  'fhir.subscription_turned_off': 'Turned a FHIR Subscription off',
  'fhir.subscription_reactivated': 'Reactivated a FHIR Subscription in error (a new handshake)',
  'fhir.subscription_notified':
    'Sent a FHIR notification carrying a referral Task to a subscriber endpoint (full-resource content)',
} as const satisfies Record<string, string>;
