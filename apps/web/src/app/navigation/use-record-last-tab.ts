import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { lastTabValue, saveLastTab } from './last-tab.ts';
import { tabFromPath } from './tabs.ts';

/** 003 §2.1: remember the tab the user is on (`last_tab`); also name it in the window title. */
export function useRecordLastTab(): void {
  const location = useLocation();
  const fromLogout = (location.state as { fromLogout?: boolean } | null)?.fromLogout === true;

  useEffect(() => {
    const tab = tabFromPath(location.pathname)?.tab;
    document.title = tab && tab.name !== 'home' ? `${tab.title} · Trust Marketplace` : 'Trust Marketplace';
    window.scrollTo(0, 0);
    // 003 §4.4: logout clears the stored tab; the return to home must not store it again.
    if (fromLogout) return;
    const value = lastTabValue(location.pathname);
    if (value) saveLastTab(value);
  }, [location.pathname, fromLogout]);
}
