/**
 * The Add button is disabled while the addresses are sent, and a focused button that becomes disabled
 * drops focus to the page body, out of the dialog and with no ring. After sending, the
 * address field takes focus back, ready for the next address or showing the problem; focus that moved on
 * by itself (the user tabbed away) is left where it is.
 */
export function refocusAddressFieldIfLost(field: HTMLElement | null) {
  const active = document.activeElement;
  const lost = !active || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
  if (field && lost) field.focus();
}
