import { readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';

// A stand-in HSDS 3.0 directory on loopback (issue #21: "the HSDS importer loads a fixture datapackage"): it serves
// hsds-fixture/ as a tabular datapackage (GET /datapackage/datapackage.json and its CSV files) and the same data as
// an HSDS API (GET /api/services?page&per_page, /api/services/{id}) with full, nested service objects built here
// from the CSV rows — not by the importer's own code, so a test of the importer checks it against another reading.
// A test can edit the tables (a changed directory), replace a file's body (a malformed one) or make it fail.

export type HsdsTables = Record<string, Record<string, string>[]>;

export type HsdsFixtureServer = {
  /** The datapackage's descriptor URL. */
  datapackageUrl: string;
  /** The HSDS API's base URL (…/api/). */
  apiUrl: string;
  /** The tables by file name (organizations.csv …): edit them to change what is served. */
  tables: HsdsTables;
  /** Serves this body for a path (…/datapackage/services.csv) instead of the table; null restores it. */
  override: (pathname: string, body: string | null, status?: number) => void;
  /** Every path requested, with its query. */
  requests: string[];
  close: () => Promise<void>;
};

const FIXTURE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hsds-fixture');

/** The fixture's tables, read afresh (each server gets its own copy to edit). */
export function loadHsdsFixture(): { descriptor: string; tables: HsdsTables } {
  const tables: HsdsTables = {};
  for (const file of readdirSync(FIXTURE_DIR).filter((f) => f.endsWith('.csv'))) {
    tables[file] = Papa.parse<Record<string, string>>(readFileSync(path.join(FIXTURE_DIR, file), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
  }
  return { descriptor: readFileSync(path.join(FIXTURE_DIR, 'datapackage.json'), 'utf8'), tables };
}

const NUMBERS = new Set([
  'latitude',
  'longitude',
  'extension',
  'year_incorporated',
  'minimum_age',
  'maximum_age',
]);

/** A CSV row as JSON: empty cells left out, numbers as numbers, foreign keys of the nesting dropped. */
function clean(row: Record<string, string>, drop: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === '' || value === undefined || drop.includes(key)) continue;
    out[key] = NUMBERS.has(key) ? Number(value) : value;
  }
  return out;
}

/** The full HSDS 3.0 service objects of the tables (as /services?full=true answers them). */
export function hsdsServicesOf(tables: HsdsTables): Record<string, unknown>[] {
  const rows = (file: string) => tables[file] ?? [];
  const by = (file: string, key: string, id: string) => rows(file).filter((r) => r[key] === id);
  const phones = (key: string, id: string) =>
    by('phones.csv', key, id).map((p) =>
      clean(p, ['location_id', 'service_id', 'organization_id', 'contact_id', 'service_at_location_id']),
    );
  const languages = (key: string, id: string) =>
    by('languages.csv', key, id).map((l) => clean(l, ['service_id', 'location_id', 'phone_id']));
  return rows('services.csv').map((s) => {
    const org = rows('organizations.csv').find((o) => o.id === s.organization_id)!;
    return {
      ...clean(s, ['organization_id', 'program_id']),
      organization: { ...clean(org, ['parent_organization_id']), phones: phones('organization_id', org.id!) },
      phones: phones('service_id', s.id!),
      languages: languages('service_id', s.id!),
      attributes: by('attributes.csv', 'link_id', s.id!).map((a) => {
        const term = rows('taxonomy_terms.csv').find((t) => t.id === a.taxonomy_term_id)!;
        return {
          ...clean(a, ['link_id', 'taxonomy_term_id', 'link_entity']),
          taxonomy_term: clean(term, ['parent_id', 'taxonomy_id']),
        };
      }),
      service_at_locations: by('service_at_location.csv', 'service_id', s.id!).map((sal) => {
        const loc = rows('locations.csv').find((l) => l.id === sal.location_id)!;
        return {
          ...clean(sal, ['service_id', 'location_id']),
          phones: phones('service_at_location_id', sal.id!),
          location: {
            ...clean(loc, ['organization_id']),
            addresses: by('addresses.csv', 'location_id', loc.id!).map((a) => clean(a, ['location_id'])),
            phones: phones('location_id', loc.id!),
            languages: languages('location_id', loc.id!),
          },
        };
      }),
    };
  });
}

function page(items: unknown[], q: URLSearchParams): object | null {
  const pageNumber = Number(q.get('page') ?? 1);
  const perPage = Number(q.get('per_page') ?? 50);
  if (!Number.isInteger(pageNumber) || pageNumber < 1 || !Number.isInteger(perPage) || perPage < 1)
    return null;
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const contents = items.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  return {
    total_items: items.length,
    total_pages: totalPages,
    page_number: pageNumber,
    size: contents.length,
    first_page: pageNumber === 1,
    last_page: pageNumber >= totalPages,
    empty: contents.length === 0,
    contents,
  };
}

export async function startHsdsFixtureServer(): Promise<HsdsFixtureServer> {
  const { descriptor, tables } = loadHsdsFixture();
  const overrides = new Map<string, { body: string; status: number }>();
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(`${url.pathname}${url.search}`);
    const send = (status: number, type: string, body: string) =>
      res.writeHead(status, { 'content-type': type }).end(body);
    const override = overrides.get(url.pathname);
    if (override) return send(override.status, 'text/plain', override.body);
    if (url.pathname === '/datapackage/datapackage.json') return send(200, 'application/json', descriptor);
    const file = /^\/datapackage\/([a-z_]+\.csv)$/.exec(url.pathname)?.[1];
    if (file && tables[file]) return send(200, 'text/csv', Papa.unparse(tables[file]!));
    if (url.pathname === '/api/services') {
      const answer = page(hsdsServicesOf(tables), url.searchParams);
      return answer
        ? send(200, 'application/json', JSON.stringify(answer))
        : send(400, 'application/json', JSON.stringify({ message: 'bad paging' }));
    }
    const id = /^\/api\/services\/([^/]+)$/.exec(url.pathname)?.[1];
    const one = id && hsdsServicesOf(tables).find((s) => s.id === decodeURIComponent(id));
    if (one) return send(200, 'application/json', JSON.stringify(one));
    send(404, 'text/plain', 'Not found');
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    datapackageUrl: `${base}/datapackage/datapackage.json`,
    apiUrl: `${base}/api/`,
    tables,
    override: (pathname, body, status = 200) => {
      if (body === null) overrides.delete(pathname);
      else overrides.set(pathname, { body, status });
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
