import { STORAGE_KEYS } from '@trust/domain/session';
import { WIDE_QUERY } from '../app/layout/layout-bands.ts';
import { reloadForNewBuild } from '../app/reload-page.ts';
import {
  APP_SCRIPTS_ID,
  DRAWN_ATTRIBUTE,
  HELD_CLICK_KEY,
  type HeldClick,
  PRERENDER_OFF_CLASS,
} from '../prerender/prerender-classes.ts';

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

type ImportModule = (url: string) => Promise<unknown>;

/** Puts the app's scripts (a template of modulepreload links, apps/web/prerender.ts) in the page and runs the entry. */
function startApp(importModule: ImportModule): void {
  const scripts = document.getElementById(APP_SCRIPTS_ID);
  if (!(scripts instanceof HTMLTemplateElement)) return;
  const links = scripts.content.cloneNode(true) as DocumentFragment;
  const entry = links.querySelector<HTMLLinkElement>('link[data-app-entry]');
  // In the page, all are fetched at once; the entry's href is read there (its own address, not the template's).
  document.head.append(links);
  if (!entry) return;
  importModule(entry.href).catch(() => {
    // Most often an older build's page (its scripts are gone after a deployment): one reload brings the
    // current one. Otherwise the drawing would stay on screen with nothing behind its buttons: say so instead.
    if (reloadForNewBuild()) return;
    document.documentElement.classList.add(PRERENDER_OFF_CLASS);
    const message = document.createElement('p');
    message.setAttribute('role', 'alert');
    message.style.padding = '1rem';
    message.textContent = LOAD_FAILED;
    document.getElementById('root')?.replaceChildren(message);
  });
}

const LOAD_FAILED = 'Trust Marketplace could not be loaded. Check your connection, then reload the page.';

/**
 * A tap on the drawing before the app runs would do nothing (nothing listens yet): the last one is held, and
 * the app replays it on the same element once it has adopted the drawing (src/main.tsx). A link is not
 * followed meanwhile: that would load the whole page again; the app follows it.
 */
function holdClicks(): void {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest('a, button, [role="button"]') : null;
    if (!(target instanceof HTMLElement)) return;
    event.preventDefault();
    held = target;
  };
  document.addEventListener('click', hold, true);
  const release: HeldClick = {
    release: () => {
      document.removeEventListener('click', hold, true);
      return held;
    },
  };
  Object.assign(window, { [HELD_CLICK_KEY]: release });
}

/**
 * Where a visitor opening `/` goes (003 §2.1, startPath in start-rules.ts), for the cases the page's drawings
 * cover: no stored tab starts on livefeed below 1024 px and stays home above; a stored livefeed or home is
 * restored. Any other stored tab is the app's to decide (null).
 */
function visitorStart(storedTab: string | null, wide: boolean): string | null {
  if (storedTab === null) return wide ? '/' : '/livefeed';
  if (storedTab === 'home') return '/';
  if (storedTab === 'livefeed') return '/livefeed';
  return null;
}

/**
 * What the page does before its body is painted (src/boot/boot.ts runs it from <head>). The screen drawn ahead
 * in the page (src/prerender) is what a visitor sees there: at `/`, livefeed below 1024 px and the landing page
 * above. Anyone else (signed in, or a visitor whose start is another screen) would see the wrong screen for a
 * moment: it is hidden and the app draws theirs. Returns whether the drawing stays.
 */
export function startPage(importModule: ImportModule = (url) => import(/* @vite-ignore */ url)): boolean {
  // Most pages hold no drawing (index.html): nothing to wait for, hide or hold.
  if (!document.documentElement.hasAttribute(DRAWN_ATTRIBUTE)) {
    startApp(importModule);
    return false;
  }
  const signedIn = stored(STORAGE_KEYS.signedIn) !== null;
  let fits = !signedIn;
  if (fits && window.location.pathname === '/') {
    const wide = window.matchMedia(WIDE_QUERY).matches;
    const start = visitorStart(stored(STORAGE_KEYS.lastTab), wide);
    fits = start === (wide ? '/' : '/livefeed');
    // The app would go to livefeed as it starts; going now, before it starts, it adopts the drawing as it is.
    if (fits && start === '/livefeed') {
      const { search, hash } = window.location;
      window.history.replaceState(window.history.state, '', `/livefeed${search}${hash}`);
    }
  }
  if (!fits) {
    document.documentElement.classList.add(PRERENDER_OFF_CLASS);
    startApp(importModule);
    return false;
  }
  holdClicks();
  // The app's first task takes a phone about two seconds: it starts once the drawn screen has been painted (a
  // timeout from the first contentful paint runs after that frame), so the reader sees the screen at once
  // (issue #13). A frame callback is not enough: a long page's first frame may come before its body is there.
  // Where paints are not reported, or none comes (a background tab), the fallback timeout starts it.
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp(importModule);
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      setTimeout(startOnce, 0);
    }).observe({ type: 'paint', buffered: true });
  } catch {
    // No paint timing in this browser: the timeout below starts the app.
  }
  setTimeout(startOnce, 1000);
  return true;
}
