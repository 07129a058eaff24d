/**
 * A control that opens another screen of the dialog carries `data-opens="<screen>"`; when the user
 * comes Back, focus returns to it instead of falling to the dialog box. The screen
 * it was on is gone by then, so the element is found again by this mark.
 */
export function opens(screen: string): { 'data-opens': string } {
  return { 'data-opens': screen };
}

/** Focuses the control marked as the opener of `screen` inside `root`; false when there is none. */
export function focusOpener(root: ParentNode | null | undefined, screen: string): boolean {
  const opener = root?.querySelector<HTMLElement>(`[data-opens="${screen}"]`);
  if (!opener) return false;
  opener.focus();
  return true;
}
