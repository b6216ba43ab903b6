import type { Extension, Subscription } from '@medplum/fhirtypes';
import {
  BACKPORT_URLS,
  FHIR_PAYLOAD_CONTENTS,
  type FhirPayloadContent,
  FHIR_SUBSCRIPTION_MESSAGES as M,
} from '@trust/domain';
import { isFhirTaskStatus } from '@trust/domain/fhir-task-status';
import { fhirError } from '../operation-outcome.ts';
import type { SubscriptionRow } from './repo.ts';

// The FHIR side of a subscription (Subscriptions R5 Backport IG 1.1.0, profile backport-subscription): reading
// what a client POSTs, refusing what this server does not do with the element it is about, and writing the
// stored row back as a Subscription. Headers a subscriber gave are never echoed (they often hold credentials).

/** What a client asked for, checked: everything but the endpoint's address, which the service resolves. */
export type SubscriptionRequest = {
  reason: string;
  filterCriteria: string | null;
  endpoint: string;
  content: FhirPayloadContent;
  headers: string[];
  endAt: Date | null;
};

/** Headers the server sets on a notification itself: a subscriber's header cannot replace them. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-type',
  'content-length',
  'transfer-encoding',
  'connection',
  'x-trust-signature',
]);
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}):[ \t]*([^\r\n]{0,2000})$/;
const FILTER = /^Task\?status=([a-z-]+(?:,[a-z-]+)*)$/;

function invalid(message: string, expression: string, type: 'required' | 'value' | 'invalid' = 'value') {
  return fhirError('fhir.resource_invalid', message, { expression, type });
}

function extensionValue(extensions: Extension[] | undefined, url: string): Extension | undefined {
  return extensions?.find((e) => e.url === url);
}

/** The filter as stored (`Task?status=a,b`), or null; refuses anything else. */
export function parseFilter(value: string | undefined): string | null {
  if (value === undefined) return null;
  const match = FILTER.exec(value.trim());
  if (!match || !match[1]!.split(',').every(isFhirTaskStatus)) {
    throw invalid(M.filter, 'Subscription.criteria.extension');
  }
  return value.trim();
}

/** Whether a Task status passes a subscription's filter (none: every status). */
export function filterMatches(filter: string | null, taskStatus: string): boolean {
  if (!filter) return true;
  const match = FILTER.exec(filter);
  return match ? match[1]!.split(',').includes(taskStatus) : false;
}

export function parseSubscription(body: unknown, topic: string, now: Date): SubscriptionRequest {
  const s = (body ?? {}) as Partial<Subscription> & Record<string, unknown>;
  if (typeof s !== 'object' || s.resourceType !== 'Subscription') {
    throw invalid(M.notSubscription, 'Subscription.resourceType', 'invalid');
  }
  if (typeof s.reason !== 'string' || s.reason.trim() === '') {
    throw invalid(M.reasonRequired, 'Subscription.reason', 'required');
  }
  if (s.criteria !== topic) throw invalid(M.unknownTopic(topic), 'Subscription.criteria');
  const filterExtension = extensionValue(
    (s._criteria as { extension?: Extension[] } | undefined)?.extension,
    BACKPORT_URLS.filterCriteria,
  );
  const filterCriteria = parseFilter(filterExtension?.valueString);

  const channel = s.channel;
  if (channel?.type !== 'rest-hook') throw invalid(M.channelType, 'Subscription.channel.type');
  if (typeof channel.endpoint !== 'string' || channel.endpoint === '') {
    throw invalid(M.endpointRequired, 'Subscription.channel.endpoint', 'required');
  }
  // R4: no payload means notifications without content ("empty").
  let content: FhirPayloadContent = 'empty';
  if (channel.payload !== undefined) {
    if (channel.payload.split(';')[0]!.trim() !== 'application/fhir+json') {
      throw invalid(M.payload, 'Subscription.channel.payload');
    }
    const code = extensionValue(
      (channel as { _payload?: { extension?: Extension[] } })._payload?.extension,
      BACKPORT_URLS.payloadContent,
    )?.valueCode;
    if (code !== undefined && !(FHIR_PAYLOAD_CONTENTS as readonly string[]).includes(code)) {
      throw invalid(M.payloadContent, 'Subscription.channel.payload.extension');
    }
    content = (code as FhirPayloadContent | undefined) ?? 'id-only';
  }
  const headers = channel.header ?? [];
  if (!Array.isArray(headers) || headers.length > 20) throw invalid(M.header, 'Subscription.channel.header');
  for (const [i, line] of headers.entries()) {
    const match = typeof line === 'string' ? HEADER_LINE.exec(line) : null;
    if (!match || RESERVED_HEADERS.has(match[1]!.toLowerCase())) {
      throw invalid(M.header, `Subscription.channel.header[${i}]`);
    }
  }
  let endAt: Date | null = null;
  if (s.end !== undefined) {
    endAt = new Date(s.end);
    if (Number.isNaN(endAt.getTime())) throw invalid(M.endInPast, 'Subscription.end');
    if (endAt <= now) throw invalid(M.endInPast, 'Subscription.end');
  }
  return {
    reason: s.reason.trim().slice(0, 1000),
    filterCriteria,
    endpoint: channel.endpoint,
    content,
    headers,
    endAt,
  };
}

/** The stored subscription as the backport's Subscription (R4). */
export function toSubscriptionResource(row: SubscriptionRow, extra: Extension[] = []): Subscription {
  return {
    resourceType: 'Subscription',
    id: String(row.id),
    meta: { profile: [BACKPORT_URLS.subscriptionProfile], lastUpdated: row.updatedAt.toISOString() },
    ...(extra.length > 0 ? { extension: extra } : {}),
    status: row.status as Subscription['status'],
    reason: row.reason,
    criteria: row.topic,
    ...(row.filterCriteria
      ? { _criteria: { extension: [{ url: BACKPORT_URLS.filterCriteria, valueString: row.filterCriteria }] } }
      : {}),
    ...(row.endAt ? { end: row.endAt.toISOString() } : {}),
    ...(row.lastError ? { error: row.lastError } : {}),
    channel: {
      type: 'rest-hook',
      endpoint: row.endpoint,
      payload: 'application/fhir+json',
      _payload: { extension: [{ url: BACKPORT_URLS.payloadContent, valueCode: row.content }] },
    } as Subscription['channel'],
  } as Subscription;
}
