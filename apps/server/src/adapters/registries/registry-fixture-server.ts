import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { NppesResult } from './nppes-json.ts';

// A stand-in for the NPPES NPI Registry API v2.1 on loopback (issue #18: "tests serve recorded fixtures of each
// format from a local HTTP server"). It answers like the registry, with the registry's limits: `limit` 1–200,
// `skip` 0–1,000, `version=2.1`, a trailing `*` in `postal_code` only after two characters, state never alone;
// refusals come back as `{"Errors": […]}` with HTTP 200, as the registry does. It can be told to fail, to be
// slow, and it records every query.

export type RegistryFixtureServer = {
  /** The API's URL, for NPPES_API_URL. */
  url: string;
  /** Every query string received, in order. */
  queries: URLSearchParams[];
  /** The next `count` calls answer `status` (429 or 5xx) instead of data. */
  failNext: (count: number, status: number) => void;
  /** Each answer waits this long first (to watch progress, or to cancel mid-call). */
  setDelay: (ms: number) => void;
  close: () => Promise<void>;
};

const refuse = (description: string, field: string) => ({ Errors: [{ description, field, number: '99' }] });

function matches(r: NppesResult, q: URLSearchParams): boolean {
  const taxonomy = q.get('taxonomy_description');
  if (taxonomy && !(r.taxonomies ?? []).some((t) => t.desc.toLowerCase() === taxonomy.toLowerCase()))
    return false;
  const type = q.get('enumeration_type');
  if (type && r.enumeration_type !== type) return false;
  const purpose = q.get('address_purpose');
  const addresses = (r.addresses ?? []).filter((a) => !purpose || a.address_purpose === purpose);
  const state = q.get('state');
  const postal = q.get('postal_code');
  return addresses.some((a) => {
    if (state && a.state !== state) return false;
    if (postal) {
      const code = a.postal_code ?? '';
      if (postal.endsWith('*') ? !code.startsWith(postal.slice(0, -1)) : code.slice(0, 5) !== postal)
        return false;
    }
    return true;
  });
}

/** Answers one registry query over the population (sorted by NPI), or the registry's refusal. */
export function answerNppesQuery(population: readonly NppesResult[], q: URLSearchParams): object {
  if (q.get('version') !== '2.1') return refuse('Field version: must be 2.1', 'version');
  const limit = Number(q.get('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1 || limit > 200)
    return refuse('Field limit: must be between 1 and 200', 'limit');
  const skip = Number(q.get('skip') ?? 0);
  if (!Number.isInteger(skip) || skip < 0 || skip > 1000)
    return refuse('Field skip: must be between 0 and 1000', 'skip');
  const postal = q.get('postal_code');
  if (postal?.includes('*') && (!postal.endsWith('*') || postal.length < 3))
    return refuse('Field postal_code: a wildcard needs at least two characters before it', 'postal_code');
  const criteria = [
    'taxonomy_description',
    'postal_code',
    'city',
    'number',
    'organization_name',
    'last_name',
  ];
  if (q.get('state') && !criteria.some((c) => q.get(c)))
    return refuse('State may not be used as the only criteria', 'state');
  const found = population.filter((r) => matches(r, q));
  const results = found.slice(skip, skip + limit);
  return { result_count: results.length, results };
}

export async function startRegistryFixtureServer(
  population: readonly NppesResult[],
  options: { port?: number } = {},
): Promise<RegistryFixtureServer> {
  const queries: URLSearchParams[] = [];
  let failures: { count: number; status: number } = { count: 0, status: 503 };
  let delay = 0;
  const sockets = new Set<Socket>();
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method !== 'GET' || !url.pathname.startsWith('/api')) {
      res.writeHead(404).end();
      return;
    }
    queries.push(url.searchParams);
    if (delay > 0) await new Promise((r) => setTimeout(r, delay));
    if (failures.count > 0) {
      failures = { ...failures, count: failures.count - 1 };
      res.writeHead(failures.status, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify(answerNppesQuery(population, url.searchParams)));
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/`,
    queries,
    failNext: (count, status) => {
      failures = { count, status };
    },
    setDelay: (ms) => {
      delay = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
