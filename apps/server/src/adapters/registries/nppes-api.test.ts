import { afterEach, describe, expect, it } from 'vitest';
import {
  fetchStateFromNppes,
  NPPES_WINDOW,
  NppesApiClient,
  type NppesApiOptions,
  splitQuery,
} from './nppes-api.ts';
import { fixtureNpi, npiCheckDigit, nppesPopulation } from './nppes-fixture.ts';
import { fromNppesResult } from './nppes-json.ts';
import { type RegistryFixtureServer, startRegistryFixtureServer } from './registry-fixture-server.ts';
import { RegistryFormatError, RegistryUnavailableError } from './registry-provider.ts';

// A made-up state with 300 ZIPs over three 3-digit prefixes (100–199 in each).
const ZIPS = ['910', '911', '912'].flatMap((p) =>
  Array.from({ length: 100 }, (_, i) => `${p}${String(i).padStart(2, '0')}`),
);

let server: RegistryFixtureServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function client(url: string, extra: Partial<NppesApiOptions> = {}) {
  let calls = 0;
  let bytes = 0;
  const c = new NppesApiClient({
    baseUrl: url,
    minIntervalMs: 0,
    retries: 2,
    backoffMs: 5,
    timeoutMs: 5_000,
    onCall: (b) => {
      calls++;
      bytes += b;
    },
    ...extra,
  });
  return { c, usage: () => ({ calls, bytes }) };
}

async function collect(gen: AsyncGenerator<{ results: { number: string | number }[]; note?: string }>) {
  const npis: string[] = [];
  const notes: string[] = [];
  for await (const page of gen) {
    npis.push(...page.results.map((r) => String(r.number)));
    if (page.note) notes.push(page.note);
  }
  return { npis, notes };
}

describe('NPPES numbers', () => {
  it('computes the check digit CMS specifies (Luhn over 80840 and the base)', () => {
    // CMS's worked example: 123456789 → check digit 3.
    expect(npiCheckDigit('123456789')).toBe(3);
    expect(fixtureNpi(1)).toMatch(/^\d{10}$/);
    expect(new Set(Array.from({ length: 500 }, (_, i) => fixtureNpi(i))).size).toBe(500);
  });
});

describe('NPPES API fixture server: the registry limits', () => {
  it('refuses more than 200 a call, a skip over 1,000, a short wildcard and a state alone, as the registry does', async () => {
    server = await startRegistryFixtureServer(
      nppesPopulation([{ state: 'ZZ', taxonomy: 'Pediatrics', count: 10, zips: ZIPS }]),
    );
    const ask = async (qs: string) => (await fetch(`${server!.url}?version=2.1&${qs}`)).json();
    expect(await ask('state=ZZ&taxonomy_description=Pediatrics&limit=201')).toMatchObject({
      Errors: [{ field: 'limit' }],
    });
    expect(await ask('state=ZZ&taxonomy_description=Pediatrics&limit=200&skip=1001')).toMatchObject({
      Errors: [{ field: 'skip' }],
    });
    expect(await ask('state=ZZ&postal_code=9*&limit=10')).toMatchObject({
      Errors: [{ field: 'postal_code' }],
    });
    expect(await ask('state=ZZ&limit=10')).toMatchObject({ Errors: [{ field: 'state' }] });
    expect(await ask('state=ZZ&taxonomy_description=Pediatrics&limit=200')).toMatchObject({
      result_count: 10,
    });
  });
});

describe('fetchStateFromNppes', () => {
  it('reads a small state with one query, page by page, stopping at the limit', async () => {
    server = await startRegistryFixtureServer(
      nppesPopulation([{ state: 'ZZ', taxonomy: 'Family Medicine', count: 450, zips: ZIPS }]),
    );
    const { c, usage } = client(server.url);
    const all = await collect(
      fetchStateFromNppes(c, { state: 'ZZ', taxonomy: 'Family Medicine', limit: 1000, stateZips: ZIPS }),
    );
    expect(all.npis).toHaveLength(450);
    expect(usage().calls).toBe(3); // 200 + 200 + 50
    for (const q of server.queries) {
      expect(Number(q.get('limit'))).toBeLessThanOrEqual(200);
      expect(q.get('address_purpose')).toBe('LOCATION');
    }
    const few = await collect(
      fetchStateFromNppes(c, { state: 'ZZ', taxonomy: 'Family Medicine', limit: 300, stateZips: ZIPS }),
    );
    expect(few.npis).toHaveLength(300);
  });

  it('splits a state over the 1,200-record window by ZIP prefix until every query fits, and gets every NPI once', async () => {
    // 4,000 providers crowded into the first ZIPs: the state, its first prefixes and some ZIPs overflow.
    const population = nppesPopulation([
      { state: 'ZZ', taxonomy: 'Family Medicine', count: 4_000, zips: ZIPS },
    ]);
    server = await startRegistryFixtureServer(population);
    const { c } = client(server.url);
    const got = await collect(
      fetchStateFromNppes(c, { state: 'ZZ', taxonomy: 'Family Medicine', limit: 10_000, stateZips: ZIPS }),
    );
    expect(new Set(got.npis).size).toBe(got.npis.length);
    // The densest ZIP holds ~600 (under the window), so every NPI is reachable, and none was left out.
    expect(got.npis.sort()).toEqual(population.map((r) => String(r.number)).sort());
    expect(got.notes).toEqual([]);
    // Every skip within the registry's bounds, and queries down to 4-digit prefixes were needed.
    for (const q of server.queries) expect(Number(q.get('skip'))).toBeLessThanOrEqual(1000);
    const postal = server.queries.map((q) => q.get('postal_code') ?? '');
    expect(postal.some((p) => p.endsWith('*') && p.length === 5)).toBe(true);
  });

  it('reads every NPI of a state too big for one query when no ZIP overflows', async () => {
    // Spread evenly (many ZIPs): each 3-digit prefix holds ~833, under the window.
    const even = ZIPS.map((z) => z);
    const population = nppesPopulation(
      [{ state: 'ZZ', taxonomy: 'Pediatrics', count: 2_500, zips: even }],
      7,
    ).map((r, i) => ({
      ...r,
      addresses: r.addresses!.map((a) => ({ ...a, postal_code: `${ZIPS[i % ZIPS.length]}0000` })),
    }));
    server = await startRegistryFixtureServer(population);
    const { c, usage } = client(server.url);
    const got = await collect(
      fetchStateFromNppes(c, { state: 'ZZ', taxonomy: 'Pediatrics', limit: 10_000, stateZips: ZIPS }),
    );
    expect(got.npis.sort()).toEqual(population.map((r) => String(r.number)).sort());
    expect(got.notes).toEqual([]);
    // The probe at skip 1,000 found the state over its window, so it split before reading any page of it.
    expect(server.queries[0]!.get('skip')).toBe('1000');
    expect(server.queries[1]!.get('postal_code')).toBe('910*');
    expect(usage().calls).toBeLessThan(30);
  });

  it('says what one ZIP holds beyond the window when nothing is left to split on', async () => {
    const population = nppesPopulation([
      { state: 'ZZ', taxonomy: 'Cardiology', count: 2_000, zips: ['91000'], organizationShare: 0 },
    ]);
    server = await startRegistryFixtureServer(population);
    const { c } = client(server.url);
    const got = await collect(
      fetchStateFromNppes(c, { state: 'ZZ', taxonomy: 'Cardiology', limit: 5_000, stateZips: ['91000'] }),
    );
    expect(got.npis).toHaveLength(NPPES_WINDOW);
    expect(got.notes).toEqual([
      'ZZ Cardiology ZIP 91000 NPI-1 holds more than the 1,200 records the registry API lists for one query; the rest need the NPPES full file.',
    ]);
  });
});

describe('NppesApiClient', () => {
  it('retries 429 and 5xx answers with backoff, then answers', async () => {
    server = await startRegistryFixtureServer(
      nppesPopulation([{ state: 'ZZ', taxonomy: 'Pediatrics', count: 5, zips: ZIPS }]),
    );
    server.failNext(2, 503);
    const { c, usage } = client(server.url);
    const page = await c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 0);
    expect(page).toHaveLength(5);
    expect(usage().calls).toBe(3);
  });

  it('gives up after its retries with a recorded reason', async () => {
    server = await startRegistryFixtureServer([]);
    server.failNext(10, 429);
    const { c } = client(server.url);
    await expect(c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 0)).rejects.toThrow(
      RegistryUnavailableError,
    );
    await expect(c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 0)).rejects.toThrow(
      /after 3 tries \(last: HTTP 429\)/,
    );
  });

  it("turns the registry's refusal into an error naming it, without retrying", async () => {
    server = await startRegistryFixtureServer([]);
    const { c, usage } = client(server.url);
    await expect(c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 1200)).rejects.toThrow(RegistryFormatError);
    expect(usage().calls).toBe(1);
  });

  it('keeps the least interval between calls', async () => {
    server = await startRegistryFixtureServer([]);
    const { c } = client(server.url, { minIntervalMs: 60 });
    const started = Date.now();
    for (let i = 0; i < 4; i++) await c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(180);
  });

  it('stops at once when its signal aborts, even mid-call', async () => {
    server = await startRegistryFixtureServer([]);
    server.setDelay(5_000);
    const abort = new AbortController();
    const { c } = client(server.url, { signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    const started = Date.now();
    await expect(c.page({ state: 'ZZ', taxonomy: 'Pediatrics' }, 0)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('splitQuery', () => {
  it('goes 3 digits, 4, 5, then NPI type, then gives up', () => {
    const zips = ['91000', '91001', '91010', '92000'];
    expect(splitQuery({ state: 'ZZ', taxonomy: 'X' }, zips).map((q) => q.postalCode)).toEqual(['910', '920']);
    expect(
      splitQuery({ state: 'ZZ', taxonomy: 'X', postalCode: '910' }, zips).map((q) => q.postalCode),
    ).toEqual(['9100', '9101']);
    expect(
      splitQuery({ state: 'ZZ', taxonomy: 'X', postalCode: '9100' }, zips).map((q) => q.postalCode),
    ).toEqual(['91000', '91001']);
    expect(
      splitQuery({ state: 'ZZ', taxonomy: 'X', postalCode: '91000' }, zips).map((q) => q.enumerationType),
    ).toEqual(['NPI-1', 'NPI-2']);
    expect(
      splitQuery({ state: 'ZZ', taxonomy: 'X', postalCode: '91000', enumerationType: 'NPI-1' }, zips),
    ).toEqual([]);
  });
});

describe('fromNppesResult', () => {
  it('reads an individual and an organization, the practice location and the primary taxonomy first', () => {
    const [person] = nppesPopulation([
      { state: 'ZZ', taxonomy: 'Psychiatry', count: 1, zips: ['91000'], organizationShare: 0 },
    ]);
    const p = fromNppesResult({
      ...person!,
      taxonomies: [
        { code: '261QM0801X', desc: 'Mental Health', primary: false },
        { code: '2084P0800X', desc: 'Psychiatry', primary: true },
      ],
    });
    expect(p).toMatchObject({ kind: 'individual', npi: String(person!.number), source: 'cms_nppes' });
    expect(p.name).toMatch(/^[A-Z]+ [A-Z]+, MD$/);
    expect(p.taxonomies[0]).toEqual({ code: '2084P0800X', description: 'Psychiatry' });
    expect(p.location?.state).toBe('ZZ');
    const org = fromNppesResult({
      number: '1234567893',
      enumeration_type: 'NPI-2',
      basic: { organization_name: 'CEDAR CLINIC' },
    });
    expect(org).toMatchObject({ kind: 'organization', name: 'CEDAR CLINIC', location: null, taxonomies: [] });
  });
});
