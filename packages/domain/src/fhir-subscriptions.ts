import { z } from 'zod';
import { timestampSchema } from './common.ts';

// FHIR Subscriptions (issue #21; HL7 Subscriptions R5 Backport IG 1.1.0 on R4, rest-hook): an organization's
// systems subscribe to the status changes of its referrals' Tasks. The constants below are shared by the server
// (the /fhir routes, the notifications) and the Interop settings screen (the wire of /api/fhir-subscriptions).

/** Path of the one SubscriptionTopic under the server's public URL: a referral Task's status changed. */
export const REFERRAL_TASK_STATUS_TOPIC_PATH = '/fhir/SubscriptionTopic/referral-task-status';

/** The topic's canonical URL (Subscription.criteria) for a deployment's public URL (no trailing slash). */
export function referralTaskStatusTopic(publicUrl: string): string {
  return `${publicUrl}${REFERRAL_TASK_STATUS_TOPIC_PATH}`;
}

const BACKPORT = 'http://hl7.org/fhir/uv/subscriptions-backport/StructureDefinition';
/** The IG's profiles and extensions this server reads and writes. */
export const BACKPORT_URLS = {
  subscriptionProfile: `${BACKPORT}/backport-subscription`,
  statusProfile: `${BACKPORT}/backport-subscription-status-r4`,
  filterCriteria: `${BACKPORT}/backport-filter-criteria`,
  payloadContent: `${BACKPORT}/backport-payload-content`,
  topicCanonical: `${BACKPORT}/capabilitystatement-subscriptiontopic-canonical`,
} as const;

/**
 * The extension on the Subscription answered to its creation (and only then) carrying the signing secret. The
 * same value is in the X-Trust-Signing-Secret response header.
 */
export const SIGNING_SECRET_EXTENSION =
  'https://trust-marketplace.example/fhir/StructureDefinition/subscription-signing-secret';
export const SIGNING_SECRET_HEADER = 'X-Trust-Signing-Secret';
/** Every notification carries `X-Trust-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const SIGNATURE_HEADER = 'X-Trust-Signature';

/** Subscription.status (R4): requested until the handshake is answered, error when deliveries give up. */
export const FHIR_SUBSCRIPTION_STATUSES = ['requested', 'active', 'error', 'off'] as const;
export type FhirSubscriptionStatus = (typeof FHIR_SUBSCRIPTION_STATUSES)[number];

/** What a notification carries of the changed Task (backport-payload-content). */
export const FHIR_PAYLOAD_CONTENTS = ['empty', 'id-only', 'full-resource'] as const;
export type FhirPayloadContent = (typeof FHIR_PAYLOAD_CONTENTS)[number];

export const FHIR_NOTIFICATION_KINDS = ['handshake', 'heartbeat', 'event-notification'] as const;
export type FhirNotificationKind = (typeof FHIR_NOTIFICATION_KINDS)[number];

export const FHIR_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type FhirDeliveryStatus = (typeof FHIR_DELIVERY_STATUSES)[number];

/** Deliveries listed on the Interop screen per subscription. */
export const FHIR_DELIVERIES_SHOWN = 20;

/** Texts of FHIR Subscriptions (refusals on /fhir and on the app routes, delivery errors shown on the screen). */
export const FHIR_SUBSCRIPTION_MESSAGES = {
  notFound: 'No FHIR subscription with this id in your organization.',
  adminsOnly:
    "Only your organization's admins (or its API clients with the fhir/*.write scope) manage its FHIR subscriptions.",
  notSubscription: 'The body must be a FHIR Subscription resource.',
  unknownTopic: (topic: string) => `Subscription.criteria must be the topic ${topic}.`,
  channelType: 'Subscription.channel.type must be rest-hook.',
  endpointRequired: 'Subscription.channel.endpoint is required.',
  endpointScheme: 'Subscription.channel.endpoint must be an https URL.',
  endpointPrivate:
    'Subscription.channel.endpoint must be on a public address (not private, loopback or reserved).',
  endpointUnresolved: 'Subscription.channel.endpoint does not resolve.',
  payload: 'Subscription.channel.payload must be application/fhir+json.',
  payloadContent: 'The backport-payload-content extension must be empty, id-only or full-resource.',
  filter: 'The filter criteria must be Task?status=<a Task status>.',
  header: 'Each Subscription.channel.header must be "Name: value" and may not set a header the server sets.',
  reasonRequired: 'Subscription.reason is required.',
  endInPast: 'Subscription.end is in the past.',
  alreadyOff: 'This subscription is turned off.',
  notInError: 'Only a subscription in error can be reactivated.',
  timeout: (seconds: number) => `No answer within ${seconds} seconds.`,
  httpStatus: (status: number) => `The endpoint answered HTTP ${status}.`,
  requestFailed: (message: string) => `The request failed: ${message}`,
  refusedAddress: 'Refused: the endpoint now resolves to a private or local address.',
  unresolved: 'The endpoint host could not be resolved.',
  subscriptionOff: 'Not sent: the subscription is turned off.',
} as const;

/** One subscription on the Interop settings screen. */
export const fhirSubscriptionSummarySchema = z
  .object({
    id: z.number().int(),
    status: z.enum(FHIR_SUBSCRIPTION_STATUSES),
    reason: z.string(),
    endpoint: z.string(),
    topic: z.string(),
    /** e.g. `Task?status=completed`; null: every status change. */
    filter_criteria: z.string().nullable(),
    content: z.enum(FHIR_PAYLOAD_CONTENTS),
    event_count: z.number().int(),
    last_error: z.string().nullable(),
    last_delivered_at: timestampSchema.nullable(),
    end_at: timestampSchema.nullable(),
    created_at: timestampSchema,
  })
  .meta({ id: 'FhirSubscriptionSummary' });
export type FhirSubscriptionSummary = z.infer<typeof fhirSubscriptionSummarySchema>;

export const fhirSubscriptionListSchema = z.object({ subscriptions: z.array(fhirSubscriptionSummarySchema) });
export type FhirSubscriptionList = z.infer<typeof fhirSubscriptionListSchema>;

/** One notification of a subscription and how its delivery went. */
export const fhirSubscriptionDeliverySchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(FHIR_NOTIFICATION_KINDS),
    event_number: z.number().int(),
    /** The Task status the notification announced (null for a handshake). */
    task_status: z.string().nullable(),
    status: z.enum(FHIR_DELIVERY_STATUSES),
    attempts: z.number().int(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: timestampSchema,
    delivered_at: timestampSchema.nullable(),
  })
  .meta({ id: 'FhirSubscriptionDelivery' });
export type FhirSubscriptionDelivery = z.infer<typeof fhirSubscriptionDeliverySchema>;

export const fhirSubscriptionDeliveryListSchema = z.object({
  deliveries: z.array(fhirSubscriptionDeliverySchema),
});
export type FhirSubscriptionDeliveryList = z.infer<typeof fhirSubscriptionDeliveryListSchema>;
