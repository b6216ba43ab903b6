import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { IMPORT_MESSAGES, type ImportJob, type ImportStats } from '@trust/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiOf,
  buildTestApp,
  eventually,
  expectEnvelope,
  login,
  one,
  type TestApp,
} from '../../../../test/helpers.ts';
import { zipOf } from '../../../../test/zip.ts';
import { nppesDeactivatedRow, nppesFileText } from '../../../adapters/registries/nppes-file-fixture.ts';
import { nppesPopulation } from '../../../adapters/registries/nppes-fixture.ts';
import { loadConfig } from '../../../config.ts';
import { lookupZip, zipsOfState } from '../directory/geography.ts';
import { requireFileConfigured } from './file-import.ts';

// Issue #18 item 1, the file path: the NPPES Downloadable File (a ZIP over HTTP, as CMS ships it), its
// deactivations and the Deactivated NPI Report, Care Compare's and HRSA's CSVs from a path — streamed, staged
// (COPY on PostgreSQL, batches on PGlite) and merged in one transaction; a truncated or malformed file fails the
// job with its line and merges nothing.

const cityOf = (zip: string) => lookupZip(zip)?.city ?? null;
const population = nppesPopulation(
  [
    { state: 'NV', taxonomy: 'Family Medicine', count: 200, zips: zipsOfState('NV'), cityOf },
    { state: 'NV', taxonomy: 'Pediatrics', count: 50, zips: zipsOfState('NV'), cityOf },
    { state: 'UT', taxonomy: 'Family Medicine', count: 80, zips: zipsOfState('UT'), cityOf },
  ],
  31,
);
const nvFamily = population.filter(
  (r) => r.addresses?.[1]?.state === 'NV' && r.taxonomies?.[0]?.desc === 'Family Medicine',
);

let t: TestApp;
let req: ReturnType<typeof apiOf>;
let operator: string;
let dir: string;
let fileServer: Server;
/** What the NPPES file URL serves now. */
let served: Buffer = Buffer.alloc(0);

function write(name: string, text: string): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}

const CARE_COMPARE = `NPI,Ind_PAC_ID,Provider Last Name,Provider First Name,Cred,pri_spec,Facility Name,adr_ln_1,adr_ln_2,City/Town,State,ZIP Code,Telephone Number
1003000126,1,ALVAREZ,ANA,MD,FAMILY PRACTICE,VALLEY CLINIC,100 MAIN ST,,RENO,NV,895011234,7755550100
1003000126,1,ALVAREZ,ANA,MD,FAMILY PRACTICE,VALLEY CLINIC,200 OAK AVE,SUITE 5,SPARKS,NV,89431,7755550101
1003000134,2,BROOKS,BEN,,PSYCHIATRY,,300 ELM ST,,RENO,NV,89502,7755550102
1003000142,3,CHEN,CHLOE,NP,FAMILY PRACTICE,,400 PINE ST,,LAS VEGAS,NV,89101,7025550103
`;

const HRSA = `Health Center Type,Site Name,Site Address,Site City,Site State Abbreviation,Site Postal Code,Site Telephone Number,Site Web Address,Site Status Description,FQHC Site NPI Number,Geocoding Artifact Address Primary X Coordinate,Geocoding Artifact Address Primary Y Coordinate
Federally Qualified Health Center (FQHC),CEDAR COMMUNITY HEALTH - NORTH,10 CEDAR ST,RENO,NV,89501,775-555-0110,cedarhealth.example.org,Active,1234567893,-119.8100,39.5300
Federally Qualified Health Center (FQHC),CEDAR COMMUNITY HEALTH - CLOSED,12 CEDAR ST,RENO,NV,89501,775-555-0111,,Inactive,1234567901,-119.8100,39.5300
Federally Qualified Health Center (FQHC),MESA MOBILE UNIT,1 MESA RD,ELKO,NV,89801,775-555-0112,,Active,,-115.7600,40.8300
`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-registry-files-'));
  fileServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/zip', 'content-length': served.length }).end(served);
  });
  await new Promise<void>((resolve) => fileServer.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(fileServer.address() as AddressInfo).port}/NPPES_Data_Dissemination.zip`;
  t = await buildTestApp({
    jobs: true,
    env: {
      NPPES_FILE_URL: url,
      NPPES_DEACTIVATION_FILE_URL: write('deactivations.csv', '"NPI","NPPES Deactivation Date"\n'),
      CARE_COMPARE_FILE_URL: write('DAC_NationalDownloadableFile.csv', CARE_COMPARE),
      HRSA_FILE_URL: write('Health_Center_Service_Delivery_and_LookAlike_Sites.csv', HRSA),
    },
  });
  req = apiOf(t);
  operator = await login(t.app, 'admin@trust.demo');
}, 120_000);

afterAll(async () => {
  await t?.close();
  fileServer?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function run(body: object): Promise<ImportJob> {
  const res = await req('POST', '/api/import/start', operator, undefined, body);
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { job_id: string }).job_id;
  return eventually(
    async () => {
      const job = (await req('GET', `/api/import/jobs/${id}`, operator)).json() as ImportJob;
      return ['completed', 'failed', 'cancelled'].includes(job.status) ? job : undefined;
    },
    60_000,
    'the file import to end',
  );
}

const registryCount = async () =>
  (await one<{ n: number }>(t, `SELECT count(*)::int AS n FROM providers WHERE npi IS NOT NULL`)).n;
const stagingTables = async () =>
  (
    await one<{ n: number }>(
      t,
      `SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'registry_staging_%'`,
    )
  ).n;

describe('the NPPES downloadable file', () => {
  it('imports a state from the monthly ZIP over HTTP: filtered by state and taxonomy, staged and merged', async () => {
    served = zipOf({
      'npidata_pfile_20261101-20261130_fileheader.csv': 'NPI\n',
      'npidata_pfile_20261101-20261130.csv': nppesFileText(population),
      'othername_pfile_20261101-20261130.csv': 'NPI,Provider Other Organization Name\n',
    });
    const job = await run({
      data_source: 'cms_nppes',
      method: 'file',
      states: ['NV'],
      limit: 1000,
      taxonomy: 'Family Medicine',
    });
    expect(job).toMatchObject({ status: 'completed', method: 'file', error: null });
    expect(job.progress).toMatchObject({
      providers_fetched: 200,
      providers_added: 200,
      providers_updated: 0,
    });
    expect(job.usage.bytes_downloaded).toBe(served.length);
    expect(job.usage.api_calls).toBe(0);
    expect(await registryCount()).toBe(200);
    const sample = await one<Record<string, unknown>>(
      t,
      `SELECT name, state, services, phone, latitude FROM providers WHERE npi = $1`,
      [String(nvFamily[0]!.number)],
    );
    expect(sample).toMatchObject({ state: 'NV' });
    expect(sample.services).toEqual(expect.arrayContaining(['Primary Care', 'Family Medicine']));
    expect(sample.phone).toMatch(/^\(\d{3}\) 555-\d{4}$/);
    expect(sample.latitude).not.toBeNull();
    expect(await stagingTables()).toBe(0);
  });

  it('takes at most the limit per state, and a second run confirms without changing', async () => {
    const job = await run({
      data_source: 'cms_nppes',
      method: 'file',
      states: ['NV', 'UT'],
      limit: 100,
      taxonomy: 'Family Medicine',
    });
    expect(job.progress).toMatchObject({
      providers_fetched: 180,
      providers_added: 80,
      providers_skipped: 100,
    });
  });

  it('a truncated file fails with its line and merges nothing', async () => {
    const text = nppesFileText(population);
    served = Buffer.from(text.slice(0, Math.floor(text.length * 0.6)));
    const before = await registryCount();
    const job = await run({
      data_source: 'cms_nppes',
      method: 'file',
      states: ['UT', 'NV'],
      limit: 1000,
      taxonomy: 'Pediatrics',
    });
    expect(job.status).toBe('failed');
    expect(job.error).toMatch(
      /^Line \d+ (has \d+ fields where the header has 330: the file is truncated or malformed|has a quote left open)\.$/,
    );
    expect(await registryCount()).toBe(before);
    expect(await stagingTables()).toBe(0);
  });

  it('a malformed line (a field more) fails with that line number', async () => {
    const lines = nppesFileText(population).split('\n');
    lines[120] = `${lines[120]},"extra"`;
    served = Buffer.from(lines.join('\n'));
    const job = await run({
      data_source: 'cms_nppes',
      method: 'file',
      states: ['NV'],
      limit: 1000,
      taxonomy: 'Pediatrics',
    });
    expect(job.status).toBe('failed');
    expect(job.error).toBe(
      'Line 121 has 331 fields where the header has 330: the file is truncated or malformed.',
    );
  });

  it('a file that is not the NPPES file is refused by the column it lacks', async () => {
    served = Buffer.from('name,zip\nA,89501\n');
    const job = await run({ data_source: 'cms_nppes', method: 'file', states: ['NV'], limit: 1000 });
    expect(job.error).toBe("The file has no column 'NPI': it is not the expected registry file.");
  });
});

describe('deactivation', () => {
  it("the full file's deactivated rows and the Deactivated NPI Report take NPIs out of search and matching", async () => {
    const [first, second] = nvFamily.map((r) => String(r.number));
    const stats = async () => (await req('GET', '/api/import/stats', operator)).json() as ImportStats;
    const before = await stats();
    // The weekly file lists the first NPI as deactivated (death).
    served = Buffer.from(nppesFileText(population, [nppesDeactivatedRow(first!, '11/20/2026', 'DT')]));
    const weekly = await run({
      data_source: 'cms_nppes',
      method: 'file',
      states: ['NV'],
      limit: 1000,
      taxonomy: 'Family Medicine',
    });
    expect(weekly.progress.providers_deactivated).toBe(1);
    const gone = await one<Record<string, unknown>>(
      t,
      `SELECT registry_status, deactivation_reason, to_char(deactivated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS at, zip_code, name
         FROM providers WHERE npi = $1`,
      [first],
    );
    expect(gone).toMatchObject({
      registry_status: 'deactivated',
      deactivation_reason: 'Death',
      at: '2026-11-20',
    });
    const search = await req(
      'GET',
      `/directory/search/by-zip?zip_code=${gone.zip_code}&radius_miles=50`,
      null,
    );
    expect(
      search.json().providers.some((p: { organization_name: string }) => p.organization_name === gone.name),
    ).toBe(false);

    // The report names the second.
    fs.writeFileSync(
      t.app.deps.config.registryFiles.nppesDeactivations!,
      `"NPI","NPPES Deactivation Date"\n"${second}","11/21/2026"\n"9999999991","11/21/2026"\n`,
    );
    const report = await run({
      data_source: 'cms_nppes',
      method: 'deactivations',
      states: ['NV'],
      limit: 1000,
    });
    expect(report).toMatchObject({ status: 'completed', method: 'deactivations' });
    expect(report.progress.providers_deactivated).toBe(1);
    expect((await stats()).total_providers).toBe(before.total_providers - 2);
  });
});

describe('Care Compare and HRSA', () => {
  it('Care Compare: one provider per NPI (its first address listed), the taxonomy filter, Medicare accepted', async () => {
    const job = await run({
      data_source: 'cms_care_compare',
      states: ['NV'],
      limit: 1000,
      taxonomy: 'Family Medicine',
    });
    expect(job).toMatchObject({ status: 'completed', method: 'file' });
    expect(job.progress.providers_fetched).toBe(2);
    const ana = await one<Record<string, unknown>>(
      t,
      `SELECT name, city, accepts_medicare, services, data_source FROM providers WHERE npi = '1003000126'`,
    );
    expect(ana).toMatchObject({
      name: 'Ana Alvarez, MD',
      accepts_medicare: true,
      data_source: 'cms_care_compare',
    });
    expect(ana.services).toEqual(expect.arrayContaining(['Primary Care']));
    expect(await one(t, `SELECT count(*)::int AS n FROM providers WHERE npi = '1003000134'`)).toEqual({
      n: 0,
    });
  });

  it('HRSA: active sites with their own coordinates, Medicaid accepted; a site without an NPI is refused', async () => {
    const job = await run({ data_source: 'hrsa', states: ['NV'], limit: 1000 });
    expect(job).toMatchObject({ status: 'completed', taxonomy: null });
    expect(job.progress).toMatchObject({ providers_fetched: 2, providers_added: 1, providers_refused: 1 });
    const site = await one<Record<string, unknown>>(
      t,
      `SELECT name, latitude, longitude, accepts_medicaid, services, website FROM providers WHERE npi = '1234567893'`,
    );
    expect(site).toMatchObject({
      name: 'Cedar Community Health - North',
      latitude: 39.53,
      longitude: -119.81,
      accepts_medicaid: true,
      website: 'cedarhealth.example.org',
    });
    expect(site.services).toEqual(expect.arrayContaining(['FQHC', 'Primary Care']));
  });

  it('the API is refused for a file-only source, and a file not configured is a 422 naming its variable', async () => {
    const res = await req('POST', '/api/import/start', operator, undefined, {
      data_source: 'hrsa',
      method: 'api',
      states: ['NV'],
      limit: 1000,
    });
    expect(JSON.stringify(expectEnvelope(res, 400))).toContain('hrsa imports from its file only.');
    expect(() => requireFileConfigured(loadConfig({}), 'cms_care_compare', 'file')).toThrow(
      IMPORT_MESSAGES.fileNotConfigured('CARE_COMPARE_FILE_URL'),
    );
    expect(() => requireFileConfigured(loadConfig({}), 'cms_nppes', 'api')).not.toThrow();
  });
});
