import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHsdsApi } from './hsds-api.ts';
import { readHsdsDatapackage } from './hsds-datapackage.ts';
import { type HsdsFixtureServer, hsdsServicesOf, startHsdsFixtureServer } from './hsds-fixture-server.ts';
import { HsdsAddressError } from './hsds-http.ts';
import { type HsdsService, listingsOfService } from './hsds-listings.ts';
import { RegistryFormatError, RegistryUnavailableError } from './registry-provider.ts';

// Issue #21 item 2: both forms of an HSDS 3.0 directory (its API's /services and its tabular datapackage) read
// from a real HTTP server on loopback, into the same listings; the fixture's JSON checked against the official
// 3.0 schemas (the interop module keeps them as data), so the importer is tested against the standard.

const SCHEMAS = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../modules/interop/hsds/schema-3.0',
);
const readSchema = (file: string) => JSON.parse(readFileSync(path.join(SCHEMAS, file), 'utf8'));

let server: HsdsFixtureServer;
const http = (allowHosts: string[] = ['127.0.0.1']) => ({
  allowHosts,
  signal: new AbortController().signal,
  timeoutMs: 5_000,
  maxBytes: 5_000_000,
});

async function apiServices(): Promise<HsdsService[]> {
  const all: HsdsService[] = [];
  for await (const page of readHsdsApi(server.apiUrl, http())) all.push(...page);
  return all;
}

const listingsOf = (services: HsdsService[]) => {
  const providers = services.flatMap((s) => listingsOfService(s).providers);
  return providers.sort((a, b) => (a.externalId ?? '').localeCompare(b.externalId ?? ''));
};

beforeAll(async () => {
  server = await startHsdsFixtureServer();
});
afterAll(async () => {
  await server?.close();
});

describe('the HSDS fixture directory', () => {
  it('serves services valid against the official HSDS 3.0 schema (compiled/service.json) and paging envelope', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const validate = ajv.compile(readSchema('compiled/service.json'));
    const services = hsdsServicesOf(server.tables);
    expect(services).toHaveLength(10);
    for (const service of services) {
      const ok = validate(service);
      expect(ok, `${service.id}: ${JSON.stringify(validate.errors)}`).toBe(true);
    }
    const page = readSchema('openapi.json').components.schemas.Page;
    const validatePage = ajv.compile({ ...page, required: Object.keys(page.properties) });
    const answer = await (await fetch(`${server.apiUrl}services?page=2&per_page=4`)).json();
    expect(validatePage(answer), JSON.stringify(validatePage.errors)).toBe(true);
    expect(answer).toMatchObject({
      total_items: 10,
      total_pages: 3,
      page_number: 2,
      size: 4,
      last_page: false,
    });
  });
});

describe('reading an HSDS directory', () => {
  it('reads the API page by page (page/per_page, full=true) into one listing per service_at_location', async () => {
    server.requests.length = 0;
    const services = await apiServices();
    expect(services).toHaveLength(10);
    expect(
      server.requests.some((r) => r.startsWith('/api/services?page=1&per_page=') && r.includes('full=true')),
    ).toBe(true);
    const providers = listingsOf(services);
    // 13 places: the defunct service's one is left out with its reason; the postal-only one is read (the
    // normaliser refuses it for want of a physical address).
    expect(providers).toHaveLength(12);
    const pantry = providers.find(
      (p) => p.name === 'Eastside Harvest Food Bank – Weekend Food Pantry' && p.phone === '213-555-0101',
    );
    expect(pantry).toMatchObject({
      source: 'hsds',
      npi: '',
      serviceName: 'Weekend Food Pantry',
      languages: ['English', 'Spanish'],
      location: { line1: '2410 E Cesar E Chavez Ave', city: 'Los Angeles', state: 'CA', postalCode: '90033' },
      coordinates: { latitude: 34.0483, longitude: -118.2105 },
      taxonomies: [{ code: 'food-pantry', description: 'Food Pantries' }],
      website: 'https://eastsideharvest.example.org',
    });
    const defunct = services.find((s) => s.status === 'defunct')!;
    expect(listingsOfService(defunct).skipped[0]).toMatch(/is defunct: not imported/);
    const postal = providers.find((p) => p.location === null);
    expect(postal?.name).toBe('Gulf Coast Legal Help – Eviction Defense');
  });

  it('reads the datapackage (datapackage.json and its CSV files) into the same listings as the API', async () => {
    const fromPackage = listingsOf(await readHsdsDatapackage(server.datapackageUrl, http()));
    expect(fromPackage).toEqual(listingsOf(await apiServices()));
    // A phone of the service_at_location itself comes first; then the service's, the location's, the organization's.
    const chinatownCounseling = fromPackage.find(
      (p) => p.serviceName === 'Counseling for Adults' && p.location?.postalCode === '90012',
    );
    expect(chinatownCounseling?.phone).toBe('213-555-0109');
    const rent = fromPackage.find((p) => p.serviceName === 'Rental Assistance');
    expect(rent?.phone).toBe('213-555-0104'); // the organization's voice line, not its fax
  });

  it('names the file and the column when a CSV is malformed', async () => {
    server.override('/datapackage/services.csv', 'id,name,status\ns1,Pantry,active\n');
    try {
      await expect(readHsdsDatapackage(server.datapackageUrl, http())).rejects.toThrow(
        new RegistryFormatError('services.csv has no column organization_id.'),
      );
    } finally {
      server.override('/datapackage/services.csv', null);
    }
  });

  it('fails with the HTTP status when a file is missing, and refuses a non-HSDS API answer', async () => {
    server.override('/datapackage/phones.csv', 'gone', 404);
    server.override('/api/services', '{"services": []}');
    try {
      await expect(readHsdsDatapackage(server.datapackageUrl, http())).rejects.toThrow(
        RegistryUnavailableError,
      );
      await expect(readHsdsDatapackage(server.datapackageUrl, http())).rejects.toThrow(
        /phones\.csv answered HTTP 404/,
      );
      await expect(apiServices()).rejects.toThrow(/is not an HSDS page/);
    } finally {
      server.override('/datapackage/phones.csv', null);
      server.override('/api/services', null);
    }
  });

  it('refuses a directory on a private or loopback address unless its host is allowed', async () => {
    const before = server.requests.length;
    await expect(readHsdsDatapackage(server.datapackageUrl, http([]))).rejects.toThrow(HsdsAddressError);
    await expect(readHsdsDatapackage(server.datapackageUrl, http(['127.0.0.2']))).rejects.toThrow(
      /private address/,
    );
    // Refused before connecting: the directory never saw a request.
    expect(server.requests.length).toBe(before);
  });
});
