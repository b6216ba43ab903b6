import { randomUUID } from 'node:crypto';
import type { Bundle, BundleEntry, Parameters, ParametersParameter, Resource } from '@medplum/fhirtypes';
import { BACKPORT_URLS, type FhirNotificationKind } from '@trust/domain';
import type { SubscriptionRow } from './repo.ts';

// The backport's R4 notification (IG 1.1.0 "R4 Notification" examples): a history Bundle whose first entry is
// the subscription's status as a Parameters resource (profile backport-subscription-status-r4); an event adds its
// notification-event (number, time, the Task as focus) and, for full-resource subscriptions, the Task itself.

export type NotificationEvent = {
  eventNumber: number;
  at: Date;
  /** Task/<id> relative to the FHIR base. */
  focus: string;
};

/** The status of a subscription (also what GET Subscription/{id}/$status answers, inside a Bundle). */
export function subscriptionStatus(
  row: SubscriptionRow,
  fhirBase: string,
  kind: FhirNotificationKind | 'query-status',
  events: NotificationEvent[] = [],
  options: { includeFocus?: boolean; status?: string } = {},
): Parameters {
  const parameter: ParametersParameter[] = [
    { name: 'subscription', valueReference: { reference: `${fhirBase}/Subscription/${row.id}` } },
    { name: 'topic', valueCanonical: row.topic },
    { name: 'status', valueCode: options.status ?? row.status },
    { name: 'type', valueCode: kind },
    // A string in R4: the count may outgrow a FHIR integer.
    { name: 'events-since-subscription-start', valueString: String(row.eventCount) },
  ];
  for (const event of events) {
    parameter.push({
      name: 'notification-event',
      part: [
        { name: 'event-number', valueString: String(event.eventNumber) },
        { name: 'timestamp', valueInstant: event.at.toISOString() },
        ...(options.includeFocus === false
          ? []
          : [{ name: 'focus', valueReference: { reference: `${fhirBase}/${event.focus}` } }]),
      ],
    });
  }
  if (row.lastError) parameter.push({ name: 'error', valueCodeableConcept: { text: row.lastError } });
  return {
    resourceType: 'Parameters',
    meta: { profile: [BACKPORT_URLS.statusProfile] },
    parameter,
  };
}

export function notificationBundle(input: {
  row: SubscriptionRow;
  fhirBase: string;
  kind: FhirNotificationKind;
  /** The subscription's status as announced (a handshake goes out while it is still `requested`). */
  status: string;
  /** Events since the start as of this notification (the stored count may have moved on since). */
  eventsSinceStart: number;
  event?: NotificationEvent;
  /** The focus resource, for full-resource content. */
  resource?: Resource;
  now: Date;
}): Bundle {
  const { row, fhirBase, event } = input;
  const statusId = randomUUID();
  const status = subscriptionStatus(
    { ...row, eventCount: input.eventsSinceStart },
    fhirBase,
    input.kind,
    event ? [event] : [],
    { includeFocus: row.content !== 'empty', status: input.status },
  );
  const entry: BundleEntry[] = [
    {
      fullUrl: `urn:uuid:${statusId}`,
      resource: { ...status, id: statusId },
      request: { method: 'GET', url: `${fhirBase}/Subscription/${row.id}/$status` },
      response: { status: '200' },
    },
  ];
  if (event && input.resource) {
    entry.push({
      fullUrl: `${fhirBase}/${event.focus}`,
      resource: input.resource,
      request: { method: 'PUT', url: event.focus },
      response: { status: '200' },
    });
  }
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    type: 'history',
    timestamp: input.now.toISOString(),
    entry,
  };
}
