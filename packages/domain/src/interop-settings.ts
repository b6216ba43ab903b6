import type { ApiScope } from './api-clients.ts';
import type {
  FhirDeliveryStatus,
  FhirNotificationKind,
  FhirSubscriptionStatus,
} from './fhir-subscriptions.ts';

// Issue #21 item 3: the words of the Interop Settings screen, where an organization's admins find how outside
// systems reach it (FHIR for EHRs and care-management systems, Open Referral HSDS for directories), manage the
// API clients those systems sign in with, and watch the FHIR subscriptions that notify them.

/** The HSDS API's paging as the /hsds routes accept it (HSDS 3.0 openapi.json `page`, `per_page`). */
export const HSDS_PAGING = { perPageDefault: 50, perPageMax: 100 } as const;

export const INTEROP_TEXT = {
  title: 'Interop Settings',
  intro:
    'How other systems connect to your organization: EHRs and care-management systems over HL7 FHIR, community resource directories over Open Referral HSDS.',
  adminsOnly: 'Only administrators of the active organization can manage its interop settings.',
  copy: 'Copy',
  copied: 'Copied',
  copyLabel: (what: string) => `Copy ${what}`,

  fhirHeading: 'FHIR API',
  fhirBaseUrl: 'FHIR base URL',
  fhirIg: 'Implementation guide',
  fhirIgValue: 'HL7 SDOH Clinical Care STU 2.3 (Gravity Project), on FHIR R4 4.0.1',
  fhirAuth:
    'Every call needs a bearer token: an API client of your organization asks for one at the token URL with its client id and secret (OAuth2 client credentials).',
  tokenUrl: 'Token URL',
  capabilityLink: 'CapabilityStatement (/fhir/metadata)',
  capabilityHeading: 'Resources and interactions',
  capabilityLoading: 'Loading the CapabilityStatement',
  capabilityWhat: 'the CapabilityStatement',
  capabilityFailed:
    'The CapabilityStatement could not be read. Retry; if it keeps failing, the FHIR API may be turned off on this server.',
  capabilityEmpty: 'The CapabilityStatement lists no resources.',
  capabilityTable: 'FHIR resources and their interactions',
  resourceColumn: 'Resource',
  interactionsColumn: 'Interactions',
  searchColumn: 'Search parameters',
  noSearch: 'none',

  clientsHeading: 'API clients',
  clientsIntro:
    'Give each system that calls the FHIR API its own client, with only the scopes it needs; revoke it when the system stops using it.',
  newClient: 'New API client',
  clientsTable: 'API clients',
  clientsLoading: 'Loading the API clients',
  clientsWhat: 'the API clients',
  clientsFailed: 'The API clients could not be loaded. Retry in a moment.',
  clientsEmpty: 'No API clients yet. Create one for each system that calls your FHIR API.',
  clientName: 'Name',
  clientNameHint: 'The system that will use it, e.g. "Golden Valley EHR".',
  clientId: 'Client ID',
  clientScopes: 'Scopes',
  clientCreated: 'Created',
  createdBy: (name: string) => `by ${name}`,
  clientLastUsed: 'Last used',
  clientStatus: 'Status',
  clientActions: 'Actions',
  neverUsed: 'Never',
  unknownPerson: '—',
  statusActive: 'Active',
  statusRevoked: 'Revoked',
  createClient: 'Create API client',
  cancel: 'Cancel',
  createFailed: 'The API client could not be created. Check the form and try again.',
  secretTitle: 'API client created',
  clientSecret: 'Client secret',
  secretDone: 'I have copied the secret',
  revoke: 'Revoke',
  revokeLabel: (name: string) => `Revoke ${name}`,
  revokeTitle: 'Revoke API client?',
  revokeMessage: (name: string) =>
    `${name} will get no new tokens and its current tokens stop working now. A revoked client cannot be restored: create a new one if the system needs access again.`,
  revoked: (name: string) => `${name} was revoked.`,
  revokeFailed: 'The API client could not be revoked. Try again.',

  subscriptionsHeading: 'Subscriptions',
  subscriptionsIntro:
    "Systems that subscribe are notified when a referral's Task changes status (FHIR Subscriptions, R5 backport on R4, rest-hook).",
  subscriptionsTable: 'FHIR subscriptions',
  subscriptionsLoading: 'Loading the subscriptions',
  subscriptionsWhat: 'the subscriptions',
  subscriptionsFailed: 'The subscriptions could not be loaded. Retry in a moment.',
  subscriptionsEmptyTitle: 'No system has subscribed yet',
  subscriptionsEmpty:
    'A system subscribes itself: with a token of an API client with the fhir/*.write scope, it sends POST /fhir/Subscription (criteria: the referral Task status topic, channel rest-hook to its https endpoint). Its notifications are signed; the signing secret comes back once in the answer. The project’s docs/areas/interop-fhir-subscriptions.md has an example request and how to verify the signature.',
  subStatus: 'Status',
  subEndpoint: 'Endpoint',
  subFilter: 'Filter',
  subEvents: 'Events sent',
  subLastDelivered: 'Last delivered',
  subActions: 'Actions',
  everyStatusChange: 'Every status change',
  neverDelivered: 'Never',
  deliveries: 'Deliveries',
  deliveriesLabel: (endpoint: string) => `Deliveries to ${endpoint}`,
  deliveriesTitle: (endpoint: string) => `Last deliveries to ${endpoint}`,
  deliveriesTable: 'Last deliveries',
  deliveriesLoading: 'Loading the deliveries',
  deliveriesWhat: 'the deliveries',
  deliveriesFailed: 'The deliveries could not be loaded. Retry in a moment.',
  deliveriesEmpty: 'Nothing was sent to this endpoint yet.',
  deliveryKind: 'Notification',
  deliveryTaskStatus: 'Task status',
  deliveryStatus: 'Delivery',
  deliveryAttempts: 'Attempts',
  deliveryCode: 'HTTP status',
  deliveryError: 'Last error',
  deliveryCreated: 'Created',
  deliveryDelivered: 'Delivered',
  lastError: 'Last error',
  errorHelp: 'Fix the endpoint (it must answer 2xx over https), then reactivate the subscription.',
  reactivate: 'Reactivate',
  reactivateLabel: (endpoint: string) => `Reactivate the subscription to ${endpoint}`,
  reactivated: 'A new handshake was sent: the subscription is active again once its endpoint answers it.',
  reactivateFailed: 'The subscription could not be reactivated. Try again.',
  turnOff: 'Turn off',
  turnOffLabel: (endpoint: string) => `Turn off the subscription to ${endpoint}`,
  turnOffTitle: 'Turn off this subscription?',
  turnOffMessage: (endpoint: string) =>
    `Nothing more will be sent to ${endpoint}. To be notified again, the system has to subscribe again.`,
  turnedOff: 'The subscription was turned off.',
  turnOffFailed: 'The subscription could not be turned off. Try again.',

  hsdsHeading: 'HSDS directory API',
  hsdsEndpoint: 'HSDS endpoint',
  hsdsOpen:
    'Open: no token needed. It publishes what the public provider directory shows, as Open Referral HSDS 3.0 (services, organizations, locations, service_at_locations).',
  hsdsPaging: `Paging: page (from 1) and per_page (1 to ${HSDS_PAGING.perPageMax}, default ${HSDS_PAGING.perPageDefault}); every list answers total_items, total_pages and page_number.`,
  hsdsFilters: 'Filters: search (text), taxonomy_term_id, organization_id, postcode and proximity (meters).',
} as const;

export const API_CLIENT_STATUS_COLORS = { active: 'green', revoked: 'gray' } as const;

export const SUBSCRIPTION_STATUS_LABELS: Record<FhirSubscriptionStatus, string> = {
  requested: 'Requested',
  active: 'Active',
  error: 'Error',
  off: 'Off',
};

/** Error in red (issue #21: "the subscription is marked in error and shown"). */
export const SUBSCRIPTION_STATUS_COLORS: Record<FhirSubscriptionStatus, string> = {
  requested: 'yellow',
  active: 'green',
  error: 'red',
  off: 'gray',
};

export const DELIVERY_KIND_LABELS: Record<FhirNotificationKind, string> = {
  handshake: 'Handshake',
  heartbeat: 'Heartbeat',
  'event-notification': 'Status change',
};

export const DELIVERY_STATUS_LABELS: Record<FhirDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_COLORS: Record<FhirDeliveryStatus, string> = {
  pending: 'yellow',
  delivered: 'green',
  failed: 'red',
};

/** Short scope names for the table; the checkboxes show API_SCOPE_LABELS beside them. */
export const API_SCOPE_SHORT: Record<ApiScope, string> = {
  'fhir/*.read': 'Read',
  'fhir/*.write': 'Write',
};
