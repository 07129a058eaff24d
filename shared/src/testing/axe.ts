import axe from 'axe-core';

/**
 * axe's violations in a rendered component (jsdom), as `rule: targets` lines. Contrast needs a real browser's
 * layout, and a component alone sits in no page landmark: those two rules are the browser tests' (e2e, axe).
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}
