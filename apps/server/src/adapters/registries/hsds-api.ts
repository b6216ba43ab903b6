import { getHsdsText, type HsdsHttpOptions } from './hsds-http.ts';
import type { HsdsService } from './hsds-listings.ts';
import { RegistryFormatError } from './registry-provider.ts';

// An HSDS 3.0 API (openapi.json of openreferral/specification): GET {base}/services answers a Page — total_items,
// total_pages, page_number, size, first_page, last_page, empty, contents — paged with `page` (from 1) and
// `per_page`. We ask for `full=true` (fully nested services); an API that still answers the short list form
// (without service_at_locations) is asked for each service at {base}/services/{id}.

/** Services asked for per page. */
export const HSDS_PER_PAGE = 100;
/** The most pages read (100,000 services): a directory that pages on without end fails instead of looping. */
const MAX_PAGES = 1_000;

function parseJson(body: string, where: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new RegistryFormatError(`${where} did not answer JSON.`);
  }
}

function serviceUrl(base: string, path: string): string {
  return new URL(path, base.endsWith('/') ? base : `${base}/`).href;
}

/** Every service of an HSDS API, as full service objects, page after page. */
export async function* readHsdsApi(
  base: string,
  http: HsdsHttpOptions & { onCall?: () => void },
): AsyncGenerator<HsdsService[]> {
  for (let page = 1; page <= MAX_PAGES; page++) {
    const url = serviceUrl(base, `services?page=${page}&per_page=${HSDS_PER_PAGE}&full=true`);
    http.onCall?.();
    const { text } = await getHsdsText(url, http);
    const where = `The HSDS API's page ${page} of /services`;
    const body = parseJson(text, where) as { contents?: unknown; total_pages?: unknown; last_page?: unknown };
    if (!body || typeof body !== 'object' || !Array.isArray(body.contents))
      throw new RegistryFormatError(`${where} is not an HSDS page (it has no "contents" list).`);
    const services: HsdsService[] = [];
    for (const item of body.contents as unknown[]) {
      if (!item || typeof item !== 'object' || typeof (item as HsdsService).id !== 'string')
        throw new RegistryFormatError(`${where} holds a service without an id.`);
      const short = item as HsdsService;
      if (Array.isArray(short.service_at_locations)) {
        services.push(short);
        continue;
      }
      http.onCall?.();
      const one = await getHsdsText(serviceUrl(base, `services/${encodeURIComponent(short.id!)}`), http);
      const full = parseJson(one.text, `The HSDS API's service ${short.id}`) as HsdsService;
      if (!full || typeof full !== 'object' || full.id !== short.id)
        throw new RegistryFormatError(`The HSDS API's service ${short.id} is not that service.`);
      services.push(full);
    }
    yield services;
    const totalPages = typeof body.total_pages === 'number' ? body.total_pages : null;
    if (body.last_page === true || services.length === 0 || (totalPages !== null && page >= totalPages))
      return;
  }
  throw new RegistryFormatError(`The HSDS API kept paging past ${MAX_PAGES} pages: not imported.`);
}
