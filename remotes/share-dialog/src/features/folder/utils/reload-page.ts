/** Leaving a folder changes what the whole page may show, so the page reloads (spec §4). */
export function reloadPage(): void {
  window.location.reload();
}
