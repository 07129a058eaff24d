/**
 * After removing their own access the user may no longer see the page they are on, so the host
 * page reloads (as the folder page does after self-removal, spec §4) and shows what they can see now.
 */
export function reloadAfterLeaving(location: Pick<Location, 'reload'> = window.location) {
  location.reload();
}
