import { useEffect, useRef } from 'react';

/** 003 §9: registration and reset move on 2 seconds after their success screen shows. */
export const REDIRECT_DELAY_MS = 2000;

/** Runs `action` once, `REDIRECT_DELAY_MS` after `when` becomes true; cancelled on unmount. */
export function useRedirectAfter(when: boolean, action: () => void) {
  const latest = useRef(action);
  latest.current = action;
  useEffect(() => {
    if (!when) return;
    const timer = setTimeout(() => latest.current(), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [when]);
}
