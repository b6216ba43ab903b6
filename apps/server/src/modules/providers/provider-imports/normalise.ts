import { createHash } from 'node:crypto';
import { formatPhone, servicesOfHsds, servicesOfTaxonomies } from '@trust/domain';
import type { RegistryProvider } from '../../../adapters/registries/registry-provider.ts';
import { lookupZip } from '../directory/geography.ts';
import type { ExternalProviderValues, RegistryProviderValues } from '../directory/registry-service.ts';

// The one normaliser (issue #18 item 1): every registry's record, once its adapter has read it, becomes a
// directory provider here — the NPI as key, the name as people write it, the practice address with the ZIP's
// coordinates and county, the phone as (XXX) XXX-XXXX, services from the taxonomy table
// (packages/domain registry-taxonomies.ts). A record without a name or a usable US practice address is refused
// with why (counted as skipped; the directory never holds a provider nobody can find).

export type Normalised = { ok: true; values: RegistryProviderValues } | { ok: false; reason: string };
export type NormalisedExternal = { ok: true; values: ExternalProviderValues } | { ok: false; reason: string };

const SMALL_WORDS = new Set(['of', 'and', 'the', 'for', 'in', 'at', 'on', 'de', 'la', 'del', 'y']);
const KEEP_UPPER = new Set([
  'MD',
  'DO',
  'NP',
  'PA',
  'RN',
  'DDS',
  'DMD',
  'LCSW',
  'LLC',
  'PC',
  'PLLC',
  'FQHC',
  'USA',
  'II',
  'III',
  'IV',
  'PHD',
  'DPM',
  'APRN',
  'FNP',
  'LPC',
  'LMFT',
  'MPH',
  'INC',
  'PA-C',
]);

/** 'SAN LUIS OBISPO' → 'San Luis Obispo'; 'CEDAR CLINIC OF THE VALLEY, LLC' → 'Cedar Clinic of the Valley, LLC'. */
export function titleCase(text: string): string {
  const words = text.trim().split(/\s+/);
  let out = '';
  for (let w = 0; w < words.length; w++) {
    const word = words[w] as string;
    if (w > 0) out += ' ';
    const bare = word.replace(/[^A-Za-z-]/g, '').toUpperCase();
    if (KEEP_UPPER.has(bare)) {
      out +=
        bare === 'PHD'
          ? word.toUpperCase().replace('PHD', 'PhD')
          : bare === 'INC'
            ? word.toUpperCase().replace('INC', 'Inc')
            : word.toUpperCase();
      continue;
    }
    const lower = word.toLowerCase();
    if (w > 0 && SMALL_WORDS.has(lower)) {
      out += lower;
      continue;
    }
    // Capitals at the word's start and after - ' / ( ("Smith-Jones", "O'Brien").
    let capital = true;
    for (let i = 0; i < lower.length; i++) {
      const c = lower[i] as string;
      out += capital ? c.toUpperCase() : c;
      capital = c === '-' || c === "'" || c === '/' || c === '(';
    }
  }
  return out;
}

/**
 * Memos of what repeats across a registry's millions of rows (cities, taxonomy sets): bounded, so a file of
 * unusual values cannot grow them without end.
 */
const MEMO_MAX = 50_000;
const cityMemo = new Map<string, string>();
const servicesMemo = new Map<string, ReturnType<typeof servicesOfTaxonomies>>();

/**
 * A string of its own. A field parsed from a file is a slice of the megabyte of text it was read from, and V8 keeps
 * that whole text alive as long as the slice lives: a memo key kept as it came pinned one chunk of the file per
 * new city (measured: 200 kept slices of 1 MB texts held 210 MB; copies, 1 MB).
 */
function ownCopy(text: string): string {
  return Buffer.from(text, 'utf8').toString('utf8');
}

function memo<V>(map: Map<string, V>, key: string, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    if (map.size >= MEMO_MAX) map.clear();
    map.set(ownCopy(key), value);
  }
  return value;
}

/** A registry provider as the directory's values, or why it cannot be one. */
export function normaliseRegistryProvider(p: RegistryProvider): Normalised {
  if (!/^\d{10}$/.test(p.npi)) return { ok: false, reason: `NPI '${p.npi}' is not 10 digits` };
  const listing = listingOf(p, `NPI ${p.npi}`);
  if (!listing.ok) return listing;
  return withHash({ npi: p.npi, ...listing.values });
}

/**
 * A listing of a source keyed by its own ids (HSDS, issue #21) as the directory's values: the names and addresses
 * as the directory published them (it writes them for people already), the services from its taxonomy terms.
 */
export function normaliseExternalProvider(p: RegistryProvider): NormalisedExternal {
  const externalId = p.externalId?.trim() ?? '';
  if (!externalId) return { ok: false, reason: 'a record has no id' };
  const listing = listingOf(p, `Record ${externalId}`);
  if (!listing.ok) return listing;
  return withHash({ externalId, ...listing.values });
}

function withHash<T extends object>(values: T): { ok: true; values: T & { hash: string } } {
  // A digest to tell a changed record from an unchanged one (not a security boundary: md5 is fast and enough).
  const hash = createHash('md5').update(JSON.stringify(values)).digest('base64url');
  return { ok: true, values: { ...values, hash } };
}

type ListingValues = Omit<RegistryProviderValues, 'hash' | 'npi'>;

function listingOf(
  p: RegistryProvider,
  label: string,
): { ok: true; values: ListingValues } | { ok: false; reason: string } {
  const asPublished = p.source === 'hsds';
  const cased = (text: string) => (asPublished ? text.trim().replace(/\s+/g, ' ') : titleCase(text));
  const name = cased(p.name);
  if (!name) return { ok: false, reason: `${label} has no name` };
  const location = p.location;
  if (!location?.line1.trim()) return { ok: false, reason: `${label} has no practice address` };
  const zip = /^(\d{5})/.exec(location.postalCode.trim())?.[1] ?? null;
  if (!zip || !/^[A-Z]{2}$/.test(location.state.trim().toUpperCase()))
    return { ok: false, reason: `${label} has no US state and ZIP code` };
  const place = lookupZip(zip);
  const { services, organizationType } = asPublished
    ? servicesOfHsds(
        p.serviceName ?? '',
        p.taxonomies.map((t) => ({ code: t.code, name: t.description })),
      )
    : memo(servicesMemo, p.taxonomies.map((t) => `${t.code}|${t.description}`).join('\n'), () =>
        servicesOfTaxonomies(p.taxonomies),
      );
  const phone = p.phone ? formatPhone(p.phone) : null;
  const values: ListingValues = {
    dataSource: p.source,
    name,
    organizationType,
    address: [location.line1, location.line2]
      .map((l) => cased(l))
      .filter(Boolean)
      .join(', '),
    city: location.city.trim()
      ? asPublished
        ? cased(location.city)
        : memo(cityMemo, location.city, () => titleCase(location.city))
      : (place?.city ?? null),
    state: location.state.trim().toUpperCase(),
    zipCode: zip,
    county: place?.county ?? null,
    latitude: p.coordinates?.latitude ?? place?.latitude ?? null,
    longitude: p.coordinates?.longitude ?? place?.longitude ?? null,
    phone: phone || null,
    website: p.website?.trim() || null,
    services,
    languages: p.languages,
    // Health centers funded by HRSA serve Medicaid members by law; the other registries do not say.
    acceptsMedicaid: p.source === 'hrsa',
    // Care Compare lists clinicians enrolled in Medicare.
    acceptsMedicare: p.source === 'cms_care_compare' || p.source === 'hrsa',
  };
  return { ok: true, values };
}
