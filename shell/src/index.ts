// Hands this page's federation bundler runtime to our remotes before any of them loads.
import './federation/bundler-runtime-provider';
import { holdFirstViewControls } from './first-view/held-controls';
import { takeOverWhenAsked } from './first-view/take-over-on-intent';

// What the server wrote waits for its remotes without losing a press (docs/architecture.md, "The view page's first view").
holdFirstViewControls();

// Shared modules are negotiated asynchronously before any of the app runs, once the page has painted what the server
// wrote, and on a page the server wrote a first view into once the visitor first shows an intent.
takeOverWhenAsked(() => void import(/* webpackChunkName: "bootstrap" */ './bootstrap'));
