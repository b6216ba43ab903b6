import type { DirectoryProvider } from '@trust/domain';
import type { PublishedListing } from '../../providers/directory/published-service.ts';
import { hsdsId, isUuid, SERVICES_TAXONOMY_ID, taxonomyTermId } from './ids.ts';

// A directory provider (one row: an organization offering services at one address) as HSDS 3.0 objects: one
// organization, one service (named after the provider, its services listed as taxonomy terms), one physical
// location with its address, and the service_at_location tying the two. Values the standard constrains (uri,
// email, numbers) are left out rather than sent malformed, and nothing is sent as null: HSDS's schemas type
// every optional field as a plain string or number.

type Json = Record<string, unknown>;
/** Any HSDS object: an id and the standard's fields. */
export type HsdsObject = { id: string } & Json;

/** The directory's one vocabulary, as HSDS taxonomy_detail. */
export const SERVICES_TAXONOMY = {
  id: SERVICES_TAXONOMY_ID,
  name: 'Trust Marketplace services',
  description:
    'The services community providers list in the Trust Marketplace directory (housing, food, transportation…).',
  version: '1',
};

/** Drops null, undefined, empty strings and empty arrays. */
function compact<T extends Json>(o: T): T {
  return Object.fromEntries(
    Object.entries(o).filter(
      ([, v]) => v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  ) as T;
}

/** A website as an absolute http(s) URI (directories often hold "www.example.org"), or undefined. */
export function uriOf(value: string | null): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return /\./.test(url.hostname) && !/\s/.test(candidate) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function emailOf(value: string | null): string | undefined {
  const text = value?.trim();
  return text && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text) ? text : undefined;
}

/** The service_at_location id: the one an HSDS import brought (so a round trip keeps it), else ours. */
export function serviceAtLocationIdOf(listing: PublishedListing): string {
  const { externalId, provider } = listing;
  return provider.data_source === 'hsds' && externalId && isUuid(externalId)
    ? externalId
    : hsdsId('service_at_location', provider.id);
}

function place(p: DirectoryProvider): string {
  return [p.city, p.state].filter(Boolean).join(', ');
}

export function organizationBrief(p: DirectoryProvider): HsdsObject {
  const where = place(p);
  return compact({
    id: hsdsId('organization', p.id),
    name: p.organization_name,
    description: where ? `${p.organization_type} in ${where}.` : `${p.organization_type}.`,
    email: emailOf(p.email),
    website: uriOf(p.website),
  });
}

export function taxonomyTerm(service: string): HsdsObject {
  return {
    id: taxonomyTermId(service),
    name: service,
    description: `Providers offering ${service}.`,
    taxonomy: SERVICES_TAXONOMY.name,
    taxonomy_id: SERVICES_TAXONOMY.id,
    taxonomy_detail: SERVICES_TAXONOMY,
  };
}

function phone(
  kind: 'organization_phone' | 'service_phone' | 'location_phone',
  p: DirectoryProvider,
  link: Json,
) {
  return p.phone?.trim() ? [{ id: hsdsId(kind, p.id), number: p.phone.trim(), type: 'voice', ...link }] : [];
}

function languages(kind: 'service_language' | 'location_language', p: DirectoryProvider, link: Json) {
  return p.languages_spoken.slice(0, 4096).map((name, i) => ({ id: hsdsId(kind, p.id, i), name, ...link }));
}

const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** The opening hours the directory keeps as free text per weekday, as one schedule described in words. */
function schedules(p: DirectoryProvider, link: Json) {
  const hours = DAYS.flatMap((d) => {
    const text = p.hours_of_operation[d];
    return text ? [`${d[0]!.toUpperCase()}${d.slice(1)}: ${text}`] : [];
  });
  return hours.length ? [{ id: hsdsId('schedule', p.id), description: hours.join('; '), ...link }] : [];
}

/** One-to-one fields of the service (the list's item: compiled/service_list.json). */
export function serviceBrief(listing: PublishedListing): HsdsObject {
  const p = listing.provider;
  return compact({
    id: hsdsId('service', p.id),
    organization_id: hsdsId('organization', p.id),
    name: p.organization_name,
    description: p.services.length ? `Offers ${p.services.join(', ')}.` : undefined,
    url: uriOf(p.website),
    email: emailOf(p.email),
    status: 'active',
    wait_time:
      p.capacity_status === 'waitlist' && p.capacity_wait_days !== null
        ? `About ${p.capacity_wait_days} days (waitlist).`
        : p.capacity_status === 'full'
          ? 'Not taking new referrals at the moment.'
          : undefined,
    last_modified: listing.updatedAt,
    organization: organizationBrief(p),
  });
}

export function address(p: DirectoryProvider): Json[] {
  if (!p.street_address || !p.city || !p.state || !p.zip_code) return [];
  return [
    compact({
      id: hsdsId('address', p.id),
      location_id: hsdsId('location', p.id),
      address_1: p.street_address,
      city: p.city,
      region: p.county ?? undefined,
      state_province: p.state,
      postal_code: p.zip_code,
      country: 'US',
      address_type: 'physical',
    }),
  ];
}

/** The provider's place (schema/location.json). */
export function location(p: DirectoryProvider): HsdsObject {
  const id = hsdsId('location', p.id);
  return compact({
    id,
    location_type: 'physical',
    organization_id: hsdsId('organization', p.id),
    name: p.organization_name,
    url: uriOf(p.website),
    latitude: p.latitude ?? undefined,
    longitude: p.longitude ?? undefined,
    languages: languages('location_language', p, { location_id: id }),
    addresses: address(p),
    phones: phone('location_phone', p, { location_id: id }),
    accessibility: p.wheelchair_accessible
      ? [{ id: hsdsId('accessibility', p.id), location_id: id, description: 'Wheelchair accessible.' }]
      : [],
    schedules: schedules(p, { location_id: id }),
  });
}

/** The service_at_location's one-to-one fields with its brief service and location (the list's item). */
export function serviceAtLocationBrief(listing: PublishedListing): HsdsObject {
  const p = listing.provider;
  return {
    id: serviceAtLocationIdOf(listing),
    service_id: hsdsId('service', p.id),
    location_id: hsdsId('location', p.id),
    location: compact({
      id: hsdsId('location', p.id),
      location_type: 'physical',
      name: p.organization_name,
      latitude: p.latitude ?? undefined,
      longitude: p.longitude ?? undefined,
    }),
    service: { id: hsdsId('service', p.id), name: p.organization_name, status: 'active' },
  };
}

/** The fully nested service (compiled/service.json). */
export function serviceFull(listing: PublishedListing): HsdsObject {
  const p = listing.provider;
  const id = hsdsId('service', p.id);
  const { location: _l, service: _s, ...sal } = serviceAtLocationBrief(listing);
  return compact({
    ...serviceBrief(listing),
    phones: phone('service_phone', p, { service_id: id }),
    languages: languages('service_language', p, { service_id: id }),
    service_at_locations: [{ ...sal, location: location(p) }],
    attributes: p.services.slice(0, 4096).map((service, i) => ({
      id: hsdsId('attribute', p.id, i),
      link_id: id,
      link_type: 'service_category',
      link_entity: 'service',
      taxonomy_term_id: taxonomyTermId(service),
      taxonomy_term: taxonomyTerm(service),
    })),
  });
}

/** The fully nested service_at_location (compiled/service_at_location.json). */
export function serviceAtLocationFull(listing: PublishedListing): HsdsObject {
  const p = listing.provider;
  const brief = serviceAtLocationBrief(listing);
  const { organization: _o, ...service } = serviceBrief(listing);
  return compact({
    ...brief,
    location: location(p),
    service,
  });
}

/** The fully nested organization (compiled/organization.json): its service listed briefly. */
export function organizationFull(listing: PublishedListing): HsdsObject {
  const p = listing.provider;
  const id = hsdsId('organization', p.id);
  const { organization: _o, ...service } = serviceBrief(listing);
  return compact({
    ...organizationBrief(p),
    phones: phone('organization_phone', p, { organization_id: id }),
    locations: [location(p)],
    services: [service],
  });
}
