/** The id of the app's main region (AppShell.Main), the skip link's target. */
export const MAIN_ID = 'main-content';

const HEADING = 'h1, h2';
const WAIT_MS = 3_000;

function mainRegion(): HTMLElement | null {
  return document.getElementById(MAIN_ID);
}

function focusHeading(heading: HTMLElement): void {
  // Headings are not focusable; -1 lets a script focus them without adding a Tab stop.
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.setAttribute('data-screen-heading', '');
  heading.focus({ preventScroll: false });
}

/** The skip link: focus the screen's heading, else the main region itself. */
export function focusScreenStart(): void {
  const main = mainRegion();
  if (!main) return;
  const heading = main.querySelector<HTMLElement>(HEADING);
  if (heading) focusHeading(heading);
  else main.focus();
}

/**
 * After a move to another screen (a link, a submit that changes screen, signing in or out), focus goes to the
 * new screen's heading, so a screen reader starts there and Tab continues from it (instead of focus falling
 * to the page body). The heading may render after its data: this waits for it, up to 3 s. It leaves focus
 * alone while a dialog is open or when the new screen already put focus inside the main region itself.
 * Returns a cancel function (a newer navigation replaces this one).
 */
export function focusNewScreenHeading(): () => void {
  let cancelled = false;
  const started = Date.now();
  const attempt = () => {
    if (cancelled) return;
    const main = mainRegion();
    const active = document.activeElement;
    const focusInMain = main !== null && active !== null && active !== main && main.contains(active);
    if (document.querySelector('[role="dialog"][aria-modal="true"]') || focusInMain) return;
    const heading = main?.querySelector<HTMLElement>(HEADING);
    if (heading) {
      focusHeading(heading);
      return;
    }
    if (Date.now() - started < WAIT_MS) window.setTimeout(attempt, 50);
  };
  // After this render's effects: a screen that focuses a field of its own does so first.
  const timer = window.setTimeout(attempt, 0);
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}
