import type { ErrorCode } from '../errors.ts';

/**
 * Refusals of the fhir interop area (issue #21). Each renders as an OperationOutcome under /fhir (its issue
 * code follows from the generic code, unless the thrower names a FHIR issue type itself).
 */
export const FHIR_ERROR_REASONS = {
  /** No resource of that type and id the caller may see (another organization's is not found either). */
  'fhir.not_found': 'not_found',
  /** A resource type or interaction this server does not offer. */
  'fhir.type_not_supported': 'not_found',
  /** A search parameter the server does not support for the type (strict handling: refused, never ignored). */
  'fhir.search_param_unknown': 'bad_request',
  /** A supported search parameter with a value it cannot read (a bad date, a negative _count, …). */
  'fhir.search_param_invalid': 'bad_request',
  /** A resource that is not valid FHIR R4 or does not conform to the profile (the issues name the elements). */
  'fhir.resource_invalid': 'validation_failed',
  /** A valid resource the platform cannot act on (a rule of the referral form broken, consent missing, …). */
  'fhir.business_rule': 'rule_broken',
  /** A change refused because the resource has moved on (a Task status that skips a lifecycle step). */
  'fhir.conflict': 'conflict',
  /** A body in a media type the FHIR API does not read. */
  'fhir.unsupported_media_type': 'unsupported_media_type',
  // write
  /** If-Match naming a version of the Task that is no longer current (a Task update over a newer change). */
  'fhir.version_conflict': 'precondition_failed',
  // subscriptions
  /** A Subscription endpoint that is not https on a public address (private, loopback, reserved, unresolved). */
  'fhir.subscription_endpoint_refused': 'validation_failed',
  /** Reactivating a subscription that is not in error. */
  'fhir.subscription_not_in_error': 'conflict',
  /** Changing a subscription that is turned off. */
  'fhir.subscription_off': 'conflict',
} as const satisfies Record<string, ErrorCode>;
