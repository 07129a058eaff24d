import type { Locator } from '@playwright/test';
import { expect } from './fixtures';
import { contrastRatio } from '../shared/src/theme/contrast';
import { inEachScheme } from './axe';

/** The colour of `property` of `target` and the nearest painted background behind it. */
async function colours(target: Locator, property: 'color' | 'border-top-color') {
  return target.evaluate((element, cssProperty) => {
    const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    let backgroundOf: Element | null = cssProperty === 'border-top-color' ? element.parentElement : element;
    let background = 'rgb(255, 255, 255)';
    for (; backgroundOf; backgroundOf = backgroundOf.parentElement) {
      const colour = getComputedStyle(backgroundOf).backgroundColor;
      if (!transparent(colour)) {
        background = colour;
        break;
      }
    }
    return { foreground: getComputedStyle(element).getPropertyValue(cssProperty), background };
  }, property);
}

export async function expectContrast(what: string, target: Locator, property: 'color' | 'border-top-color', minimum: number) {
  const { foreground, background } = await colours(target, property);
  const ratio = contrastRatio(foreground, background);
  expect(ratio, `${what}: ${foreground} on ${background} = ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
}

/** Each state is reached once and measured in the light and the dark scheme (e2e/axe.ts, inEachScheme). */
export async function expectContrastInEachScheme(what: string, target: Locator, property: 'color' | 'border-top-color', minimum: number) {
  await inEachScheme(target.page(), (colorScheme) => expectContrast(`${what}, ${colorScheme}`, target, property, minimum));
}
