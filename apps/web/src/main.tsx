// First: before any schema of @trust/domain is built (the page's Content-Security-Policy forbids eval).
import '@trust/domain/zod-jitless';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { AppRoutes } from './app/navigation/app-routes.tsx';
import { preloadStartScreen } from './app/navigation/screens.tsx';
import { startAdoptingDrawing } from './app/prerender-context.ts';
import { createQueryClient } from './app/query-client.ts';
import {
  HELD_CLICK_KEY,
  type HeldClick,
  PRERENDER_CLASS,
  PRERENDER_OFF_CLASS,
} from './prerender/prerender-classes.ts';

// The screens are fetched on first use (issue #13): the one this load shows is asked for now, beside the shell.
const startScreen = preloadStartScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={createQueryClient()}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>
);

/**
 * The page may hold the screen drawn ahead for a visitor, once per layout band (apps/web/prerender.ts). React
 * adopts the current band's drawing as its own first render (hydration): nothing is drawn again, the reader's
 * first view stays. Returns that drawing's element, the others removed; null when nothing is to be adopted.
 */
function takeDrawing(container: HTMLElement): HTMLElement | null {
  const drawings = [...container.querySelectorAll<HTMLElement>(`:scope > .${PRERENDER_CLASS}`)];
  const shown = document.documentElement.classList.contains(PRERENDER_OFF_CLASS)
    ? undefined
    : drawings.find((d) => getComputedStyle(d).display !== 'none');
  for (const drawing of drawings) if (drawing !== shown) drawing.remove();
  if (!shown) return null;
  // From now on it is the app's root, shown whatever the width becomes, its styles too.
  shown.removeAttribute('class');
  shown.removeAttribute('data-band');
  for (const style of shown.querySelectorAll('style[media]')) style.removeAttribute('media');
  return shown;
}

/** The boot script stops holding taps (src/boot/start-page.ts) and hands over the one it held, if any. */
function releaseHeldClick(): HTMLElement | null {
  return (window as { [HELD_CLICK_KEY]?: HeldClick })[HELD_CLICK_KEY]?.release() ?? null;
}

const drawing = takeDrawing(root);
if (drawing) {
  // Adopted in a transition: React does it in slices between frames. The screen's code comes first, so the
  // screen is adopted too instead of waiting behind its loader.
  void startScreen.then(() => {
    // From here React answers taps itself (it replays those made while it adopts); one held before is made
    // again once the drawing is the app's.
    startAdoptingDrawing(releaseHeldClick());
    startTransition(() => void hydrateRoot(drawing, app));
  });
} else {
  // A drawing hidden as not this reader's: no tap on it counts.
  releaseHeldClick();
  // A transition: React renders the first screen in slices between frames, not in one long task that leaves a
  // phone unresponsive meanwhile (issue #13, Total Blocking Time).
  startTransition(() => createRoot(root).render(app));
}
