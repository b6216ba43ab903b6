import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthStatus } from '../auth/auth-context.tsx';
import { readLastTab } from './last-tab.ts';
import { startPath } from './start-rules.ts';

/**
 * 003 §2.1: opening the app at `/` restores the stored tab, or on a narrow screen with none starts at livefeed.
 * Only once per page load, once it is known whether the stored session is valid; later visits to `/` stay.
 */
export function useStartTabRedirect(status: AuthStatus, wide: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  // Read before the first render stores the current tab over it.
  const [initial] = useState(() => ({ storedTab: readLastTab(), pathname: location.pathname }));
  const done = useRef(false);

  useEffect(() => {
    if (done.current || status === 'loading') return;
    done.current = true;
    if (initial.pathname !== '/' || location.pathname !== '/') return;
    const target = startPath({ storedTab: initial.storedTab, wide, signedIn: status === 'signed-in' });
    if (target) navigate(target, { replace: true });
  }, [status, wide, initial, location.pathname, navigate]);
}
