import { STORAGE_KEYS } from '@trust/domain';
import { tabFromPath } from './tabs.ts';

// 003 §2.1: the last visited tab is stored locally (key `last_tab`) and restored after login. The value is the
// tab's path without the leading slash: `dashboard`, `members-view/12`, `home`.

export function readLastTab(): string | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.lastTab);
  } catch {
    return null;
  }
  if (!raw) return null;
  // Accept only a value that still names a tab (an old or hand-edited value is ignored).
  return tabFromPath(`/${raw}`) ? raw : null;
}

export function saveLastTab(value: string): void {
  try {
    localStorage.setItem(STORAGE_KEYS.lastTab, value);
  } catch {
    // Not remembering the tab is harmless.
  }
}

/** 003 §4.4: logout clears the stored tab. */
export function clearLastTab(): void {
  try {
    localStorage.removeItem(STORAGE_KEYS.lastTab);
  } catch {
    // See saveLastTab.
  }
}

/** The stored form of a URL path, or null when the path is not a tab worth restoring. */
export function lastTabValue(pathname: string): string | null {
  const location = tabFromPath(pathname);
  if (!location || location.tab.notRestorable) return null;
  if (location.tab.name === 'home') return 'home';
  if (location.id === undefined) return location.tab.name;
  const withId = `${location.tab.name}/${location.id}`;
  return location.subview ? `${withId}/${location.subview}` : withId;
}
