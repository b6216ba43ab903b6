import { createHash } from 'node:crypto';
import { INT4_MAX } from '@trust/domain';

// HSDS 3.0 requires UUID ids; a directory provider is one integer row that becomes several HSDS objects. Each
// object's id spells its kind and the provider id inside a fixed UUID (version 8, "custom", RFC 9562): stable
// across requests and deployments, and read back without a lookup table, so /services/{id} is one primary-key
// read. Taxonomy terms are service names, which have no row: their ids are UUID v5 of the name.

/** The first group of every id this API makes (any value would do; fixed so ids stay stable). */
const PREFIX = '7a6f1d3e';

export const HSDS_KINDS = {
  organization: 0x1,
  service: 0x2,
  location: 0x3,
  service_at_location: 0x4,
  organization_phone: 0x5,
  service_phone: 0x6,
  location_phone: 0x7,
  address: 0x8,
  service_language: 0x9,
  location_language: 0xa,
  schedule: 0xb,
  accessibility: 0xc,
  attribute: 0xd,
} as const;
export type HsdsKind = keyof typeof HSDS_KINDS;

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');

/** The id of a provider's object of a kind; `index` tells apart several of one kind (0…4095). */
export function hsdsId(kind: HsdsKind, providerId: number, index = 0): string {
  return `${PREFIX}-${hex(HSDS_KINDS[kind], 4)}-8${hex(index, 3)}-8000-${hex(providerId, 12)}`;
}

const PATTERN = /^7a6f1d3e-([0-9a-f]{4})-8([0-9a-f]{3})-8000-([0-9a-f]{12})$/;

/** The provider id inside an id of this kind, or null when the id is not one (another kind, or not ours). */
export function providerIdOf(kind: HsdsKind, id: string): number | null {
  const m = PATTERN.exec(id.toLowerCase());
  if (!m || Number.parseInt(m[1]!, 16) !== HSDS_KINDS[kind] || m[2] !== '000') return null;
  const providerId = Number.parseInt(m[3]!, 16);
  return providerId >= 1 && providerId <= INT4_MAX ? providerId : null;
}

/** RFC 9562 UUID v5 (SHA-1 of a namespace and a name). */
function uuidV5(namespace: string, name: string): string {
  const bytes = createHash('sha1')
    .update(Buffer.from(namespace.replaceAll('-', ''), 'hex'))
    .update(name, 'utf8')
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const h = bytes.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** The namespace of the v5 ids: the URL namespace of RFC 9562 with this API's name. */
const NAMESPACE = uuidV5('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'urn:trust-marketplace:hsds');

/** The one taxonomy (vocabulary) of this directory: the services providers list. */
export const SERVICES_TAXONOMY_ID = uuidV5(NAMESPACE, 'taxonomy:services');

/** A service name's taxonomy term id: the same name (whatever its case) gives the same id. */
export function taxonomyTermId(service: string): string {
  return uuidV5(NAMESPACE, `taxonomy_term:services:${service.trim().toLowerCase()}`);
}

/** Whether a text is a UUID (HSDS ids, and the external ids an HSDS import keeps). */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
