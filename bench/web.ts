import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { freePort } from '../scripts/lib/processes.ts';
import {
  machine,
  percentile,
  positiveInt,
  printColumns,
  ROOT,
  round,
  runBench,
  startServer,
  tempDir,
} from './lib.ts';

/**
 * Issue #13 item 9, "fast on a phone": what a phone downloads before the first paint and what Lighthouse's mobile
 * preset says, for the built web app served by the real server (fresh PGlite demo data, as a visitor).
 *
 *   npm run bench:web                                   # this checkout, apps/web/dist (run `npm run build` first)
 *   npm run bench:web -- --root /work/before            # another checkout (its own build and server)
 *   npm run bench:web -- --dist path/to/dist --runs 5 --json out.json --reports dir
 *
 * Gzip sizes are computed here (zlib level 9) from the built files, so two builds compare whatever the server
 * sends; "sent" is what the browser actually received (Lighthouse's transfer sizes), where the server's own
 * compression shows. Lighthouse runs `--runs` times per page (3 by default, BENCH_WEB_RUNS), the pages
 * alternating, and each figure is the median of its runs: the machine is shared and its CPU time is noisy.
 */

const ROUTES = ['/', '/livefeed'];
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

type Options = { root: string; dist: string; runs: number; json?: string; reports?: string };

function parseArgs(argv: string[]): Options {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    if (i < 0) return undefined;
    const v = argv[i + 1];
    if (!v || v.startsWith('--')) {
      console.error(`${name} needs a value`);
      process.exit(2);
    }
    return v;
  };
  // npm runs the script inside bench/: paths given on the command line are relative to where it was typed.
  const cwd = process.env.INIT_CWD ?? process.cwd();
  const root = path.resolve(cwd, value('--root') ?? ROOT);
  const runsArg = value('--runs');
  const runs = runsArg ? Number(runsArg) : positiveInt('BENCH_WEB_RUNS', 3);
  if (!Number.isInteger(runs) || runs <= 0) {
    console.error(`--runs must be a positive integer (got "${runsArg}")`);
    process.exit(2);
  }
  return {
    root,
    dist: path.resolve(cwd, value('--dist') ?? path.join(root, 'apps/web/dist')),
    runs,
    json: value('--json') && path.resolve(cwd, value('--json')!),
    reports: value('--reports') && path.resolve(cwd, value('--reports')!),
  };
}

const gzipCache = new Map<string, number>();
/** Gzip bytes (level 9) of a built file, by its path under dist. */
function gzipBytes(dist: string, file: string): number {
  const full = path.join(dist, file);
  let size = gzipCache.get(full);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(full), { level: 9 }).length;
    gzipCache.set(full, size);
  }
  return size;
}

/** The scripts index.html makes the browser fetch before anything runs: the entry and its modulepreloads. */
function initialScripts(dist: string): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isEntry = tag.startsWith('<script') && /type="module"/.test(tag);
    const isPreload = tag.startsWith('<link') && /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if ((isEntry || isPreload) && url) files.push(url.replace(/^\//, ''));
  }
  return files;
}

type ManifestChunk = { file: string; src?: string; isDynamicEntry?: boolean; imports?: string[] };

/**
 * Every lazily loaded module (a screen, or a heavy library a screen loads on demand) with what it costs on top
 * of the initial scripts: its chunk and the shared chunks it imports that are not loaded yet. Named from Vite's
 * manifest when the build writes one, else by file name.
 */
function lazyChunks(dist: string, initial: string[]) {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  const loaded = new Set(initial);
  if (fs.existsSync(manifestPath)) {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const closure = (key: string, seen: Set<string>) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(chunk.file)) return;
      seen.add(chunk.file);
      for (const imported of chunk.imports ?? []) closure(imported, seen);
    };
    return Object.entries(manifest)
      .filter(([, c]) => c.isDynamicEntry)
      .map(([key, c]) => {
        const files = new Set<string>();
        closure(key, files);
        const extra = [...files].filter((f) => !loaded.has(f));
        return {
          name: c.src ?? key,
          chunk_gzip: gzipBytes(dist, c.file),
          with_imports_gzip: extra.reduce((sum, f) => sum + gzipBytes(dist, f), 0),
        };
      })
      .sort((a, b) => b.with_imports_gzip - a.with_imports_gzip);
  }
  return fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js') && !loaded.has(`assets/${f}`))
    .map((f) => {
      const size = gzipBytes(dist, `assets/${f}`);
      return { name: f, chunk_gzip: size, with_imports_gzip: size };
    })
    .sort((a, b) => b.with_imports_gzip - a.with_imports_gzip);
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse; stopped by the returned function. */
async function startChromium(): Promise<{ port: number; stop: () => void }> {
  const port = await freePort();
  const profile = tempDir('tm-bench-chromium-');
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
  // Its own process group (the Debian launcher is a shell script): stopped as a group, by its id.
  const stop = () => {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  process.on('exit', stop);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${CHROMIUM} exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`, {
        signal: AbortSignal.timeout(1_000),
      });
      if (res.ok) return { port, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  stop();
  throw new Error(`${CHROMIUM} did not open its DevTools port within 30 s`);
}

type Run = {
  performance: number;
  accessibility: number;
  lcp_ms: number;
  cls: number;
  tbt_ms: number;
  fcp_ms: number;
  scripts: string[];
  scripts_sent_bytes: number;
  failing_accessibility: string[];
  /** Lighthouse's measure of this machine's speed at the time (a 2020s desktop is about 1 000–2 000). */
  benchmark_index: number;
};

type NetworkItem = { url: string; resourceType?: string; transferSize?: number };

async function lighthouseRun(url: string, port: number, reports?: string, label?: string): Promise<Run> {
  // The default config is Lighthouse's mobile preset: a mid-range phone's screen, 4× CPU slowdown and a slow
  // 4G network, simulated from the observed load.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  if (reports && label) {
    fs.mkdirSync(reports, { recursive: true });
    fs.writeFileSync(path.join(reports, `${label}.json`), JSON.stringify(lhr));
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const network =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const scripts = network.filter((r) => r.resourceType === 'Script' && r.url.startsWith(new URL(url).origin));
  const accessibility = lhr.categories.accessibility;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((accessibility?.score ?? 0) * 100),
    lcp_ms: numeric('largest-contentful-paint'),
    cls: numeric('cumulative-layout-shift'),
    tbt_ms: numeric('total-blocking-time'),
    fcp_ms: numeric('first-contentful-paint'),
    scripts: scripts.map((r) => new URL(r.url).pathname.replace(/^\//, '')),
    scripts_sent_bytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
    failing_accessibility: (accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} (${lhr.audits[ref.id]?.title})`),
  };
}

/**
 * Lighthouse now and then fails to record a load on a busy machine ("NO_NAVSTART", a protocol timeout): such a
 * run is tried again, twice at most; a run that gives figures is never repeated.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= 3) throw err;
      process.stderr.write(`(${err instanceof Error ? err.message : err}; again) `);
    }
  }
}

const median = (values: number[]) => percentile(values, 50);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main() {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.join(options.dist, 'index.html'))) {
    throw new Error(`${options.dist}/index.html is missing: build the web app first (npm run build)`);
  }
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (apt-get install chromium)`);

  const initial = initialScripts(options.dist);
  const initialGzip = initial.reduce((sum, f) => sum + gzipBytes(options.dist, f), 0);
  const lazy = lazyChunks(options.dist, initial);

  const server = await startServer({ WEB_DIST_DIR: options.dist }, options.root);
  const chromium = await startChromium();
  const runs = new Map<string, Run[]>(ROUTES.map((r) => [r, []]));
  try {
    for (let i = 1; i <= options.runs; i++) {
      for (const route of ROUTES) {
        process.stderr.write(`  lighthouse ${route} run ${i}/${options.runs}… `);
        const label = `${route === '/' ? 'home' : route.slice(1)}-${i}`;
        const run = await withRetries(() =>
          lighthouseRun(`${server.base}${route}`, chromium.port, options.reports, label),
        );
        const load = os.loadavg()[0]!.toFixed(1);
        process.stderr.write(
          `performance ${run.performance}, LCP ${Math.round(run.lcp_ms)} ms, TBT ${Math.round(run.tbt_ms)} ms ` +
            `(benchmark index ${run.benchmark_index}, load ${load})\n`,
        );
        runs.get(route)!.push(run);
      }
    }
  } finally {
    chromium.stop();
  }

  const routes = ROUTES.map((route) => {
    const list = runs.get(route)!;
    const scripts = [...new Set(list.flatMap((r) => r.scripts))].filter((f) =>
      fs.existsSync(path.join(options.dist, f)),
    );
    return {
      route,
      initial_js_gzip: initialGzip,
      route_js_gzip: scripts.reduce((sum, f) => sum + gzipBytes(options.dist, f), 0),
      route_js_sent: median(list.map((r) => r.scripts_sent_bytes)),
      performance: median(list.map((r) => r.performance)),
      accessibility: median(list.map((r) => r.accessibility)),
      lcp_ms: Math.round(median(list.map((r) => r.lcp_ms))),
      cls: round(median(list.map((r) => r.cls)), 3),
      tbt_ms: Math.round(median(list.map((r) => r.tbt_ms))),
      fcp_ms: Math.round(median(list.map((r) => r.fcp_ms))),
      performance_runs: list.map((r) => r.performance),
      benchmark_index: median(list.map((r) => r.benchmark_index)),
      failing_accessibility: [...new Set(list.flatMap((r) => r.failing_accessibility))],
    };
  });

  console.log(`\nweb app: ${options.dist}`);
  console.log(`initial JavaScript (index.html entry + modulepreloads), gzip -9: ${kb(initialGzip)}`);
  for (const f of initial) console.log(`  ${f}  ${kb(gzipBytes(options.dist, f))}`);
  console.log(`\nLighthouse ${lighthouseVersion()} mobile preset, median of ${options.runs} runs per page:`);
  // The preset slows the CPU 4× from what it observes: on a busy or slow machine TBT and LCP grow with it.
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const index = routes.map((r) => r.benchmark_index).join(' / ');
  console.log(`machine: benchmark index ${index}, load average ${load} on ${os.cpus().length} CPUs\n`);
  printColumns(
    [
      'route',
      'initial JS gz',
      'route JS gz',
      'JS sent',
      'perf',
      'a11y',
      'LCP ms',
      'CLS',
      'TBT ms',
      'FCP ms',
      'perf runs',
    ],
    routes.map((r) => [
      r.route,
      kb(r.initial_js_gzip),
      kb(r.route_js_gzip),
      kb(r.route_js_sent),
      String(r.performance),
      String(r.accessibility),
      String(r.lcp_ms),
      r.cls.toFixed(3),
      String(r.tbt_ms),
      String(r.fcp_ms),
      r.performance_runs.join(' '),
    ]),
  );
  for (const r of routes) {
    if (r.failing_accessibility.length) {
      console.log(`\naccessibility audits failing on ${r.route}:`);
      for (const a of r.failing_accessibility) console.log(`  ${a}`);
    }
  }
  console.log(`\nlazy chunks (${lazy.length}), gzip -9: the chunk / with the shared chunks it adds`);
  printColumns(
    ['module', 'chunk', 'with imports'],
    lazy.map((c) => [c.name, kb(c.chunk_gzip), kb(c.with_imports_gzip)]),
  );

  if (options.json) {
    const out = { machine: machine(), options, initial, initial_js_gzip: initialGzip, routes, lazy };
    fs.writeFileSync(options.json, `${JSON.stringify(out, null, 2)}\n`);
    console.error(`bench: figures written to ${options.json}`);
  }
}

function lighthouseVersion(): string {
  const pkg = path.join(ROOT, 'node_modules/lighthouse/package.json');
  return fs.existsSync(pkg) ? (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version : '';
}

await runBench(main);
