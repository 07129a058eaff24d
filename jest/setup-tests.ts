import { configure } from '@testing-library/react';
import '@testing-library/jest-dom/jest-globals';
import '@testing-library/jest-dom';

// Radix primitives measure elements and observe resizes, which jsdom does not implement.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};

// Tests that mount remotes through createRoot wrap their work in act().
(globalThis as typeof globalThis & { IS_REACT_ACT_ENVIRONMENT: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The page's live region outlives a test's render; each test starts without one, so an announcement
// of an earlier test is never mistaken for its own.
afterEach(() => {
  document.getElementById('deck-live-region')?.remove();
});

// findBy… and waitFor give up after 5 s instead of 1 s: a hang guard, not a timing check. In `npm test` Jest runs
// at a lower priority beside the browser tests (scripts/test.ts), where a lazily loaded screen can take more than
// a second to appear.
configure({ asyncUtilTimeout: 5_000 });
