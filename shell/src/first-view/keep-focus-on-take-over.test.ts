import { FIRST_VIEW_ATTRIBUTE } from './held-controls';
import { keepFocusOnTakeOver } from './keep-focus-on-take-over';

/** A remote's element as the server writes it: the like's first view, then Share beside it. */
function serverLike(): HTMLElement {
  document.body.innerHTML = `
    <div id="slot"><div ${FIRST_VIEW_ATTRIBUTE}="like-button"><button aria-label="Like, 3 likes">3</button></div></div>
    <button id="elsewhere">Elsewhere</button>`;
  return document.getElementById('slot')!;
}

/** The remote's first render in place of the server's markup: its own controls. */
function render(slot: HTMLElement, html: string) {
  slot.innerHTML = html;
}

const mutationsSeen = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the focus across a remote’s first render', () => {
  it('moves to the control of the same name that replaced the focused one', async () => {
    const slot = serverLike();
    slot.querySelector('button')!.focus();
    const stop = keepFocusOnTakeOver(slot);
    render(slot, '<div><button>Help</button><button aria-label="Like, 3 likes">3</button></div>');
    await mutationsSeen();
    expect(document.activeElement).toBe(slot.querySelectorAll('button')[1]);
    stop();
  });

  it('moves to the control in the same place when none has its name (a count that changed)', async () => {
    const slot = serverLike();
    const stop = keepFocusOnTakeOver(slot);
    // Focused after the watch began.
    slot.querySelector('button')!.focus();
    render(slot, '<div><button aria-label="Like, 4 likes">4</button></div>');
    await mutationsSeen();
    expect(document.activeElement).toBe(slot.querySelector('button'));
    stop();
  });

  it('takes no focus the visitor had moved away, or that was never in the part', async () => {
    const slot = serverLike();
    const stop = keepFocusOnTakeOver(slot);
    slot.querySelector('button')!.focus();
    document.getElementById('elsewhere')!.focus();
    (document.activeElement as HTMLElement).blur();
    await mutationsSeen();
    render(slot, '<div><button aria-label="Like, 3 likes">3</button></div>');
    await mutationsSeen();
    expect(document.activeElement).toBe(document.body);
    stop();
  });

  it('waits for the first view to go: a change inside it is not the take-over', async () => {
    const slot = serverLike();
    slot.querySelector('button')!.focus();
    const stop = keepFocusOnTakeOver(slot);
    slot.append(document.createElement('span'));
    await mutationsSeen();
    render(slot, '<button aria-label="Like, 3 likes">3</button>');
    await mutationsSeen();
    expect(document.activeElement).toBe(slot.querySelector('button'));
    stop();
  });
});
