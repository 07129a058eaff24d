/**
 * Spec §2: rows are 45 px and the list is as tall as its rows; past the theme's maximum (six rows) it
 * scrolls. The dialog's body scrolls too, so a small cap would hide people in a second, nested scroll.
 */
export function collaboratorListHeight(rowCount: number, rowHeight: number, maxHeight: number): number {
  return Math.min(Math.max(0, rowCount) * rowHeight, maxHeight);
}
