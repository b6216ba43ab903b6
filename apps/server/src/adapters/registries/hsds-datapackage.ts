import Papa from 'papaparse';
import { getHsdsText, type HsdsHttpOptions } from './hsds-http.ts';
import type {
  HsdsAddress,
  HsdsLocation,
  HsdsPhone,
  HsdsService,
  HsdsServiceAtLocation,
  HsdsTaxonomyTerm,
} from './hsds-listings.ts';
import { RegistryFormatError } from './registry-provider.ts';

// An HSDS 3.0 tabular datapackage (schema/compiled/tabular.json of openreferral/specification): a
// datapackage.json naming its resources (organization, service, service_at_location, location, address, phone,
// language, attribute, taxonomy_term, …), each a CSV file with a header row, its path relative to the
// datapackage. The tables are joined by their ids into the full service objects the HSDS API would answer, so
// one mapping (hsds-listings.ts) reads both forms. Resources the directory does not use (schedules, contacts,
// funding…) are not fetched.

type Row = Record<string, string>;
/** Resources read: the first four must be in the package; the rest enrich the listings when present. */
const REQUIRED = ['organization', 'service', 'service_at_location', 'location'] as const;
const OPTIONAL = ['address', 'phone', 'language', 'attribute', 'taxonomy_term'] as const;
type Resource = (typeof REQUIRED)[number] | (typeof OPTIONAL)[number];
/** The columns each resource must have (HSDS 3.0's required fields the directory reads). */
const COLUMNS: Record<Resource, readonly string[]> = {
  organization: ['id', 'name'],
  service: ['id', 'organization_id', 'name'],
  service_at_location: ['id', 'service_id', 'location_id'],
  location: ['id'],
  address: ['id', 'location_id', 'address_1', 'city', 'state_province', 'postal_code', 'address_type'],
  phone: ['id', 'number'],
  language: ['id'],
  attribute: ['id', 'link_id', 'taxonomy_term_id', 'link_entity'],
  taxonomy_term: ['id', 'name'],
};

type Descriptor = { resources?: { name?: string; path?: string | string[] }[] };

/** A CSV file's rows by header, or a RegistryFormatError naming the file and line. */
export function parseHsdsCsv(text: string, file: string, required: readonly string[]): Row[] {
  const parsed = Papa.parse<Row>(text.replace(/^\uFEFF/, ''), {
    header: true,
    // The tabular datapackage's dialect is CSV with commas: guessing would read a semicolon file as another table.
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (h) => h.trim(),
  });
  const fields = parsed.meta.fields ?? [];
  const missing = required.filter((c) => !fields.includes(c));
  if (missing.length) throw new RegistryFormatError(`${file} has no column ${missing.join(', ')}.`);
  const bad = parsed.errors.find((e) => e.type !== 'Delimiter');
  if (bad) {
    const line = (bad.row ?? 0) + 2;
    throw new RegistryFormatError(`${file} line ${line}: ${bad.message}.`, line);
  }
  parsed.data.forEach((row, i) => {
    if (!row.id?.trim()) throw new RegistryFormatError(`${file} line ${i + 2} has no id.`, i + 2);
  });
  return parsed.data;
}

function groupBy(rows: Row[], key: string): Map<string, Row[]> {
  const map = new Map<string, Row[]>();
  for (const row of rows) {
    const k = row[key]?.trim();
    if (!k) continue;
    const list = map.get(k);
    if (list) list.push(row);
    else map.set(k, [row]);
  }
  return map;
}

const phoneOf = (r: Row): HsdsPhone => ({ id: r.id, number: r.number, type: r.type || null });
const addressOf = (r: Row): HsdsAddress => ({ ...r });

/** Reads the datapackage at `url` and answers its services as full HSDS service objects. */
export async function readHsdsDatapackage(
  url: string,
  http: HsdsHttpOptions & { onCall?: () => void },
): Promise<HsdsService[]> {
  http.onCall?.();
  const descriptorAnswer = await getHsdsText(url, http);
  let descriptor: Descriptor;
  try {
    descriptor = JSON.parse(descriptorAnswer.text) as Descriptor;
  } catch {
    throw new RegistryFormatError('datapackage.json is not JSON.');
  }
  if (!descriptor || !Array.isArray(descriptor.resources))
    throw new RegistryFormatError('datapackage.json lists no resources.');
  const pathOf = (name: Resource): string | null => {
    const file = `${name === 'address' ? 'addresses' : name === 'service_at_location' ? name : `${name}s`}.csv`;
    const found =
      descriptor.resources!.find((r) => r.name === name) ??
      descriptor.resources!.find((r) => typeof r.path === 'string' && r.path.split('/').pop() === file);
    const path = Array.isArray(found?.path) ? found.path[0] : found?.path;
    return typeof path === 'string' && path ? path : null;
  };
  const tables = {} as Record<Resource, Row[]>;
  for (const name of [...REQUIRED, ...OPTIONAL]) {
    const path = pathOf(name);
    if (!path) {
      if ((REQUIRED as readonly string[]).includes(name))
        throw new RegistryFormatError(`datapackage.json has no ${name} resource.`);
      tables[name] = [];
      continue;
    }
    // Paths are relative to the datapackage (a URL of another host is checked like the first: getHsdsText).
    const fileUrl = new URL(path, descriptorAnswer.url).href;
    http.onCall?.();
    const { text } = await getHsdsText(fileUrl, http);
    tables[name] = parseHsdsCsv(text, path.split('/').pop() ?? path, COLUMNS[name]);
  }
  return assembleServices(tables);
}

/** Joins the tables by their ids into full service objects (the HSDS API's `full` form). */
export function assembleServices(tables: Record<Resource, Row[]>): HsdsService[] {
  const organizations = new Map(tables.organization.map((r) => [r.id!, r]));
  const locations = new Map(tables.location.map((r) => [r.id!, r]));
  const terms = new Map(tables.taxonomy_term.map((r) => [r.id!, r]));
  const addressesByLocation = groupBy(tables.address, 'location_id');
  const phonesBy = (key: string) => groupBy(tables.phone, key);
  const phonesByService = phonesBy('service_id');
  const phonesByLocation = phonesBy('location_id');
  const phonesByPlace = phonesBy('service_at_location_id');
  const phonesByOrganization = phonesBy('organization_id');
  const languagesByService = groupBy(tables.language, 'service_id');
  const languagesByLocation = groupBy(tables.language, 'location_id');
  const attributesByLink = groupBy(
    tables.attribute.filter((a) => a.link_entity?.trim() === 'service'),
    'link_id',
  );
  const placesByService = groupBy(tables.service_at_location, 'service_id');

  return tables.service.map((s, i): HsdsService => {
    const organization = organizations.get(s.organization_id?.trim() ?? '');
    if (!organization)
      throw new RegistryFormatError(
        `services.csv line ${i + 2}: its organization_id ${s.organization_id} is not in organizations.csv.`,
        i + 2,
      );
    const places = (placesByService.get(s.id!) ?? []).map((p): HsdsServiceAtLocation => {
      const l = locations.get(p.location_id?.trim() ?? '');
      if (!l)
        throw new RegistryFormatError(
          `service_at_location.csv: ${p.id} names location ${p.location_id}, which is not in locations.csv.`,
        );
      const location: HsdsLocation = {
        id: l.id,
        name: l.name,
        latitude: l.latitude,
        longitude: l.longitude,
        addresses: (addressesByLocation.get(l.id!) ?? []).map(addressOf),
        phones: (phonesByLocation.get(l.id!) ?? []).map(phoneOf),
        languages: (languagesByLocation.get(l.id!) ?? []).map((g) => ({ name: g.name, code: g.code })),
      };
      return { id: p.id, phones: (phonesByPlace.get(p.id!) ?? []).map(phoneOf), location };
    });
    const attributes = (attributesByLink.get(s.id!) ?? []).map((a) => {
      const term = terms.get(a.taxonomy_term_id?.trim() ?? '');
      const taxonomy_term: HsdsTaxonomyTerm | null = term
        ? { id: term.id, code: term.code || null, name: term.name }
        : null;
      return { taxonomy_term };
    });
    return {
      id: s.id,
      name: s.name,
      status: s.status ?? 'active',
      url: s.url || null,
      organization: {
        id: organization.id,
        name: organization.name,
        website: organization.website || null,
        phones: (phonesByOrganization.get(organization.id!) ?? []).map(phoneOf),
      },
      phones: (phonesByService.get(s.id!) ?? []).map(phoneOf),
      languages: (languagesByService.get(s.id!) ?? []).map((g) => ({ name: g.name, code: g.code })),
      attributes,
      service_at_locations: places,
    };
  });
}
