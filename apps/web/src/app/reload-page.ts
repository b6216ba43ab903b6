/** A full page reload (organization switch, Retry on the Connection Error screen); a module so tests can mock it. */
export function reloadPage(): void {
  window.location.reload();
}
