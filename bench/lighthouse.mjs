// What scripts/bench-lighthouse.ts uses of Lighthouse, imported from here so that the names resolve in this
// package's own node_modules (bench/package.json), not the repository's.
export { default as lighthouse } from 'lighthouse';
export { default as desktopConfig } from 'lighthouse/core/config/desktop-config.js';
export { launch } from 'chrome-launcher';
