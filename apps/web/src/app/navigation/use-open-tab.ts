import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from '../auth/auth-context.tsx';
import { useOverlays } from '../overlays/overlay-context.tsx';
import { saveLastTab } from './last-tab.ts';
import { canAccess, findTab, tabPath } from './tabs.ts';

/**
 * Go to a tab. A signed-out visitor asking for a protected tab gets the login modal instead, and the tab is
 * remembered so the login lands there (003 §2.1).
 */
export function useOpenTab(): (name: string) => void {
  const navigate = useNavigate();
  const { status } = useAuth();
  const { openLogin } = useOverlays();
  return useCallback(
    (name: string) => {
      const tab = findTab(name);
      if (tab && !canAccess(tab, status === 'signed-in')) {
        saveLastTab(name);
        openLogin();
        return;
      }
      navigate(tabPath(name));
    },
    [navigate, status, openLogin],
  );
}
