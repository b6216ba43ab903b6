import type { Page } from 'playwright-core';

/**
 * What every journey gets: a fresh Chromium page on the app, the demo password of this run, and the app's
 * address (for journeys that open more browsers, e.g. a second organization or a signed-out visitor).
 */
export type JourneyContext = { page: Page; password: string; baseURL: string };
export type Journey = {
  name: string;
  title: string;
  run: (ctx: JourneyContext) => Promise<void>;
  /** How long it may take; 90 s unless set (the accessibility journeys visit dozens of screens twice). */
  timeoutMs?: number;
};
