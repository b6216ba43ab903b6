import type { MouseEvent } from 'react';
import { focusScreenStart, MAIN_ID } from '../navigation/focus-screen-heading.ts';
import classes from './skip-link.module.css';

/** The class of the main region: it takes focus from the skip link and from navigation without a ring. */
export const FOCUS_TARGET_CLASS = classes.focusTarget;

/**
 * WCAG 2.4.1: the first thing Tab reaches on every page. It moves focus to the screen's heading (or the main
 * region), past the header and the sidebar.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    // The router owns the URL: no '#main-content' in it, focus moves here instead of by the browser.
    event.preventDefault();
    focusScreenStart();
  };
  return (
    <a href={`#${MAIN_ID}`} className={classes.skipLink} onClick={skip}>
      Skip to main content
    </a>
  );
}
