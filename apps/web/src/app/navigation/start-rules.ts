import { canAccess, tabFromPath } from './tabs.ts';

// Where the app goes on its own: after login, and when the app is opened at `/` (003 §2.1).

/** 003 §2.1: after login, the stored tab; else dashboard, the default after login. */
export function afterLoginPath(storedTab: string | null): string {
  // The landing page is where a signed-out visitor starts, not a place to return to after signing in.
  if (!storedTab || storedTab === 'home') return '/dashboard';
  const location = tabFromPath(`/${storedTab}`);
  if (!location || location.tab.notRestorable) return '/dashboard';
  return `/${storedTab}`;
}

/**
 * Opening the app at `/`: the stored tab is restored when the user may see it; on narrow screens (under
 * 1024 px) with no stored tab the start tab is livefeed. Null means stay on home.
 */
export function startPath(input: {
  storedTab: string | null;
  wide: boolean;
  signedIn: boolean;
}): string | null {
  const { storedTab, wide, signedIn } = input;
  if (storedTab === null) return wide ? null : '/livefeed';
  if (storedTab === 'home') return null;
  const location = tabFromPath(`/${storedTab}`);
  if (!location || location.tab.notRestorable || !canAccess(location.tab, signedIn)) return null;
  return `/${storedTab}`;
}
