/**
 * jsdom does no layout, so every element is 0 px tall and a virtualized list shows no rows.
 * This gives elements with an inline pixel height that height as their client height, which is
 * what a browser reports for our fixed-height scrollers. Returns the function that undoes it.
 */
export function applyInlineHeightsAsLayout(): () => void {
  const descriptor = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return Number.parseFloat(this.style.height) || 0;
    },
  });
  return () => {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, 'clientHeight', descriptor);
  };
}
