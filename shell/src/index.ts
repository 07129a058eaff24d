// Hands this page's federation bundler runtime to our remotes before any of them loads.
import './federation/bundler-runtime-provider';
import { afterFirstPaint, holdFirstViewControls } from './first-view/held-controls';

// What the server wrote waits for its remotes without taking clicks that would be lost (docs/architecture.md).
holdFirstViewControls();

// Shared modules are negotiated asynchronously before any of the app runs, once the page has painted what
// the server wrote: none of it waits for a script.
afterFirstPaint(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
