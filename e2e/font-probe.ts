import type { CDPSession, Locator, Page } from '@playwright/test';

/** The fonts Chromium drew a node's text with (DevTools protocol), by family name. */
export async function fontsOf(cdp: CDPSession, target: Locator): Promise<Array<{ familyName: string; glyphCount: number }>> {
  const marker = `font-probe-${Math.random().toString(36).slice(2)}`;
  await target.evaluate((element, id) => element.setAttribute('data-font-probe', id), marker);
  const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-font-probe="${marker}"]` });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  return fonts.map(({ familyName, glyphCount }) => ({ familyName, glyphCount }));
}

export async function fontProbe(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  return cdp;
}
