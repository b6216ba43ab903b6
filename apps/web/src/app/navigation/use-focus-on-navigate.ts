import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { AuthStatus } from '../auth/auth-context.tsx';
import { focusNewScreenHeading } from './focus-screen-heading.ts';

/**
 * Moves focus to the new screen's heading whenever the screen changes: another path, or the same path after
 * signing in or out (a protected tab shows the home page until then). Not on the first load (Tab then starts
 * at the skip link), nor on the start-tab redirect that belongs to it.
 */
export function useFocusOnNavigate(status: AuthStatus): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef<string | null>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (status === 'loading' || status === 'unreachable') return;
    const screen = `${pathname}|${status}`;
    const previous = shown.current;
    shown.current = screen;
    if (previous === null || previous === screen) return;
    if (navigationType === 'REPLACE' && !moved.current) return;
    moved.current = true;
    return focusNewScreenHeading();
  }, [pathname, status, navigationType]);
}
