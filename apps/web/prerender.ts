import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rollup } from 'vite';
import { type LayoutBand, PHONE_QUERY, TABLET_QUERY, WIDE_QUERY } from './src/app/layout/layout-bands.ts';
import {
  APP_SCRIPTS_ID,
  DRAWN_ATTRIBUTE,
  PRERENDER_CLASS,
  PRERENDER_OFF_CLASS,
} from './src/prerender/prerender-classes.ts';

/** The layout bands of src/app/layout/use-layout-band.ts: each drawing shows by its band's media query. */
const BANDS = {
  phone: { band: { wide: false, phone: true }, query: PHONE_QUERY },
  tablet: { band: { wide: false, phone: false }, query: TABLET_QUERY },
  wide: { band: { wide: true, phone: false }, query: WIDE_QUERY },
} satisfies Record<string, { band: LayoutBand; query: string }>;
type Band = keyof typeof BANDS;

/**
 * The page's own style for its drawings: only the current band's shows, none when the boot script says the
 * drawing is not this reader's (src/boot/start-page.ts). In the page, not the app's stylesheet: the pages
 * without drawings need none of it.
 */
const BAND_STYLE = [
  `.${PRERENDER_CLASS}{display:none}`,
  ...Object.entries(BANDS).map(
    ([name, { query }]) => `@media ${query}{.${PRERENDER_CLASS}[data-band="${name}"]{display:block}}`,
  ),
  `.${PRERENDER_OFF_CLASS} .${PRERENDER_CLASS}{display:none}`,
].join('');

/**
 * The pages drawn ahead, by file under `dist/screens/` (the server sends `screens/<name>.html` for its path,
 * apps/server/src/platform/static.ts): for each band, the route a visitor with no stored tab sees there.
 * At `/` that is livefeed below 1024 px and the landing page above (003 §2.1 start rules).
 */
const SCREENS: Record<string, Record<Band, string>> = {
  home: { phone: '/livefeed', tablet: '/livefeed', wide: '/' },
  livefeed: { phone: '/livefeed', tablet: '/livefeed', wide: '/livefeed' },
};

type DrawScreen = (route: string, band: LayoutBand) => Promise<string>;

/**
 * Issue #13 "fast on a phone": `/` and `/livefeed` measured 80 on Lighthouse's phone because nothing showed until
 * the app's two seconds of script had run. Here, after the build, the visitor's screen is drawn with the app's
 * own components (React on Node, src/prerender/draw-screen.tsx) into `dist/screens/*.html`, and every page
 * starts the app from a tiny boot script (src/boot/start-page.ts) after its first paint instead of before it.
 * The app then adopts the drawing as its own first render (src/main.tsx) and fills in the data.
 */
export function prerender(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'trust:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      sequential: true,
      async handler() {
        const indexFile = path.join(outDir, 'index.html');
        const boot = await buildBoot(root);
        const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('hex').slice(0, 8)}.js`;
        await writeFile(path.join(outDir, bootFile), boot);
        const page = startAfterFirstPaint(await readFile(indexFile, 'utf8'), `/${bootFile}`);
        await writeFile(indexFile, page);

        await mkdir(path.join(outDir, 'screens'), { recursive: true });
        await withDrawScreen(root, async (drawScreen) => {
          for (const [name, routes] of Object.entries(SCREENS)) {
            const drawings: string[] = [];
            for (const [bandName, route] of Object.entries(routes) as [Band, string][]) {
              const { band, query } = BANDS[bandName];
              // The app's own <style> elements (Mantine's AppShell sizes, e.g.) apply to the whole page
              // wherever they are: each band's apply in that band only (the app lifts this as it adopts one).
              const markup = (await drawScreen(route, band)).replaceAll('<style', `<style media="${query}"`);
              drawings.push(`<div class="${PRERENDER_CLASS}" data-band="${bandName}">${markup}</div>`);
            }
            const html = page
              .replace('<html lang="en"', `<html lang="en" ${DRAWN_ATTRIBUTE}`)
              .replace('</head>', `  <style>${BAND_STYLE}</style>\n  </head>`)
              .replace('<div id="root"></div>', `<div id="root">${drawings.join('')}</div>`);
            if (!html.includes(drawings.join('')) || !html.includes(DRAWN_ATTRIBUTE)) {
              throw new Error(
                'prerender: index.html has no <html lang="en"> or no empty <div id="root"></div>',
              );
            }
            await writeFile(path.join(outDir, 'screens', `${name}.html`), html);
          }
        });
      },
    },
  };
}

/**
 * The app's scripts are not fetched by the page itself: the entry and the chunks it imports become
 * modulepreload links inside a <template> (inert: nothing in it is fetched), and the boot script, a classic one
 * so that it runs before the body is painted, adds them to the page and runs the entry when it starts the app.
 * A script fetched before the first paint delays that paint on a phone's connection, though nothing in it is
 * needed to draw the screen.
 */
function startAfterFirstPaint(html: string, bootSrc: string): string {
  const entry = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error('prerender: index.html has no entry <script type="module">');
  const preloads = /\s*<link rel="modulepreload" crossorigin href="[^"]+">/g;
  const links = [
    `<link rel="modulepreload" crossorigin href="${entrySrc}" data-app-entry>`,
    ...(html.match(preloads) ?? []).map((link) => link.trim()),
  ];
  const start = `\n    <template id="${APP_SCRIPTS_ID}">${links.join('')}</template>\n    <script src="${bootSrc}"></script>`;
  return html.replace(preloads, '').replace(entry, start);
}

async function buildBoot(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: { entry: path.join(root, 'src/boot/boot.ts'), formats: ['iife'], name: 'trustBoot' },
    },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
  const chunk = output.output.find((o) => o.type === 'chunk');
  if (!chunk) throw new Error('prerender: the boot script was not built');
  return chunk.code;
}

/**
 * The app built for Node into node_modules (so Node finds React, Mantine… beside it), used by `draw`, then
 * removed (its screens' chunks load from there while drawing).
 */
async function withDrawScreen(root: string, draw: (drawScreen: DrawScreen) => Promise<void>): Promise<void> {
  const dir = path.join(root, 'node_modules', '.prerender');
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      plugins: [react()],
      build: {
        ssr: path.join(root, 'src/prerender/draw-screen.tsx'),
        outDir: dir,
        emptyOutDir: true,
        rollupOptions: { output: { entryFileNames: 'draw-screen.mjs' } },
      },
    });
    const module = (await import(pathToFileURL(path.join(dir, 'draw-screen.mjs')).href)) as {
      drawScreen: DrawScreen;
    };
    await draw(module.drawScreen);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
