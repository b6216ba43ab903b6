// The layout bands and their media queries, in a file of their own (no imports): the boot script uses them
// before the app has loaded (src/boot), and the pages drawn ahead show each band's drawing by them
// (apps/web/prerender.ts). The app reads the current band with useLayoutBand (use-layout-band.ts).

export interface LayoutBand {
  /** 1024 px and up: fixed sidebar, admin tab available (003 §2.1, §6). */
  wide: boolean;
  /** Under 640 px: the compact phone layout. */
  phone: boolean;
}

/** 1024 px and up: fixed sidebar, admin tab available (003 §2.1, §6). */
export const WIDE_QUERY = '(min-width: 64em)';
/** Under 640 px: the compact phone layout. */
export const PHONE_QUERY = '(max-width: 39.99em)';
/** From 640 px to under 1024 px: the hamburger layout that is not a phone's. */
export const TABLET_QUERY = '(min-width: 40em) and (max-width: 63.99em)';
