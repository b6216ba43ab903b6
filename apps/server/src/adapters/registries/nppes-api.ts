import { setTimeout as sleep } from 'node:timers/promises';
import type { NppesAnswer, NppesResult } from './nppes-json.ts';
import { RegistryFormatError, RegistryUnavailableError } from './registry-provider.ts';

// The NPPES NPI Registry API v2.1 (issue #18 item 1): at most 200 records a call (`limit`) and `skip` at most
// 1,000, so one query reaches at most its first 1,200 records. A state's taxonomy has far more (tens of
// thousands of Family Medicine NPIs in California), so a query that fills its window is split — by postal-code
// prefix (the registry takes a trailing `*` after two characters), down to a single ZIP, then by NPI type —
// until each part fits. Calls are throttled, and 429/5xx answers are retried with backoff.

export const NPPES_PAGE_SIZE = 200;
export const NPPES_MAX_SKIP = 1_000;
/** The most records one query can reach: pages at skip 0, 200, …, 1,000. */
export const NPPES_WINDOW = NPPES_MAX_SKIP + NPPES_PAGE_SIZE;

export type NppesQuery = {
  state: string;
  taxonomy: string;
  /** 3 or 4 digits (sent with a trailing `*`) or a whole 5-digit ZIP. */
  postalCode?: string;
  enumerationType?: 'NPI-1' | 'NPI-2';
};

export type NppesApiOptions = {
  baseUrl: string;
  /** The least time between two calls (the registry publishes no limit; be a polite client). */
  minIntervalMs: number;
  /** Retries after a 429, a 5xx or a network error, with exponential backoff. */
  retries: number;
  /** The first backoff; each retry doubles it (a Retry-After header wins, up to 30 s). */
  backoffMs: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Told of every call and its bytes (the run's usage and cost). */
  onCall?: (bytes: number) => void;
};

/** One query's description, for notes and logs: "CA Family Medicine ZIP 941*". */
export function describeQuery(q: NppesQuery): string {
  const zip = q.postalCode ? ` ZIP ${q.postalCode}${q.postalCode.length < 5 ? '*' : ''}` : '';
  const type = q.enumerationType ? ` ${q.enumerationType}` : '';
  return `${q.state} ${q.taxonomy}${zip}${type}`;
}

export function nppesQueryUrl(baseUrl: string, q: NppesQuery, skip: number, limit = NPPES_PAGE_SIZE): string {
  const url = new URL(baseUrl);
  url.searchParams.set('version', '2.1');
  url.searchParams.set('taxonomy_description', q.taxonomy);
  url.searchParams.set('state', q.state);
  // The practice location's state and ZIP, not the mailing address's.
  url.searchParams.set('address_purpose', 'LOCATION');
  if (q.postalCode)
    url.searchParams.set('postal_code', q.postalCode.length < 5 ? `${q.postalCode}*` : q.postalCode);
  if (q.enumerationType) url.searchParams.set('enumeration_type', q.enumerationType);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('skip', String(skip));
  return url.toString();
}

export class NppesApiClient {
  #nextCallAt = 0;

  constructor(private readonly options: NppesApiOptions) {}

  /** One page of a query: throttled, retried on 429/5xx and network errors; the registry's refusals throw. */
  async page(q: NppesQuery, skip: number, limit = NPPES_PAGE_SIZE): Promise<NppesResult[]> {
    const url = nppesQueryUrl(this.options.baseUrl, q, skip, limit);
    let lastProblem = '';
    for (let attempt = 0; attempt <= this.options.retries; attempt++) {
      await this.#throttle();
      let wait = this.options.backoffMs * 2 ** attempt;
      try {
        const response = await fetch(url, {
          headers: { accept: 'application/json' },
          signal: this.#signal(),
        });
        const body = await response.text();
        this.options.onCall?.(Buffer.byteLength(body));
        if (response.status === 429 || response.status >= 500) {
          lastProblem = `HTTP ${response.status}`;
          const retryAfter = Number(response.headers.get('retry-after'));
          if (Number.isFinite(retryAfter) && retryAfter > 0) wait = Math.min(retryAfter * 1000, 30_000);
        } else if (!response.ok) {
          throw new RegistryFormatError(
            `The NPPES registry refused the query ${describeQuery(q)}: HTTP ${response.status}.`,
          );
        } else {
          return parseAnswer(body, q);
        }
      } catch (error) {
        if (error instanceof RegistryFormatError || this.options.signal?.aborted) throw error;
        lastProblem = error instanceof Error ? error.message : String(error);
      }
      if (attempt < this.options.retries) await sleep(wait, undefined, { signal: this.options.signal });
    }
    throw new RegistryUnavailableError(
      `The NPPES registry did not answer the query ${describeQuery(q)} after ${this.options.retries + 1} tries (last: ${lastProblem}).`,
    );
  }

  #signal(): AbortSignal {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    return this.options.signal ? AbortSignal.any([this.options.signal, timeout]) : timeout;
  }

  async #throttle() {
    const now = Date.now();
    const at = Math.max(now, this.#nextCallAt);
    this.#nextCallAt = at + this.options.minIntervalMs;
    if (at > now) await sleep(at - now, undefined, { signal: this.options.signal });
  }
}

function parseAnswer(body: string, q: NppesQuery): NppesResult[] {
  let answer: NppesAnswer;
  try {
    answer = JSON.parse(body) as NppesAnswer;
  } catch {
    throw new RegistryFormatError(
      `The NPPES registry answered the query ${describeQuery(q)} with something that is not JSON.`,
    );
  }
  if (answer.Errors?.length) {
    throw new RegistryFormatError(
      `The NPPES registry refused the query ${describeQuery(q)}: ${answer.Errors.map((e) => e.description).join('; ')}`,
    );
  }
  if (!Array.isArray(answer.results)) return [];
  return answer.results;
}

/**
 * The narrower queries that together cover `q`: the next postal-code digit among the state's ZIPs (3 digits
 * first, as two would mix neighbouring states' ZIP ranges anyway), then the NPI type; none when nothing is left
 * to split on.
 */
export function splitQuery(q: NppesQuery, stateZips: readonly string[]): NppesQuery[] {
  const prefix = q.postalCode ?? '';
  if (prefix.length < 5) {
    const length = prefix.length === 0 ? 3 : prefix.length + 1;
    const children = [
      ...new Set(stateZips.filter((z) => z.startsWith(prefix)).map((z) => z.slice(0, length))),
    ];
    children.sort();
    if (children.length > 0) return children.map((postalCode) => ({ ...q, postalCode }));
  }
  if (!q.enumerationType) {
    return [
      { ...q, enumerationType: 'NPI-1' },
      { ...q, enumerationType: 'NPI-2' },
    ];
  }
  return [];
}

export type StatePage = { results: NppesResult[]; note?: string };

/**
 * Every record of a state's taxonomy the API can give, up to `limit` distinct NPIs, page by page (each page is
 * the new records of one call). A query that needs more than its 1,200-record window is probed at skip 1,000
 * first: a full page there means it holds more, and it is split before any other page is read.
 */
export async function* fetchStateFromNppes(
  client: NppesApiClient,
  input: { state: string; taxonomy: string; limit: number; stateZips: readonly string[] },
): AsyncGenerator<StatePage> {
  const seen = new Set<string>();
  const queue: NppesQuery[] = [{ state: input.state, taxonomy: input.taxonomy }];
  const fresh = (results: NppesResult[]) => {
    const out: NppesResult[] = [];
    for (const r of results) {
      const npi = String(r.number);
      if (seen.has(npi) || seen.size >= input.limit) continue;
      seen.add(npi);
      out.push(r);
    }
    return out;
  };
  while (queue.length > 0 && seen.size < input.limit) {
    const q = queue.shift() as NppesQuery;
    let probe: NppesResult[] | null = null;
    if (input.limit - seen.size > NPPES_WINDOW) {
      probe = await client.page(q, NPPES_MAX_SKIP);
      if (probe.length === NPPES_PAGE_SIZE) {
        const children = splitQuery(q, input.stateZips);
        if (children.length > 0) {
          queue.unshift(...children);
          continue;
        }
      }
    }
    let full = false;
    for (let skip = 0; skip <= NPPES_MAX_SKIP && seen.size < input.limit; skip += NPPES_PAGE_SIZE) {
      const results = skip === NPPES_MAX_SKIP && probe ? probe : await client.page(q, skip);
      const page = fresh(results);
      if (page.length > 0) yield { results: page };
      full = results.length === NPPES_PAGE_SIZE;
      if (!full) break;
    }
    // The window was full and more is wanted: read the rest through narrower queries (their first records
    // repeat some of these, which `seen` drops), or say what could not be reached.
    if (full && seen.size < input.limit) {
      const children = splitQuery(q, input.stateZips);
      if (children.length > 0) queue.unshift(...children);
      else
        yield {
          results: [],
          note: `${describeQuery(q)} holds more than the ${NPPES_WINDOW.toLocaleString('en-US')} records the registry API lists for one query; the rest need the NPPES full file.`,
        };
    }
  }
}
