import { existsSync } from 'node:fs';

/** Flags that keep Chromium from reaching the network it does not have here. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The system Chromium: CHROMIUM_PATH when set, else the first one installed. */
export function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** Debian's package of Chromium's headless shell (`chromium-headless-shell`), the same version as its `chromium`. */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests' Chromium: CHROMIUM_PATH when set, else the headless shell when installed (what Playwright
 * itself runs headless tests on: the same Blink without the full browser around it, about a sixth less CPU per
 * test here), else the full browser. The benchmarks and Lighthouse keep the full browser, as visitors run it
 * (docs/decisions.md, "Fast feedback").
 */
export function testChromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumPath();
}
