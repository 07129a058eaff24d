import * as React from 'react';
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
//
// Text queries skip the page's live region (shared/src/ui/live-region): it repeats on purpose what a screen shows,
// 50 ms later, so a query for the shown text would find two elements whenever the announcement lands first. Tests
// of an announcement read the region itself, by its id.
configure({ asyncUtilTimeout: 5_000, defaultIgnore: 'script, style, #deck-live-region' });

// React's development build records where each element was created (an Error per JSX element, up to 10,000 a
// second) for the owner stacks of its warnings and DevTools. No test reads them, and they were about a tenth of
// a dialog test's CPU: with the count always spent React uses its "unknown owner" stack (docs/decisions.md, "Fast
// feedback"). A React without this counter keeps its owner stacks, only slower.
const internals = (React as unknown as Record<string, { recentlyCreatedOwnerStacks?: number } | undefined>)
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
if (internals && 'recentlyCreatedOwnerStacks' in internals) {
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => {} });
}
