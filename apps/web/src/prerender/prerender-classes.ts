/**
 * The names shared by the pages drawn ahead at build time (apps/web/prerender.ts), the boot script that starts
 * the app and may hide the drawing (src/boot/start-page.ts) and the app adopting it (src/main.tsx).
 */
export const PRERENDER_CLASS = 'tm-prerender';
/** On <html> of a page that holds drawings (the pages without one have nothing to wait for or hide). */
export const DRAWN_ATTRIBUTE = 'data-drawn-ahead';
/** On <html>: the drawn screen is not this reader's (signed in, or a stored tab to restore at `/`). */
export const PRERENDER_OFF_CLASS = 'tm-prerender-off';
/** The <template> of the page that holds the app's scripts for the boot script to start. */
export const APP_SCRIPTS_ID = 'app-scripts';
/**
 * On window, from the boot script: releases the last tap on the drawing made before the app could answer it
 * (src/boot/start-page.ts), for the app to replay once it has adopted the drawing.
 */
export const HELD_CLICK_KEY = '__trustHeldClick';
export type HeldClick = { release: () => HTMLElement | null };
