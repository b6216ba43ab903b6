import { STORAGE_KEYS } from '@trust/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadForNewBuild } from '../app/reload-page.ts';
import {
  APP_SCRIPTS_ID,
  DRAWN_ATTRIBUTE,
  HELD_CLICK_KEY,
  type HeldClick,
  PRERENDER_OFF_CLASS,
} from '../prerender/prerender-classes.ts';
import { setViewportWidth } from '../test/setup.ts';
import { startPage } from './start-page.ts';

vi.mock('../app/reload-page.ts', () => ({ reloadForNewBuild: vi.fn(() => false) }));

// The page as the build writes it (apps/web/prerender.ts): the app's scripts in a template, a drawing in #root.
function writePage(path: string, drawn = true) {
  window.history.replaceState(null, '', path);
  document.documentElement.toggleAttribute(DRAWN_ATTRIBUTE, drawn);
  document.head.innerHTML = `<template id="${APP_SCRIPTS_ID}"><link rel="modulepreload" href="/assets/index-1.js" data-app-entry><link rel="modulepreload" href="/assets/react-2.js"></template>`;
  document.body.innerHTML = '<div id="root"><div class="tm-prerender">drawn</div></div>';
}

const hidden = () => document.documentElement.classList.contains(PRERENDER_OFF_CLASS);
const preloads = () =>
  [...document.head.querySelectorAll(':scope > link')].map((l) => l.getAttribute('href'));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  document.documentElement.classList.remove(PRERENDER_OFF_CLASS);
});
afterEach(() => {
  // Each visitor's page held taps until its app started: none is left holding for the next test.
  (window as { [HELD_CLICK_KEY]?: HeldClick })[HELD_CLICK_KEY]?.release();
  vi.useRealTimers();
  setViewportWidth(1280);
});

describe('startPage (the boot script)', () => {
  it('keeps the drawing for a visitor and starts the app only after the first paint, all scripts at once', async () => {
    writePage('/livefeed');
    const load = vi.fn(async () => undefined);
    expect(startPage(load)).toBe(true);
    expect(hidden()).toBe(false);
    expect(load).not.toHaveBeenCalled();
    expect(preloads()).toEqual([]);
    // jsdom reports no paints: the fallback starts it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(load).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('http://localhost:3000/assets/index-1.js');
    expect(preloads()).toEqual(['/assets/index-1.js', '/assets/react-2.js']);
  });

  it('on a page without a drawing (index.html) starts the app at once and holds no tap', () => {
    writePage('/login', false);
    document.getElementById('root')!.innerHTML = '<a href="/forgot-password">Forgot your password?</a>';
    const load = vi.fn(async () => undefined);
    expect(startPage(load)).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    expect(hidden()).toBe(false);
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
  });

  it('hides the drawing from a signed-in user and starts the app at once', () => {
    localStorage.setItem(STORAGE_KEYS.signedIn, '1');
    writePage('/livefeed');
    const load = vi.fn(async () => undefined);
    expect(startPage(load)).toBe(false);
    expect(hidden()).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('at `/` on a phone with no stored tab goes to livefeed now (003 §2.1), so the drawn livefeed is kept', () => {
    setViewportWidth(390);
    writePage('/?ref=mail');
    expect(startPage(vi.fn(async () => undefined))).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/livefeed?ref=mail');
  });

  it('at `/` on a wide screen with no stored tab stays home: the drawn landing page', () => {
    writePage('/');
    expect(startPage(vi.fn(async () => undefined))).toBe(true);
    expect(window.location.pathname).toBe('/');
  });

  it('at `/` restores a stored livefeed on a phone with the drawing, and hides it where the drawing is another screen', () => {
    localStorage.setItem(STORAGE_KEYS.lastTab, 'livefeed');
    setViewportWidth(390);
    writePage('/');
    expect(startPage(vi.fn(async () => undefined))).toBe(true);
    expect(window.location.pathname).toBe('/livefeed');

    setViewportWidth(1280);
    writePage('/');
    expect(startPage(vi.fn(async () => undefined))).toBe(false);
    expect(hidden()).toBe(true);
    expect(window.location.pathname).toBe('/');
  });

  it.each(['home', 'queue'])(
    'at `/` on a phone with the stored tab %s, hides the drawn livefeed for the app to decide',
    (tab) => {
      localStorage.setItem(STORAGE_KEYS.lastTab, tab);
      setViewportWidth(390);
      writePage('/');
      expect(startPage(vi.fn(async () => undefined))).toBe(false);
      expect(hidden()).toBe(true);
      expect(window.location.pathname).toBe('/');
    },
  );

  it('holds the last tap on the drawing until the app takes over, and then lets taps through', () => {
    writePage('/livefeed');
    document.querySelector('.tm-prerender')!.innerHTML = '<button>Login</button><a href="/">Home</a>';
    startPage(vi.fn(async () => undefined));
    const link = document.querySelector('a')!;
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('button')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    link.dispatchEvent(tap);
    // Not followed meanwhile (that would load the page again): the app follows it.
    expect(tap.defaultPrevented).toBe(true);
    const held = (window as { [HELD_CLICK_KEY]?: HeldClick })[HELD_CLICK_KEY];
    expect(held?.release()).toBe(link);
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
  });

  it('says so when the app cannot be loaded and a reload would not help', async () => {
    localStorage.setItem(STORAGE_KEYS.signedIn, '1');
    writePage('/queue');
    startPage(vi.fn(async () => Promise.reject(new Error('Failed to fetch dynamically imported module'))));
    await vi.advanceTimersByTimeAsync(0);
    expect(reloadForNewBuild).toHaveBeenCalled();
    expect(document.getElementById('root')?.textContent).toBe(
      'Trust Marketplace could not be loaded. Check your connection, then reload the page.',
    );
  });
});
