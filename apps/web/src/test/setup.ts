import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetEventBus } from './event-bus-mock.ts';

// findBy*/waitFor wait up to 5 s instead of 1 s: on a loaded 2-core machine (CI runs every tier at once) a
// whole-app render after sign-in can take longer than a second. A missing element still fails, just later.
configure({ asyncUtilTimeout: 5_000 });

// Mantine reads matchMedia (colour scheme, useMediaQuery) and ResizeObserver (ScrollArea); jsdom has neither.
// Tests set the viewport width through `setViewportWidth` so media queries answer like a real browser.
let viewportWidth = 1280;

export function setViewportWidth(width: number): void {
  viewportWidth = width;
}

function matches(query: string): boolean {
  const min = /min-width:\s*([\d.]+)(px|em)/.exec(query);
  const max = /max-width:\s*([\d.]+)(px|em)/.exec(query);
  const toPx = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
  if (min && viewportWidth < toPx(min)) return false;
  if (max && viewportWidth > toPx(max)) return false;
  return Boolean(min || max);
}

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });

afterEach(() => {
  cleanup();
  localStorage.clear();
  viewportWidth = 1280;
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetEventBus();
});
