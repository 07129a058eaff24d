/** Spec §2: rows are 45 px; below 4 rows the list is as tall as its rows, else 180 px and it scrolls. */
export function collaboratorListHeight(rowCount: number, rowHeight: number, maxHeight: number): number {
  const rows = Math.max(0, rowCount);
  return rows < 4 ? rows * rowHeight : maxHeight;
}
