import { FIRST_VIEW_ATTRIBUTE } from './held-controls';

const FOCUSABLE = 'a[href], button, input:not([type="hidden"]), select, textarea, [tabindex]';

/** The control a visitor would take for the same one: its name, else its place among the part's controls. */
function sameControl(controls: HTMLElement[], name: string | null, place: number): HTMLElement | undefined {
  return controls.find((control) => name !== null && (control.getAttribute('aria-label') ?? control.textContent) === name) ?? controls[place];
}

/**
 * Keeps the visitor's focus on the same control when a remote's first render replaces the server's first view of it
 * (docs/architecture.md, "Taking over, on the visitor's first intent"): a focus is an intent, so tabbing to the
 * server's Like starts the take-over that removes it, and the focus would fall to the page's body (WCAG 2.4.3).
 * Returns the function that stops watching; it stops by itself once the first view is gone.
 */
export function keepFocusOnTakeOver(container: HTMLElement): () => void {
  let focused: { element: Element; name: string | null; place: number } | null = null;
  const note = (element: Element | null) => {
    if (!element || !container.contains(element)) return;
    const controls = [...container.querySelectorAll(FOCUSABLE)];
    focused = { element, name: element.getAttribute('aria-label') ?? element.textContent, place: controls.indexOf(element) };
  };
  note(document.activeElement);
  const focusIn = (event: FocusEvent) => note(event.target as Element);
  // The browser reports a blur when it removes the focused control too: only a control still there lost the focus.
  const focusOut = (event: FocusEvent) => {
    const left = event.target as Element;
    queueMicrotask(() => {
      if (left.isConnected && focused?.element === left) focused = null;
    });
  };
  const replaced = new MutationObserver(() => {
    if (container.querySelector(`[${FIRST_VIEW_ATTRIBUTE}]`)) return;
    stop();
    const active = document.activeElement;
    if (!focused || focused.element.isConnected || (active && active !== document.body)) return;
    sameControl([...container.querySelectorAll<HTMLElement>(FOCUSABLE)], focused.name, focused.place)?.focus({ preventScroll: true });
  });
  function stop() {
    replaced.disconnect();
    container.removeEventListener('focusin', focusIn);
    container.removeEventListener('focusout', focusOut);
  }
  container.addEventListener('focusin', focusIn);
  container.addEventListener('focusout', focusOut);
  replaced.observe(container, { childList: true });
  return stop;
}
