import { FIRST_VIEW_ATTRIBUTE, heldPresses, type HeldPress } from './held-controls';

/**
 * Carries out the presses the entry script held on the server's buttons (held-controls.ts), each on the same button
 * once the part that draws it has taken over. A chunk of its own, fetched on the first press held: a visitor who
 * presses nothing before the take-over never needs it.
 */

let watching: MutationObserver | null = null;

/** Where a held press is carried out now: the same button once the shell has taken it over, or the remote's own. */
function pressTarget({ button, remote }: HeldPress): HTMLButtonElement | null {
  if (button.isConnected && !button.closest(`[${FIRST_VIEW_ATTRIBUTE}]`)) return heldPresses.shellTakenOver ? button : null;
  // A remote's slot now (the shell's RemoteSlot): the server's, or the one a page drawn afresh made (an API on another
  // origin). A shell's button drawn afresh instead of taken over is not the same button: that press goes.
  const slot = remote === null ? null : document.querySelector(`#app [data-remote="${CSS.escape(remote)}"]`);
  return slot && !slot.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`) ? slot.querySelector('button') : null;
}

function carryOutHeldPresses(): void {
  const { presses } = heldPresses;
  for (const press of [...presses]) {
    const target = pressTarget(press);
    // A button its part draws as not ready yet (the like before its state is known) is pressed once it is.
    if (!target || target.getAttribute('aria-disabled') === 'true') continue;
    presses.splice(presses.indexOf(press), 1);
    target.click();
  }
  if (presses.length === 0) {
    watching?.disconnect();
    watching = null;
  } else if (!watching) {
    // A remote's first render replaces its markup, and a button it draws as not ready becomes ready, as mutations.
    watching = new MutationObserver(carryOutHeldPresses);
    watching.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-disabled'] });
  }
}

heldPresses.changed = carryOutHeldPresses;
carryOutHeldPresses();
