/**
 * Marks a part of a dialog that closes itself on Escape (an inline editor): the Modal leaves Escape there to it, so
 * Escape closes that part and the dialog stays open (modal.tsx).
 */
export const OWN_ESCAPE = { 'data-own-escape': '' } as const;

/** Whether Escape on `target` belongs to a part marked OWN_ESCAPE. */
export function escapeIsOwned(target: Element): boolean {
  return target.closest('[data-own-escape]') !== null;
}
