import type { RegistryProvider } from './registry-provider.ts';
import { RegistryFormatError } from './registry-provider.ts';

// HSDS 3.0 (Open Referral; schemas in openreferral/specification, CC BY-SA 4.0) → the directory's listings. A full
// `service` object — what an HSDS API's /services?full=true answers, and what hsds-datapackage.ts assembles from a
// datapackage's CSV files — gives one listing per service_at_location: the service as offered at one place. Its
// id is the listing's external id, so a later import of the same directory upserts the same row.

/** The parts of HSDS 3.0 objects the directory reads (everything else in them is ignored). */
export type HsdsPhone = { id?: string; number?: string | null; type?: string | null };
export type HsdsAddress = {
  id?: string;
  address_1?: string | null;
  address_2?: string | null;
  city?: string | null;
  state_province?: string | null;
  postal_code?: string | null;
  country?: string | null;
  address_type?: string | null;
};
export type HsdsLocation = {
  id?: string;
  name?: string | null;
  latitude?: number | string | null;
  longitude?: number | string | null;
  addresses?: HsdsAddress[] | null;
  phones?: HsdsPhone[] | null;
  languages?: { name?: string | null; code?: string | null }[] | null;
};
export type HsdsServiceAtLocation = {
  id?: string;
  phones?: HsdsPhone[] | null;
  location?: HsdsLocation | null;
};
export type HsdsTaxonomyTerm = { id?: string; code?: string | null; name?: string | null };
export type HsdsService = {
  id?: string;
  name?: string | null;
  status?: string | null;
  url?: string | null;
  organization?: {
    id?: string;
    name?: string | null;
    website?: string | null;
    phones?: HsdsPhone[] | null;
  } | null;
  phones?: HsdsPhone[] | null;
  languages?: { name?: string | null; code?: string | null }[] | null;
  attributes?: { taxonomy_term?: HsdsTaxonomyTerm | null }[] | null;
  service_at_locations?: HsdsServiceAtLocation[] | null;
};

/** What one service gives: its listings, and why any of its places (or itself) was left out. */
export type HsdsServiceListings = { providers: RegistryProvider[]; skipped: string[] };

/** HSDS `status` values a directory still offers (3.0: active, inactive, defunct, temporarily closed). */
const OFFERED = new Set(['active', '']);

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';

function coordinate(v: unknown, limit: number): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** The place people go: the physical address (a postal one is where letters go, not people). */
function physicalAddress(location: HsdsLocation): RegistryProvider['location'] {
  const address = (location.addresses ?? []).find((a) => text(a.address_type).toLowerCase() === 'physical');
  if (!address) return null;
  const country = text(address.country).toUpperCase();
  if (country && country !== 'US' && country !== 'USA') return null;
  return {
    line1: text(address.address_1),
    line2: text(address.address_2),
    city: text(address.city),
    state: text(address.state_province).toUpperCase(),
    postalCode: text(address.postal_code),
  };
}

function firstVoice(...lists: (HsdsPhone[] | null | undefined)[]): string | null {
  for (const list of lists) {
    const phones = (list ?? []).filter((p) => text(p.number));
    const voice = phones.find((p) => !p.type || text(p.type).toLowerCase() === 'voice') ?? phones[0];
    if (voice) return text(voice.number);
  }
  return null;
}

/** The listings of one full HSDS service object (one per service_at_location). */
export function listingsOfService(service: HsdsService): HsdsServiceListings {
  const id = text(service.id);
  if (!id) throw new RegistryFormatError('A service has no id.');
  const name = text(service.name);
  const status = text(service.status).toLowerCase();
  if (!OFFERED.has(status)) return { providers: [], skipped: [`Service ${id} is ${status}: not imported.`] };
  const places = service.service_at_locations ?? [];
  if (places.length === 0)
    return { providers: [], skipped: [`Service ${id} has no location: not imported.`] };
  const organization = service.organization ?? null;
  const orgName = text(organization?.name);
  const terms = (service.attributes ?? [])
    .map((a) => a.taxonomy_term)
    .filter((t): t is HsdsTaxonomyTerm => Boolean(t && text(t.name)))
    .map((t) => ({ code: text(t.code), description: text(t.name) }));
  const languages = [...new Set((service.languages ?? []).map((l) => text(l.name)).filter(Boolean))];
  const providers: RegistryProvider[] = [];
  const skipped: string[] = [];
  for (const place of places) {
    const externalId = text(place.id);
    if (!externalId) throw new RegistryFormatError(`A service_at_location of service ${id} has no id.`);
    const location = place.location ?? null;
    if (!location) {
      skipped.push(`Service at location ${externalId} names no location: not imported.`);
      continue;
    }
    const latitude = coordinate(location.latitude, 90);
    const longitude = coordinate(location.longitude, 180);
    providers.push({
      source: 'hsds',
      npi: '',
      externalId,
      kind: 'organization',
      // The listing is the organization's service: "Harbor Food Bank – Weekend Pantry"; one whose service is named
      // as the organization keeps one name.
      name: !orgName || orgName === name ? name || orgName : name ? `${orgName} – ${name}` : orgName,
      serviceName: name,
      taxonomies: terms,
      location: physicalAddress(location),
      phone: firstVoice(place.phones, service.phones, location.phones, organization?.phones),
      languages: languages.length
        ? languages
        : [...new Set((location.languages ?? []).map((l) => text(l.name)).filter(Boolean))],
      website: text(service.url) || text(organization?.website) || null,
      coordinates: latitude !== null && longitude !== null ? { latitude, longitude } : null,
    });
  }
  return { providers, skipped };
}
