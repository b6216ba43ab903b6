import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Child, freePort, startChild, stopChild, waitForHttp } from '../scripts/lib/processes.ts';
import { JOURNEYS } from './journeys/index.ts';
import type { Journey } from './journeys/types.ts';
import { type Browser, CHROMIUM_PATH, openBrowser } from './lib/browser.ts';
import { startRegistry } from './lib/registry.ts';

/**
 * Browser journeys: Debian's Chromium (driven by playwright-core) against the built web app, served by a real
 * server started here on a free port with a fresh embedded database (PGlite) and the demo data.
 *
 * DATABASE_URL is deliberately NOT passed to the server: the journeys test the browser and the app, not the
 * database driver (the API tests run on both databases), and a throwaway embedded database needs no cleanup.
 *
 * Ends with one line `N passed, N failed` (`, N skipped` when some were skipped); exits non-zero on a failure.
 * Env: E2E_ONLY=name[,name] runs only those journeys; E2E_SHOW_SERVER=1 echoes the server's output.
 */

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const ARTIFACTS = path.join(HERE, '.artifacts');
const JOURNEY_TIMEOUT_MS = 90_000;
const CI = process.env.CI === 'true';

const children: Child[] = [];
const tempDirs: string[] = [];

const closers: (() => Promise<void>)[] = [];

async function cleanUp() {
  await Promise.allSettled(children.map((c) => stopChild(c)));
  await Promise.allSettled(closers.map((close) => close()));
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
}

function selectJourneys(): Journey[] {
  const only = process.env.E2E_ONLY?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!only?.length) return JOURNEYS;
  const unknown = only.filter((name) => !JOURNEYS.some((j) => j.name === name));
  if (unknown.length) {
    console.error(`E2E_ONLY names unknown journeys: ${unknown.join(', ')}`);
    console.error(`known: ${JOURNEYS.map((j) => j.name).join(', ')}`);
    process.exit(2);
  }
  return JOURNEYS.filter((j) => only.includes(j.name));
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runJourney(journey: Journey, baseURL: string, password: string): Promise<boolean> {
  const started = Date.now();
  let browser: Browser | undefined;
  try {
    browser = await openBrowser(baseURL);
    await withTimeout(
      journey.run({ page: browser.page, password, baseURL }),
      journey.timeoutMs ?? JOURNEY_TIMEOUT_MS,
      journey.name,
    );
    console.log(`  ✔ ${journey.name}: ${journey.title} (${Date.now() - started} ms)`);
    return true;
  } catch (err) {
    console.log(`  ✘ ${journey.name}: ${journey.title} (${Date.now() - started} ms)`);
    console.log(`      ${(err instanceof Error ? err.message : String(err)).split('\n').join('\n      ')}`);
    if (browser) {
      console.log(`      at ${browser.page.url()}`);
      for (const problem of browser.problems.slice(-10)) console.log(`      ${problem}`);
      try {
        fs.mkdirSync(ARTIFACTS, { recursive: true });
        const file = path.join(ARTIFACTS, `${journey.name}.png`);
        await browser.page.screenshot({ path: file, fullPage: true, timeout: 10_000 });
        console.log(`      screenshot: ${path.relative(process.cwd(), file)}`);
      } catch (shotErr) {
        console.log(`      (no screenshot: ${shotErr instanceof Error ? shotErr.message : shotErr})`);
      }
    }
    return false;
  } finally {
    await browser?.close();
  }
}

async function main(): Promise<number> {
  const journeys = selectJourneys();

  if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    console.error(`The web app is not built (${path.relative(ROOT, WEB_DIST)}/index.html is missing).`);
    console.error('Run `npm run build` (or `npm run e2e`, which builds first) and try again.');
    return 1;
  }

  if (!fs.existsSync(CHROMIUM_PATH)) {
    console.log(`Browser tier skipped: no Chromium at ${CHROMIUM_PATH}.`);
    console.log("Install Debian's Chromium with `apt-get install -y chromium` (or set CHROMIUM_PATH).");
    if (CI) {
      console.log('CI=true: a skipped browser tier counts as a failure.');
      console.log(`0 passed, ${journeys.length} failed`);
      return 1;
    }
    console.log(`0 passed, 0 failed, ${journeys.length} skipped`);
    return 0;
  }

  fs.rmSync(ARTIFACTS, { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tm-e2e-data-'));
  tempDirs.push(dataDir);
  const password = `E2e-${randomBytes(6).toString('hex')}!`;
  const port = await freePort();
  const registry = await startRegistry();
  closers.push(registry.close);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'on',
    DEMO_PASSWORD: password,
    LOG_LEVEL: process.env.E2E_SHOW_SERVER ? 'info' : 'warn',
    WEB_DIST_DIR: WEB_DIST,
    // The web-form journey serves the provider's form on loopback (the default refuses private addresses).
    WEB_FORM_ALLOW_PRIVATE_HOSTS: 'true',
    // The import journey's NPPES registry (e2e/lib/registry.ts), paced by its own answers; a priced API call so
    // the Analytics tab has costs to show (the real registry is free: the default price is 0).
    NPPES_API_URL: registry.url,
    NPPES_API_MIN_INTERVAL_MS: '0',
    IMPORT_COST_PER_API_CALL: '0.01',
  };
  delete env.DATABASE_URL;

  console.log(`e2e: starting the server on :${port} (PGlite, fresh demo data)…`);
  const server = startChild('server', ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    echo: Boolean(process.env.E2E_SHOW_SERVER),
  });
  children.push(server);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseURL}/health`, server, 300_000);
  console.log(`e2e: server ready; ${journeys.length} journeys in Chromium (${CHROMIUM_PATH})`);

  let passed = 0;
  let failed = 0;
  for (const journey of journeys) {
    if (await runJourney(journey, baseURL, password)) passed++;
    else failed++;
  }
  if (failed > 0 && !process.env.E2E_SHOW_SERVER) {
    console.log('\nlast server output:');
    console.log(server.tail() || '  (none)');
  }
  console.log('');
  console.log(`${passed} passed, ${failed} failed`);
  return failed > 0 ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(`e2e failed to run: ${err instanceof Error ? err.message : err}`);
  console.log(`0 passed, ${JOURNEYS.length} failed`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
