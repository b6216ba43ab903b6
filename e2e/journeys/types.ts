import type { Page } from 'playwright-core';

/** What every journey gets: a fresh Chromium page on the app, and the demo password of this run. */
export type JourneyContext = { page: Page; password: string };
export type Journey = { name: string; title: string; run: (ctx: JourneyContext) => Promise<void> };
