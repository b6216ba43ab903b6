import { createHash } from 'node:crypto';
import { formatPhone, servicesOfTaxonomies } from '@trust/domain';
import type { RegistryProvider } from '../../../adapters/registries/registry-provider.ts';
import { lookupZip } from '../directory/geography.ts';
import type { RegistryProviderValues } from '../directory/registry-service.ts';

// The one normaliser (issue #18 item 1): every registry's record, once its adapter has read it, becomes a
// directory provider here — the NPI as key, the name as people write it, the practice address with the ZIP's
// coordinates and county, the phone as (XXX) XXX-XXXX, services from the taxonomy table
// (packages/domain registry-taxonomies.ts). A record without a name or a usable US practice address is refused
// with why (counted as skipped; the directory never holds a provider nobody can find).

export type Normalised = { ok: true; values: RegistryProviderValues } | { ok: false; reason: string };

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
  const words = text.trim().replace(/\s+/g, ' ').split(' ');
  return words
    .map((word, i) => {
      const bare = word.replace(/[^A-Za-z-]/g, '').toUpperCase();
      if (KEEP_UPPER.has(bare)) return word.toUpperCase().replace('PHD', 'PhD').replace('INC', 'Inc');
      const lower = word.toLowerCase();
      if (i > 0 && SMALL_WORDS.has(lower)) return lower;
      return lower.replace(/(^|[-'/(])([a-z])/g, (_m, sep: string, c: string) => sep + c.toUpperCase());
    })
    .join(' ');
}

/** A registry provider as the directory's values, or why it cannot be one. */
export function normaliseRegistryProvider(p: RegistryProvider): Normalised {
  if (!/^\d{10}$/.test(p.npi)) return { ok: false, reason: `NPI '${p.npi}' is not 10 digits` };
  const name = titleCase(p.name);
  if (!name) return { ok: false, reason: `NPI ${p.npi} has no name` };
  const location = p.location;
  if (!location?.line1.trim()) return { ok: false, reason: `NPI ${p.npi} has no practice address` };
  const zip = /^(\d{5})/.exec(location.postalCode.trim())?.[1] ?? null;
  if (!zip || !/^[A-Z]{2}$/.test(location.state.trim().toUpperCase()))
    return { ok: false, reason: `NPI ${p.npi} has no US state and ZIP code` };
  const place = lookupZip(zip);
  const { services, organizationType } = servicesOfTaxonomies(p.taxonomies);
  const phone = p.phone ? formatPhone(p.phone) : null;
  const values: Omit<RegistryProviderValues, 'hash'> = {
    npi: p.npi,
    dataSource: p.source,
    name,
    organizationType,
    address: [location.line1, location.line2]
      .map((l) => titleCase(l))
      .filter(Boolean)
      .join(', '),
    city: location.city.trim() ? titleCase(location.city) : (place?.city ?? null),
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
  const hash = createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 22);
  return { ok: true, values: { ...values, hash } };
}
