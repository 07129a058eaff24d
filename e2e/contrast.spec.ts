import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, moveThePointer, signIn, test } from './fixtures';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST } from '../shared/src/theme/contrast';
import { inEachScheme } from './axe';
import { fastForwardUntilVisible } from './fast-forward';
import { differs, inEachForcedScheme, pixelsOf, type Pixels } from './forced-colours';
import { expectContrast as expectTextContrast } from './text-contrast';

/**
 * WCAG 1.4.3 and 1.4.11 measured in the browser, in both themes: the colours
 * are read from Chromium's computed styles, the background from the nearest painted ancestor. Each state is
 * reached once and measured in the light and the dark scheme. On the same walk: forced colours (e2e/forced-colours.ts),
 * the edge of every text field, and names that say what a button is (WCAG 2.4.6).
 */
async function measure(target: Locator, property: 'color' | 'outline-color' | 'border-top-color' | 'background-color' | 'box-shadow') {
  return target.evaluate((element, cssProperty) => {
    const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    let backgroundOf: Element | null = cssProperty === 'background-color' ? element.parentElement : element;
    let background = 'rgb(255, 255, 255)';
    while (backgroundOf) {
      const colour = getComputedStyle(backgroundOf).backgroundColor;
      if (!transparent(colour)) {
        background = colour;
        break;
      }
      backgroundOf = backgroundOf.parentElement;
    }
    const raw = getComputedStyle(element).getPropertyValue(cssProperty);
    // A box-shadow ring reads "rgb(…) 0px 0px 0px 2px inset": its colour is the first token.
    const foreground = cssProperty === 'box-shadow' ? (/rgba?\([^)]*\)/.exec(raw)?.[0] ?? raw) : raw;
    return { foreground, background, connected: element.isConnected };
  }, property);
}

/**
 * measure() on the element the locator finds once it stays in the page: a server-written control that the page's
 * own replaces (the take-over, after the first paint) has no computed colours once it is gone.
 */
async function measureConnected(target: Locator, property: Parameters<typeof measure>[1]) {
  for (let attempt = 0; ; attempt += 1) {
    const measured = await measure(target, property);
    if ((measured.connected && measured.foreground !== '') || attempt === 20) return measured;
    await target.page().waitForTimeout(100);
  }
}

/** Measured in both themes, on the page as it is (e2e/axe.ts, inEachScheme). */
async function expectContrast(what: string, target: Locator, property: Parameters<typeof measure>[1], minimum: number) {
  await inEachScheme(target.page(), async (colorScheme) => {
    const { foreground, background } = await measureConnected(target, property);
    const ratio = contrastRatio(foreground, background);
    expect(ratio, `${what}, ${colorScheme}: ${property} ${foreground} on ${background} = ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(minimum);
  });
}

/** The highlight of a focused item is a ring inside it: it must stand out from the item and from the list around it. */
async function expectRing(what: string, item: Locator, property: 'outline-color' | 'box-shadow') {
  await inEachScheme(item.page(), async (colorScheme) => {
    const { foreground, background } = await measure(item, property);
    expect(contrastRatio(foreground, background), `${what} against its own tint, ${colorScheme}: ${foreground} on ${background}`).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
    // The parent's nearest painted background is the list's (or menu's) own.
    const { background: listBackground } = await measure(item.locator('xpath=..'), 'color');
    expect(contrastRatio(foreground, listBackground), `${what} against the list, ${colorScheme}`).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
  });
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
    await expectTextContrast(`${where}: the edge of "${name}"`, field, 'border-top-color', MIN_NON_TEXT_CONTRAST);
  }
}

/** The accessible names that more than one visible button under `within` has. */
async function duplicateNames(within: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const button of await within.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    names.push(((await button.getAttribute('aria-label')) ?? (await button.innerText())).trim());
  }
  return names.filter((name, index) => names.indexOf(name) !== index);
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  return dialog;
}

test('contrast in the light and the dark theme (the system preference): the shell page, the editor page and referral panel, the share dialog, the fields\' edges and the buttons\' names, forced colours, the other primary and danger buttons, "E-mail sent"; the demo switch forces a theme and remembers it', async ({ page, request }) => {
  test.setTimeout(120_000);
  // A fake clock that otherwise keeps time: the folder's 'E-mail sent' shows 2 s after an add (spec §4), jumped to.
  await page.clock.install();
  const oid = await demoDocument(request, 'Quarterly Review');
  await signIn(page, 'alice', `/editor/${oid}`);

  await test.step('the shell page follows the theme: its background sits under its text', async () => {
    const body = page.locator('body');
    await inEachScheme(page, async (colorScheme) => {
      await expect(page.locator('html')).toHaveCSS('color-scheme', colorScheme);
      await expect(body).toHaveCSS('background-color', colorScheme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)');
      const { foreground, background } = await body.evaluate((element) => ({
        foreground: getComputedStyle(element).color,
        background: getComputedStyle(element).backgroundColor,
      }));
      expect(contrastRatio(foreground, background), colorScheme).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(22, 24, 29)' : 'rgb(255, 255, 255)');
    });
  });

  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await test.step('editor page, referral panel and share dialog: text 4.5:1, boundaries and focus 3:1', async () => {
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await expectContrast('Share (primary button)', share, 'color', MIN_TEXT_CONTRAST);
    const promo = page.locator('[data-remote="referral-panel"]');
    await expectContrast('"Introducing"', promo.getByText('Introducing'), 'color', MIN_TEXT_CONTRAST);
    await expectContrast('"See how"', promo.getByRole('link', { name: /See how/ }), 'color', MIN_TEXT_CONTRAST);

    await openDialog(page);
    await expectContrast('Done (primary button)', dialog.getByRole('button', { name: 'Done' }), 'color', MIN_TEXT_CONTRAST);
    const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
    await expect(publicSwitch).not.toBeChecked();
    await expectContrast('switch track (off)', publicSwitch, 'background-color', MIN_NON_TEXT_CONTRAST);

    const field = dialog.getByRole('combobox').first();
    await expectContrast('e-mail field border', field, 'border-top-color', MIN_NON_TEXT_CONTRAST);
    await field.focus();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expectContrast('focus ring of the e-mail field', field, 'outline-color', MIN_NON_TEXT_CONTRAST);

    // The contact suggestions: the highlighted option.
    await field.pressSequentially('er');
    await expect(page.getByRole('option', { name: /Erin Evans/ })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    const option = page.locator('[role="option"][aria-selected="true"]');
    await expect(option).toHaveCount(1);
    await expectRing('highlighted contact option', option, 'box-shadow');
    await page.keyboard.press('Escape');

    // A menu's focused item: the access-level menu opened from the keyboard.
    await dialog.getByRole('button', { name: /Who can access this document/ }).focus();
    await page.keyboard.press('Enter');
    const item = page.getByRole('menuitemradio').first();
    await expect(item).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    const highlighted = page.locator('[role="menuitemradio"][data-highlighted]');
    await expect(highlighted).toHaveCount(1);
    await expectRing('focused menu item', highlighted, 'outline-color');
    await page.keyboard.press('Escape');

    // An error, then a success message, then Add enabled.
    await field.fill('not an address');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const problemId = await field.getAttribute('aria-describedby');
    expect(problemId).toBeTruthy();
    await expectContrast('error text', page.locator(`[id="${problemId!.split(' ')[0]}"]`), 'color', MIN_TEXT_CONTRAST);

    await field.fill('new.person@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const added = dialog.getByText(/new\.person@example\.com was added/);
    await expect(added).toBeVisible();
    await expectContrast('"…was added" (success text)', added, 'color', MIN_TEXT_CONTRAST);

    await field.fill('someone@example.com');
    const add = dialog.getByRole('button', { name: 'Add', exact: true });
    await expect(add).toBeEnabled();
    await expectContrast('Add (primary button)', add, 'color', MIN_TEXT_CONTRAST);
  });

  await test.step('every text field shows its edge at 3:1: the share page, the referral panel; no two buttons of the share page share a name, and its copy button names what it copies', async () => {
    await expectFieldEdges(page, dialog, 'share page');
    await expectFieldEdges(page, page.locator('[data-remote="referral-panel"]'), 'referral panel');
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveAccessibleName('Copy view link');
    expect(await duplicateNames(dialog), 'buttons of the share page that share a name').toEqual([]);
  });

  await test.step('the Embed page, which copies two things (the code and the player-only link): its fields show their edge, no two buttons share a name', async () => {
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
    await expectFieldEdges(page, dialog, 'embed page');
    await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(2);
    await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy player-only link' })).toBeVisible();
    expect(await duplicateNames(dialog), 'buttons of the Embed page that share a name').toEqual([]);
    await dialog.getByRole('button', { name: 'Back' }).click();
  });

  // Forced colours, light and dark scheme (e2e/forced-colours.ts).
  await page.emulateMedia({ forcedColors: 'active' });
  await test.step('the active contact suggestion is marked without a shadow', async () => {
    const field = dialog.getByRole('combobox');
    await field.fill('');
    await field.pressSequentially('er');
    const option = page.getByRole('listbox').getByRole('option', { name: /Erin Evans/ });
    await expect(option).toBeVisible();
    await expect(option).not.toHaveAttribute('aria-selected', 'true');
    const inactive = new Map<string, Pixels>();
    await inEachForcedScheme(page, async (colorScheme) => void inactive.set(colorScheme, await pixelsOf(page, option)));
    await field.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await inEachForcedScheme(page, async (colorScheme) => {
      const active = await pixelsOf(page, option);
      expect(differs(active, inactive.get(colorScheme)!), `the active option looks different from the same option inactive (${colorScheme})`).toBe(true);
    });
    // Escape closes the list, and the field is emptied for the next step.
    await field.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await field.fill('');
  });

  await test.step('the Public, Reusable and create-link switches draw their track and thumb, and on differs from off', async () => {
    const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
    const reusable = dialog.getByRole('switch', { name: 'Reusable' });
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await inEachForcedScheme(page, async (colorScheme) => {
      expect((await pixelsOf(page, publicSwitch)).colours, `an unchecked switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect((await pixelsOf(page, reusable)).colours, `Reusable draws something (${colorScheme})`).toBeGreaterThan(1);
    });

    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    const analytics = dialog.getByRole('switch', { name: /analytics/i });
    const identify = dialog.getByRole('switch', { name: /name and e-mail/i });
    await expect(analytics).toHaveAttribute('aria-checked', 'true');
    await expect(identify).toHaveAttribute('aria-checked', 'false');
    await inEachForcedScheme(page, async (colorScheme) => {
      const on = await pixelsOf(page, analytics);
      const identifyOff = await pixelsOf(page, identify);
      expect(on.colours, `a checked switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect(identifyOff.colours, `an unchecked create-link switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect(differs(on, identifyOff), `on and off look different (${colorScheme})`).toBe(true);
    });
  });
  await page.emulateMedia({ forcedColors: 'none', colorScheme: 'light' });

  await test.step('Create new link, Deactivate link, Present, Open presentation and "E-mail sent"', async () => {
    // On the Create New Link screen the forced colours left: back to the list.
    await dialog.getByRole('button', { name: 'Back' }).click();
    const create = dialog.getByRole('button', { name: 'Create new link' });
    await expect(create).toBeVisible();
    await expectContrast('Create new link (primary button)', create, 'color', MIN_TEXT_CONTRAST);
    await dialog.getByRole('button', { name: 'Board members', exact: true }).click();
    const deactivate = dialog.getByRole('button', { name: 'Deactivate link', exact: true });
    await expectContrast('Deactivate link (danger action)', deactivate, 'color', MIN_TEXT_CONTRAST);
    await deactivate.click();
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Deactivate link', exact: true });
    await expectContrast('Deactivate link (confirming, danger button)', confirm, 'color', MIN_TEXT_CONTRAST);
    await page.keyboard.press('Escape');

    await page.goto(`/view/${oid}`);
    // The overlay's own Present, once it has replaced the server-written one (which it swaps out as it renders).
    await moveThePointer(page);
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    const present = page.getByRole('region', { name: 'Presentation overlay' }).getByRole('button', { name: 'Present' });
    await expect(present).toBeVisible();
    await expectContrast('Present (primary button)', present, 'color', MIN_TEXT_CONTRAST);

    // A link that asks for the viewer's name first: its Open presentation button.
    const links = (await (await page.request.get(`/api/v1/prezilink/?presentation_oid=${oid}`)).json()) as Array<{ link_id: string; viewer_identification: boolean }>;
    const identifying = links.find((link) => link.viewer_identification);
    expect(identifying, 'a demo link asks for name and e-mail').toBeTruthy();
    await page.goto(`/l/${identifying!.link_id}`);
    const open = page.getByRole('button', { name: 'Open presentation' });
    await expect(open).toBeVisible();
    await expectContrast('Open presentation (primary button)', open, 'color', MIN_TEXT_CONTRAST);

    await page.goto('/dashboard');
    await page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' }).click();
    const folder = page.getByRole('dialog', { name: 'Share Folder' });
    await folder.getByRole('textbox', { name: 'Add people by e-mail' }).fill('carol@example.com');
    await folder.getByRole('button', { name: 'Add', exact: true }).click();
    // Shown beside the form (and said in the page's live region, which is not where its colour is).
    const sent = folder.getByText('E-mail sent', { exact: true });
    await fastForwardUntilVisible(page, sent);
    // The notice goes after 3 s (spec §9) but its box stays: mark it, so a slow machine still measures its colour.
    await sent.evaluate((element) => element.setAttribute('data-measured-notice', ''));
    await expectContrast('"E-mail sent" (success text)', folder.locator('[data-measured-notice]'), 'color', MIN_TEXT_CONTRAST);
  });

  await test.step('the request-access page: its fields show their edge', async () => {
    await signIn(page, 'frank', `/editor/${await demoDocument(request, 'Private Strategy')}`);
    await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
    await expectFieldEdges(page, page.getByRole('main'), 'request access');
  });

  await test.step('the demo switch forces a theme over the system preference, for the shell and its remotes, and remembers it', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signIn(page, 'alice', `/editor/${oid}`);
    const promo = page.locator('[data-remote="referral-panel"] section').last();
    await expect(promo).toBeVisible();
    const lightPromo = await promo.evaluate((element) => getComputedStyle(element).backgroundColor);

    await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
    await expect(promo).not.toHaveCSS('background-color', lightPromo);

    await page.reload();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
    await expect(page.getByRole('combobox', { name: 'Colour theme' })).toHaveValue('dark');
    await page.getByRole('combobox', { name: 'Colour theme' }).selectOption('system');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  });
});
