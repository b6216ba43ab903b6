import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { LayoutBand } from './layout/layout-bands.ts';

/**
 * Set only while the build draws a screen ahead for a visitor (src/prerender): there is no window, so the
 * layout band is given. In the browser this is always null.
 */
export type Prerender = { band: LayoutBand };

export const PrerenderContext = createContext<Prerender | null>(null);

export function usePrerender(): Prerender | null {
  return useContext(PrerenderContext);
}

/** Set by src/main.tsx while React adopts the drawing (hydration); the first screen's effects end it. */
let adopting = false;
/** The tap the boot script held while the app was not running yet (src/boot/start-page.ts). */
let heldClick: HTMLElement | null = null;
export function startAdoptingDrawing(held: HTMLElement | null): void {
  adopting = true;
  heldClick = held;
}

/** In the app's layout: once the drawing is the app's, the tap held meanwhile is made again, now answered. */
export function useReplayHeldClick(): void {
  useEffect(() => {
    const target = heldClick;
    heldClick = null;
    if (target?.isConnected) target.click();
  }, []);
}

/**
 * True while the screen is drawn ahead at build time and, in the browser, during the first render that adopts
 * that drawing (hydration); false right after, and in any page that was not drawn ahead. What only the browser
 * knows (the time now) is drawn when this turns false, so the drawing and the app's first render agree and
 * React keeps the drawing instead of drawing the page again. The turn is a transition of its own: the phone
 * answers taps meanwhile (its first date format alone takes ~50 ms there).
 */
export function useDrawnAhead(): boolean {
  const prerender = usePrerender() !== null;
  const [drawn, setDrawn] = useState(() => prerender || adopting);
  useEffect(() => {
    adopting = false;
    if (drawn) startTransition(() => setDrawn(false));
  }, [drawn]);
  return drawn;
}
