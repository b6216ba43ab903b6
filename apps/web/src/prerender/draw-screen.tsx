// Runs in Node at build time (apps/web/prerender.ts), never in the browser.
import '@trust/domain/zod-jitless';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import type { LayoutBand } from '../app/layout/layout-bands.ts';
import { AppRoutes } from '../app/navigation/app-routes.tsx';
import { LandingPage, LiveFeedPage } from '../app/navigation/screens.tsx';
import { PrerenderContext } from '../app/prerender-context.ts';
import { createQueryClient } from '../app/query-client.ts';

/**
 * The screen a visitor (no session) sees at `path` in one layout band, drawn with the app's own components as
 * the browser will first draw it: header, sidebar, the screen's heading and notices, a loader where the data
 * will go. Nothing is fetched here; the page's data comes with the app.
 */
export async function drawScreen(path: string, band: LayoutBand): Promise<string> {
  // The screens are lazy: loaded first, they draw instead of suspending.
  await Promise.all([LandingPage.preload(), LiveFeedPage.preload()]);
  return renderToString(
    <PrerenderContext.Provider value={{ band }}>
      <StaticRouter location={path}>
        <AppProviders queryClient={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </StaticRouter>
    </PrerenderContext.Provider>,
  );
}
