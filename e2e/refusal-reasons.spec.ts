import type { Locator, Page } from '@playwright/test';
import { csrfToken, demoDocument, demoFolder, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';

/**
 * Every refusal reason can be read by everyone: on hover, on keyboard focus and on a tap, in a popover that the
 * dialog does not clip and that stays whole inside the viewport, on a desktop (1280 × 800) and on a phone
 * (390 × 844, touch). The reasons are the server's (its permission values and reason codes), paired as
 * spec §8 pairs them. Also the rest of the dialog's last defects: the View links page opened directly, and a
 * dialog that keeps its size while it loads. What needs no browser is tested below it: PUT with `fields`
 * (server/src/test/presentation-api.test.ts), the folder's owner-only reason
 * (remotes/share-dialog/src/features/folder/components/folder-page.test.tsx), and the like button without a CSRF
 * cookie (remotes/like-button/src/features/like/components/like-button.test.tsx).
 */

type Reveal = 'hover' | 'tap';

/** Shows the reason of an unavailable control as its user would: pointing at it, or tapping it. */
async function reveal(page: Page, control: Locator, how: Reveal): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  if (how === 'tap') await control.tap({ force: true });
  else await control.hover({ force: true });
  // Radix gives the popover's text a visually hidden copy with the tooltip role; the box drawn is its parent.
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  return tooltip;
}

/** The popover holds `texts` and is drawn whole: inside the viewport, and on top at its corners (nothing cuts it). */
async function expectWhole(page: Page, tooltip: Locator, texts: string[]) {
  for (const text of texts) await expect(tooltip).toContainText(text);
  const drawn = tooltip.locator('xpath=..');
  const box = (await drawn.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, 'left edge inside the viewport').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge inside the viewport').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge inside the viewport').toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, 'bottom edge inside the viewport').toBeLessThanOrEqual(viewport.height);
  const covered = await drawn.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points = [
      [rect.left + 4, rect.top + 4],
      [rect.right - 4, rect.top + 4],
      [rect.left + 4, rect.bottom - 4],
      [rect.right - 4, rect.bottom - 4],
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
    ];
    return points.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !hit || !element.contains(hit);
    });
  });
  expect(covered, 'points of the popover hidden by something else').toEqual([]);
}

/** Puts the popover away: the pointer moves off, or a tap lands on the dialog's own title (a tap on the page behind would close the dialog). */
async function dismiss(page: Page, how: Reveal) {
  if (how === 'tap') {
    const title = page.getByRole('dialog').getByRole('heading').first();
    const box = (await title.boundingBox())!;
    await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
  } else await page.mouse.move(2, 2, { steps: 4 });
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

/** Escape closes an open popover first, then the dialog. */
async function closeDialog(page: Page) {
  for (let press = 0; press < 3 && (await page.getByRole('dialog').count()) > 0; press += 1) await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Each control's reason, shown as its user would, holds its texts and is drawn whole. */
async function expectReasonsWhole(page: Page, cases: Array<[Locator, string[]]>, how: Reveal) {
  for (const [control, texts] of cases) {
    await expectWhole(page, await reveal(page, control, how), texts);
    await dismiss(page, how);
  }
}

async function openDialog(page: Page, user: string, oid: string, query = '') {
  await signIn(page, user, `/editor/${oid}${query}`);
  if (query) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    return dialog;
  }
  return openFromEditor(page);
}

/** Holds the privacy (with the permissions) back until the returned function is called: the dialog stays loading. */
async function holdPrivacy(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/unified-privacy/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Where a popover can meet the viewport's edges is the phone: there every reason is revealed, by tap. On the
 * desktop, where the dialog has room on every side, hover is proven on a non-owner's reasons (the top of the dialog,
 * its switches, a row of the list) and the error icon at its top corner. What each reason says, for every code,
 * is held by the component tests (remotes/share-dialog/src/app/share-dialog.test.tsx, "explains …";
 * remotes/share-dialog/src/features/view-links/components/view-links-page.test.tsx).
 */
const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, how: 'hover' as const, hasTouch: false, everyReason: false },
  { name: 'phone', viewport: { width: 390, height: 844 }, how: 'tap' as const, hasTouch: true, everyReason: true },
];

for (const screen of SCREENS) {
  test.describe(`refusal reasons whole on a ${screen.name} (${screen.viewport.width} × ${screen.viewport.height}, ${screen.how})`, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch });

    test("a collaborator who is not the owner: access level, Public, Reusable, the team's level", async ({ page, request }) => {
      const dialog = await openDialog(page, 'bob', await demoDocument(request, 'Quarterly Review'));
      const cases: Array<[Locator, string[]]> = [
        [dialog.getByRole('button', { name: /^Who can access this document/ }), ['Not allowed to change', 'Only the owner of the document is allowed to set privacy']],
        [dialog.getByRole('switch', { name: 'Public' }), ['Not allowed to publish', 'Only the owner of the document is allowed to publish']],
        [dialog.getByRole('switch', { name: 'Reusable' }), ['Reusable restricted', "This was shared with you and it's not reusable"]],
        [dialog.getByRole('button', { name: /^Permission for Acme team/ }), ['Not allowed to change']],
      ];
      await expectReasonsWhole(page, cases, screen.how);
    });

    if (screen.everyReason) {
      test('a team whose admin switched everything off: Create link, Add, social sharing, Embed, Public', async ({ page, request }) => {
        const dialog = await openDialog(page, 'grace', await demoDocument(request, 'Globex Plan'));
        const cases: Array<[Locator, string[]]> = [
          [dialog.getByRole('button', { name: 'Create link' }), ['Not allowed to create trackable links', 'Creating trackable links is disabled for your team']],
          [dialog.getByRole('button', { name: 'Add', exact: true }), ['Not allowed to add collaborators', 'Sharing is disabled for your team by the admin']],
          [dialog.getByRole('button', { name: 'Share on Facebook' }), ['Sharing is disabled']],
          [dialog.getByRole('button', { name: 'Embed', exact: true }), ['Not allowed to embed']],
          [dialog.getByRole('switch', { name: 'Public' }), ['Not allowed to publish', 'Publishing a document is disabled for this team by the admin']],
        ];
        await expectReasonsWhole(page, cases, screen.how);
      });

      test('a closed document: the social buttons at the edge, Embed, Create link', async ({ page, request }) => {
        const dialog = await openDialog(page, 'alice', await demoDocument(request, 'Private Strategy'));
        const cases: Array<[Locator, string[]]> = [
          [dialog.getByRole('button', { name: 'Share on Google Classroom' }), ['Sharing is disabled', 'Anyone with the link can view']],
          [dialog.getByRole('button', { name: 'Embed', exact: true }), ['Not allowed to embed', 'Only collaborators can access this document']],
          [dialog.getByRole('button', { name: 'Create link' }), ['Not allowed to create trackable links', 'Only individuals can access']],
        ];
        await expectReasonsWhole(page, cases, screen.how);
      });

      test('a free plan: the Privacy control paywall, the link limit and the analytics paywall, each with Upgrade', async ({ page, request }) => {
        const dialog = await openDialog(page, 'frank', await demoDocument(request, "Frank's Pitch"));
        await expectWhole(page, await reveal(page, dialog.getByRole('button', { name: /^Who can access this document/ }), screen.how), ['Privacy control']);
        await dismiss(page, screen.how);
        await expect(dialog.getByRole('button', { name: 'Upgrade' }).first()).toBeVisible();

        // Frank has used his plan's one link: Create new link explains the limit.
        await dialog.getByRole('button', { name: 'Manage links' }).click();
        const create = dialog.getByRole('button', { name: 'Create new link' });
        await expectWhole(page, await reveal(page, create, screen.how), ['Not allowed to create trackable links', 'limit']);
        await dismiss(page, screen.how);

        // Carol, free and without links, may create one, but not with analytics.
        const added = await request.post('/dev/documents', { headers: { 'X-CSRFToken': await csrfToken(request) }, data: { owner: 'carol', count: 1 } });
        expect(added.status()).toBe(204);
        await signIn(page, 'carol', '/dashboard');
        await page.getByRole('link', { name: 'Extra document 01' }).click();
        const own = await openFromEditor(page);
        await own.getByRole('button', { name: 'Create link' }).click();
        const analytics = own.getByRole('switch', { name: 'Track views in analytics' });
        await expectWhole(page, await reveal(page, analytics, screen.how), ['Not allowed to set Analytics']);
        await dismiss(page, screen.how);
      });
    }

    test("the error icon's message, at the dialog's top corner", async ({ page, request }) => {
      await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
      );
      await signIn(page, 'alice', `/editor/${await demoDocument(request, 'Quarterly Review')}`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const icon = page.getByRole('dialog').getByRole('button', { name: 'An error has occurred' });
      await expectWhole(page, await reveal(page, icon, screen.how), ['An error has occurred', 'Please try again later.']);
    });
  });
}

test.describe('the refusals come from the server and say what spec §8 pairs', () => {
  test("a viewer's Create link: 'Not allowed to manage trackable links', the reason that goes with it", async ({ page, request }) => {
    const dialog = await openDialog(page, 'dave', await demoDocument(request, 'Quarterly Review'));
    const create = dialog.getByRole('button', { name: 'Create link' });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await expect(create).toHaveAccessibleDescription('Not allowed to manage trackable links You do not have sufficient permission to manage trackable links');
  });

  test('the View links page opened directly offers no link where the share page offers none: a classic deck', async ({ page, request }) => {
    const dialog = await openDialog(page, 'alice', await demoDocument(request, 'Classic Deck'), '?share=view-links');
    const create = dialog.getByRole('button', { name: 'Create new link' });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await expect(create).toHaveAccessibleDescription(/Not allowed to create trackable links.*Trackable links are not available for this type of document\./);
    // The share page says nothing of trackable links on it either.
    await closeDialog(page);
    const shared = await openFromEditor(page);
    await expect(shared.getByRole('region', { name: 'Trackable links' })).toHaveCount(0);
  });

  test('a design: trackable links while the design switch is on, none on either page once it is off', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Brand Infographic');
    const on = await openDialog(page, 'alice', oid);
    // Worded for a design.
    await expect(on.getByRole('region', { name: 'Trackable links' })).toContainText('This design does not have any trackable links');
    const off = await request.post('/dev/feature-switches', {
      headers: { 'X-CSRFToken': await csrfToken(request) },
      data: { name: 'design_analytics_view_links', enabled: false },
    });
    expect(off.status()).toBe(204);
    const direct = await openDialog(page, 'alice', oid, '?share=view-links');
    const create = direct.getByRole('button', { name: 'Create new link' });
    await expect(create).toHaveAttribute('aria-disabled', 'true');
    await expect(create).toHaveAccessibleDescription(/Trackable links are not available for this type of document\./);
    // Pressing it does not open the create screen.
    await create.click({ force: true });
    await expect(direct.getByRole('button', { name: 'Save Link' })).toHaveCount(0);
    await closeDialog(page);
    const shared = await openFromEditor(page);
    await expect(shared.getByRole('region', { name: 'Trackable links' })).toHaveCount(0);
  });
});

test.describe('a dialog that keeps its size', () => {
  test('loading → loaded, and from screen to screen: no jump larger than the final height change', async ({ page, request }, info) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    // Hold the privacy (with the permissions) until the loading state has been seen.
    const release = await holdPrivacy(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('status', { name: 'Loading' })).toBeVisible();
    // The share page's outline stands in for it meanwhile (soft: the sizes below are the point).
    await expect.soft(dialog.getByTestId('share-page-placeholder')).toBeVisible();
    const heights: number[] = [];
    const measure = async (state: string) => {
      // Measured once the state is drawn: after the next frame.
      await page.evaluate(() => new Promise(requestAnimationFrame));
      heights.push((await dialog.boundingBox())!.height);
      await page.screenshot({ path: info.outputPath(`${heights.length}-${state}.png`) });
    };
    await measure('loading');
    release();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
    await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await measure('loaded');
    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Manage Collaborators' })).toBeVisible();
    await measure('collaborators');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
    await measure('embed');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await expect(dialog.getByRole('heading', { name: 'View links' })).toBeVisible();
    await measure('view links');
    const finalChange = Math.abs(heights[1] - heights[0]);
    const jumps = heights.slice(1).map((height, index) => Math.abs(height - heights[index]));
    expect(Math.max(...jumps), `heights ${heights.join(' → ')}`).toBeLessThanOrEqual(finalChange + 1);
    // And the box is the same size throughout.
    expect(Math.max(...heights) - Math.min(...heights), `heights ${heights.join(' → ')}`).toBeLessThanOrEqual(1);
  });
});

test.describe('axe on each changed state, in both themes', () => {
  test.describe.configure({ timeout: 300_000 });

  test('the named dialog, its field-like access level, ticked menu, reasons by tap, the View links page, the folder note', async ({ page, request }) => {
    const found: Found = [];
    const dialog = await openDialog(page, 'bob', await demoDocument(request, 'Quarterly Review'));
    await axeBothSchemes(page, found, 'share page with the document named');
    await dialog.getByRole('button', { name: /^Permission for Bob Brown/ }).click();
    await expect(page.getByRole('menuitemradio', { name: /Can edit/ })).toBeFocused();
    await axeBothSchemes(page, found, 'permission menu with its tick');
    await page.keyboard.press('Escape');
    await reveal(page, dialog.getByRole('switch', { name: 'Public' }), 'hover');
    await axeBothSchemes(page, found, 'a reason shown');
    await dismiss(page, 'hover');
    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Manage Collaborators' })).toBeVisible();
    await axeBothSchemes(page, found, 'Manage Collaborators with its own header');
    await dialog.getByRole('button', { name: 'Back' }).click();

    const direct = await openDialog(page, 'alice', await demoDocument(request, 'Classic Deck'), '?share=view-links');
    await expect(direct.getByRole('button', { name: 'Create new link' })).toHaveAttribute('aria-disabled', 'true');
    await axeBothSchemes(page, found, 'View links page of a classic deck');

    const board = await demoFolder(request, 'Board Only');
    await signIn(page, 'bob', '/dashboard');
    await page.getByRole('listitem').filter({ hasText: board.name }).getByRole('button', { name: /^Share folder/ }).click();
    await expect(page.getByRole('dialog', { name: 'Share Folder' }).getByText('Only the owner of this folder can add collaborators')).toBeVisible();
    await axeBothSchemes(page, found, 'folder page saying who adds people');

    expect(found).toEqual([]);
  });

  test('the loading state, a reason by tap on a phone, the CSRF message', async ({ page, request }) => {
    const found: Found = [];
    await page.setViewportSize({ width: 390, height: 844 });
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'bob', `/editor/${oid}`);
    const release = await holdPrivacy(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('dialog').getByTestId('share-page-placeholder')).toBeVisible();
    await axeBothSchemes(page, found, 'loading placeholder');
    release();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Public' }).focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await axeBothSchemes(page, found, 'a reason on keyboard focus, on a phone');

    await page.goto(`/view/${oid}`);
    await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
    await page.context().clearCookies({ name: 'csrftoken' });
    await page.locator('[data-remote="like-button"] button').click();
    await expect(page.getByText('Cannot make request without CSRF token.').first()).toBeVisible();
    await axeBothSchemes(page, found, 'like without a CSRF token');

    expect(found).toEqual([]);
  });
});
