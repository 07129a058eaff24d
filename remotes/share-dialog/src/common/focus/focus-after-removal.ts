import { firstAddressField } from '../undo/focus-after-undo';

/** Marks a collaborator's row so focus can find it again after the list changed. */
export function collaboratorRowMark(id: number | string): { 'data-collaborator-id': string } {
  return { 'data-collaborator-id': String(id) };
}

/** The row that should have focus once `removedId` is gone: the next one, else the previous one. */
export function rowAfterRemoval<T extends { id: number | string }>(rows: readonly T[], removedId: T['id']): T | null {
  const index = rows.findIndex((row) => row.id === removedId);
  if (index < 0) return null;
  return rows[index + 1] ?? rows[index - 1] ?? null;
}

/** The first control (a permission menu, or the folder's Remove) of a collaborator's row. */
export function rowControl(root: HTMLElement | null, rowId: number | string | null): HTMLElement | null {
  if (!root || rowId === null) return null;
  return root.querySelector<HTMLElement>(`[data-collaborator-id="${String(rowId)}"] button`);
}

/**
 * Focus after a removal: the first control of `rowId`'s row (a permission menu, or the
 * folder's Remove), or the add field when no row is left or that row has no control, so focus never falls
 * to the dialog box with the removed row. Used by the document's and the folder's lists.
 */
export function focusAfterRemoval(root: HTMLElement | null, rowId: number | string | null) {
  if (!root) return;
  const target = rowControl(root, rowId) ?? firstAddressField(root);
  target?.focus();
}
