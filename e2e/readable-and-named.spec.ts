import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST } from '../shared/src/theme/contrast';
import { inEachScheme } from './axe';

/**
 * What a keyboard, screen-reader or low-vision user needs to read and tell apart: a tooltip that stays while
 * read (WCAG 1.4.13), text and edges with enough contrast (1.4.3, 1.4.11), headings in order (1.3.1), and
 * controls and values with names that say what they are (2.4.6).
 */

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

async function expectContrast(what: string, target: Locator, property: 'color' | 'border-top-color', minimum: number) {
  const { foreground, background } = await colours(target, property);
  const ratio = contrastRatio(foreground, background);
  expect(ratio, `${what}: ${foreground} on ${background} = ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
}

/** Each state is reached once and measured in the light and the dark scheme (e2e/axe.ts, inEachScheme). */
async function expectContrastInEachScheme(what: string, target: Locator, property: 'color' | 'border-top-color', minimum: number) {
  await inEachScheme(target.page(), (colorScheme) => expectContrast(`${what}, ${colorScheme}`, target, property, minimum));
}

/** Every text field and text area under `within` has an edge of at least 3:1 against what is behind it. */
async function expectFieldEdges(page: Page, within: Locator, where: string) {
  await inEachScheme(page, (colorScheme) => expectFieldEdgesNow(within, `${where}, ${colorScheme}`));
}

async function expectFieldEdgesNow(within: Locator, where: string) {
  const fields = within.locator('input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, select');
  const count = await fields.count();
  expect(count, `${where} has fields`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible())) continue;
    const name = (await field.getAttribute('aria-label')) ?? (await field.getAttribute('placeholder')) ?? `field ${index + 1}`;
    await expectContrast(`${where}: the edge of "${name}"`, field, 'border-top-color', MIN_NON_TEXT_CONTRAST);
  }
}

test.describe('the load-error tooltip stays while it is read (WCAG 1.4.13)', () => {
  test('hovered, it does not close after 3 s; left alone, it closes', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.clock.install();
    await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await signIn(page, 'alice', `/editor/${oid}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
    const icon = dialog.getByRole('button', { name: 'An error has occurred' });
    await icon.hover();
    await page.clock.runFor(400);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Please try again later.');
    await page.clock.runFor(5000);
    await expect(tooltip, 'still shown while the pointer is on the icon').toBeVisible();
    // Onto the tooltip itself: it stays too.
    const box = (await tooltip.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
    await page.clock.runFor(5000);
    await expect(tooltip, 'still shown while the pointer is on the tooltip').toBeVisible();
    await page.mouse.move(5, 5, { steps: 4 });
    await page.clock.runFor(3500);
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe('contrast and headings on the soft panels and fields, light and dark', () => {
  test('the sign-in offer: links and buttons 4.5:1, its heading follows the page heading', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.goto(`/view/${oid}`);
    await page.locator('[data-remote="like-button"] button').click();
    const offer = page.getByRole('region', { name: 'Sign in to like this content' });
    await expect(offer).toBeVisible();
    for (const control of [offer.getByRole('link').first(), offer.getByRole('button', { name: 'Not now' })]) {
      await expectContrastInEachScheme(`"${await control.textContent()}" on the sign-in offer`, control, 'color', MIN_TEXT_CONTRAST);
    }
    // The page's h1 is the document title; the offer's heading is the next level down, not h3.
    await expect(offer.getByRole('heading', { level: 2, name: 'Sign in to like this content' })).toBeVisible();
  });

  test('the upgrade notice: Dismiss 4.5:1', async ({ page, request }) => {
    await signIn(page, 'frank', `/editor/${await demoDocument(request, "Frank's Pitch")}`);
    const dialog = await openFromEditor(page);
    await dialog.getByRole('button', { name: 'Upgrade' }).first().click();
    const notice = page.getByRole('status').filter({ hasText: 'Upgrade requested' });
    await expectContrastInEachScheme('"Dismiss" on the upgrade notice', notice.getByRole('button', { name: 'Dismiss' }), 'color', MIN_TEXT_CONTRAST);
  });

  test('every text field shows its edge at 3:1: the add forms, their message fields, the copy and embed fields', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    await expectFieldEdges(page, dialog, 'share page');
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
    await expectFieldEdges(page, dialog, 'embed page');
    await page.keyboard.press('Escape');
    await expectFieldEdges(page, page.locator('[data-remote="referral-panel"]'), 'referral panel');

    const closed = await demoDocument(request, 'Private Strategy');
    await signIn(page, 'frank', `/editor/${closed}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
    await expectFieldEdges(page, page.getByRole('main'), 'request access');
  });
});

/** The accessible names that more than one visible button under `within` has. */
async function duplicateNames(within: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const button of await within.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    names.push(((await button.getAttribute('aria-label')) ?? (await button.innerText())).trim());
  }
  return names.filter((name, index) => names.indexOf(name) !== index);
}

test.describe('names that say what a control or value is (WCAG 2.4.6)', () => {
  test('no two buttons of the share page have the same name, and each copy button names what it copies', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveAccessibleName('Copy view link');
    expect(await duplicateNames(dialog), 'buttons of the share page that share a name').toEqual([]);
    // The Embed page copies two things: the code and the player-only link.
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy player-only link' })).toBeVisible();
    expect(await duplicateNames(dialog), 'buttons of the Embed page that share a name').toEqual([]);
  });

  for (const [locale, presentation] of [
    ['en', 'Presentation'],
    ['de', 'Präsentation'],
  ] as const) {
    test(`the dashboard spells out document types (${locale})`, async ({ page, baseURL }) => {
      await page.context().addCookies([{ name: 'language', value: locale, url: baseURL! }]);
      await signIn(page, 'alice', '/dashboard');
      const table = page.getByRole('table').first();
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      const types = await table.locator('tbody tr td:nth-child(2)').allInnerTexts();
      expect(types.filter((type) => /^[A-Z_]+$/.test(type.trim())), 'raw type codes').toEqual([]);
      expect(types).toContain(presentation);
    });
  }
});
