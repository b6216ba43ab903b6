/** A full page reload (organization switch, Retry on the Connection Error screen); a module so tests can mock it. */
export function reloadPage(): void {
  window.location.reload();
}

const RELOADED_AT = 'tm_chunk_reload_at';

/**
 * A chunk that cannot be fetched most often belongs to an older build: the page was opened before a new
 * version was deployed, and the hashed file it names is gone. index.html is never cached, so one reload
 * brings the current build. At most once a minute, so a server that keeps failing shows its error (the screen
 * area's boundary, layout/screen-area.tsx).
 */
export function reloadForNewBuild(): boolean {
  // Offline, a reload would lose the app itself: the screen says it could not be loaded instead.
  if (!navigator.onLine) return false;
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return false;
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  reloadPage();
  return true;
}
