import type { Locator, Page } from '@playwright/test';
import { csrfToken, demoDocument, demoFolder, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';
import { expectWhole } from './popover';

/**
 * Every refusal reason can be read by everyone: on hover, on keyboard focus and on a tap, in a popover that the
 * dialog does not clip and that stays whole inside the viewport, on a desktop (1280 × 800) and on a phone
 * (390 × 844, touch), with the dialog's states held to axe in both themes; and a dialog that keeps its size while
 * it loads. The reasons are the server's (its permission values and reason codes, server/src/test/roles.test.ts,
 * viewlinks.test.ts), paired as spec §8 pairs them; what each reason says, per code, is the component tests'
 * (remotes/share-dialog/src/app/share-dialog.test.tsx, "explains …";
 * remotes/share-dialog/src/features/view-links/components/view-links-page.test.tsx, the create button). What
 * else needs no browser is tested below it too: PUT with `fields` (server/src/test/presentation-api.test.ts), the
 * folder's owner-only reason (remotes/share-dialog/src/features/folder/components/folder-page.test.tsx), and the
 * like button without a CSRF cookie (remotes/like-button/src/features/like/components/like-button.test.tsx).
 */

type Reveal = 'hover' | 'tap';

/**
 * The page runs on a fake clock that otherwise keeps time (Playwright's `clock`): a popover's open and close
 * delays (spec §9; shared/src/ui/tooltip/tooltip.test.tsx holds them) are jumped over instead of waited out.
 */
test.beforeEach(async ({ page }) => {
  await page.clock.install();
});

/** Past a popover's open or close delay. */
const PAST_THE_DELAY_MS = 600;

/** Shows the reason of an unavailable control as its user would: pointing at it, or tapping it. */
async function reveal(page: Page, control: Locator, how: Reveal): Promise<Locator> {
  await control.scrollIntoViewIfNeeded();
  if (how === 'tap') await control.tap({ force: true });
  else await control.hover({ force: true });
  await page.clock.fastForward(PAST_THE_DELAY_MS);
  // Radix gives the popover's text a visually hidden copy with the tooltip role; the box drawn is its parent.
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toBeVisible();
  return tooltip;
}

/** Puts the popover away: the pointer moves off, or a tap lands on the dialog's own title (a tap on the page behind would close the dialog). */
async function dismiss(page: Page, how: Reveal) {
  if (how === 'tap') {
    const title = page.getByRole('dialog').getByRole('heading').first();
    const box = (await title.boundingBox())!;
    await page.touchscreen.tap(box.x + 4, box.y + box.height / 2);
  } else await page.mouse.move(2, 2, { steps: 4 });
  await page.clock.fastForward(PAST_THE_DELAY_MS);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
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

/** A non-owner's reasons: the top of the dialog, its switches, a row of the list. */
function nonOwnerCases(dialog: Locator): Array<[Locator, string[]]> {
  return [
    [dialog.getByRole('button', { name: /^Who can access this document/ }), ['Not allowed to change', 'Only the owner of the document is allowed to set privacy']],
    [dialog.getByRole('switch', { name: 'Public' }), ['Not allowed to publish', 'Only the owner of the document is allowed to publish']],
    [dialog.getByRole('switch', { name: 'Reusable' }), ['Reusable restricted', "This was shared with you and it's not reusable"]],
    [dialog.getByRole('button', { name: /^Permission for Acme team/ }), ['Not allowed to change']],
  ];
}

test.describe('on a desktop (1280 × 800), by hover', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("bob's reasons whole by hover; axe on the named dialog, its ticked menu, a reason, Manage Collaborators, a classic deck's View links page and the folder note", async ({ page, request }) => {
    test.setTimeout(150_000);
    const found: Found = [];
    const dialog = await openDialog(page, 'bob', await demoDocument(request, 'Quarterly Review'));

    await test.step("a collaborator who is not the owner: access level, Public, Reusable, the team's level", async () => {
      // Where the dialog has room on every side, hover is proven on a non-owner's reasons; the error icon at the
      // top corner is readable-and-named.spec.ts's. Every other reason is drawn on the phone below.
      await expectReasonsWhole(page, nonOwnerCases(dialog), 'hover');
    });

    await test.step('axe on the share page naming its document, a permission menu with its tick, a reason, Manage Collaborators', async () => {
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
    });

    await test.step('the View links page of a classic deck, opened directly, offers no link; axe on it', async () => {
      const direct = await openDialog(page, 'alice', await demoDocument(request, 'Classic Deck'), '?share=view-links');
      const create = direct.getByRole('button', { name: 'Create new link' });
      await expect(create).toHaveAttribute('aria-disabled', 'true');
      await expect(create).toHaveAccessibleDescription(/Not allowed to create trackable links.*Trackable links are not available for this type of document\./);
      await axeBothSchemes(page, found, 'View links page of a classic deck');
    });

    await test.step('axe on the folder page saying who adds people', async () => {
      const board = await demoFolder(request, 'Board Only');
      await signIn(page, 'bob', '/dashboard');
      await page.getByRole('listitem').filter({ hasText: board.name }).getByRole('button', { name: /^Share folder/ }).click();
      await expect(page.getByRole('dialog', { name: 'Share Folder' }).getByText('Only the owner of this folder can add collaborators')).toBeVisible();
      await axeBothSchemes(page, found, 'folder page saying who adds people');
    });

    expect(found).toEqual([]);
  });
});

test.describe('on a phone (390 × 844, touch), by tap', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the loading outline, every refusal reason whole by tap, a reason on focus, the error icon, the CSRF message; axe on those states', async ({ page, request }) => {
    test.setTimeout(180_000);
    const found: Found = [];
    const quarterlyReview = await demoDocument(request, 'Quarterly Review');
    let dialog: Locator;

    await test.step("the loading outline and a reason on keyboard focus, axe-clean; a non-owner's reasons by tap", async () => {
      await signIn(page, 'bob', `/editor/${quarterlyReview}`);
      const release = await holdPrivacy(page);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await expect(page.getByRole('dialog').getByTestId('share-page-placeholder')).toBeVisible();
      await axeBothSchemes(page, found, 'loading placeholder');
      release();
      dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
      await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
      await dialog.getByRole('switch', { name: 'Public' }).focus();
      await expect(page.getByRole('tooltip')).toBeVisible();
      await axeBothSchemes(page, found, 'a reason on keyboard focus, on a phone');
      // Closed (Escape closes an open tooltip first, then the dialog) and opened afresh for the taps.
      for (let press = 0; press < 3 && (await page.getByRole('dialog').count()) > 0; press += 1) await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      dialog = await openFromEditor(page);
      await expectReasonsWhole(page, nonOwnerCases(dialog), 'tap');
    });

    await test.step('a team whose admin switched everything off: Create link, Add, social sharing, Embed, Public', async () => {
      dialog = await openDialog(page, 'grace', await demoDocument(request, 'Globex Plan'));
      await expectReasonsWhole(
        page,
        [
          [dialog.getByRole('button', { name: 'Create link' }), ['Not allowed to create trackable links', 'Creating trackable links is disabled for your team']],
          [dialog.getByRole('button', { name: 'Add', exact: true }), ['Not allowed to add collaborators', 'Sharing is disabled for your team by the admin']],
          [dialog.getByRole('button', { name: 'Share on Facebook' }), ['Sharing is disabled']],
          [dialog.getByRole('button', { name: 'Embed', exact: true }), ['Not allowed to embed']],
          [dialog.getByRole('switch', { name: 'Public' }), ['Not allowed to publish', 'Publishing a document is disabled for this team by the admin']],
        ],
        'tap',
      );
    });

    await test.step('a closed document: the social buttons at the edge, Embed, Create link', async () => {
      dialog = await openDialog(page, 'alice', await demoDocument(request, 'Private Strategy'));
      await expectReasonsWhole(
        page,
        [
          [dialog.getByRole('button', { name: 'Share on Google Classroom' }), ['Sharing is disabled', 'Anyone with the link can view']],
          [dialog.getByRole('button', { name: 'Embed', exact: true }), ['Not allowed to embed', 'Only collaborators can access this document']],
          [dialog.getByRole('button', { name: 'Create link' }), ['Not allowed to create trackable links', 'Only individuals can access']],
        ],
        'tap',
      );
    });

    await test.step('a free plan: the Privacy control paywall, the link limit and the analytics paywall, each with Upgrade', async () => {
      dialog = await openDialog(page, 'frank', await demoDocument(request, "Frank's Pitch"));
      await expectWhole(page, await reveal(page, dialog.getByRole('button', { name: /^Who can access this document/ }), 'tap'), ['Privacy control']);
      await dismiss(page, 'tap');
      await expect(dialog.getByRole('button', { name: 'Upgrade' }).first()).toBeVisible();

      // Frank has used his plan's one link: Create new link explains the limit.
      await dialog.getByRole('button', { name: 'Manage links' }).click();
      const create = dialog.getByRole('button', { name: 'Create new link' });
      await expectWhole(page, await reveal(page, create, 'tap'), ['Not allowed to create trackable links', 'limit']);
      await dismiss(page, 'tap');

      // Carol, free and without links, may create one, but not with analytics.
      const added = await request.post('/dev/documents', { headers: { 'X-CSRFToken': await csrfToken(request) }, data: { owner: 'carol', count: 1 } });
      expect(added.status()).toBe(204);
      await signIn(page, 'carol', '/dashboard');
      await page.getByRole('link', { name: 'Extra document 01' }).click();
      const own = await openFromEditor(page);
      await own.getByRole('button', { name: 'Create link' }).click();
      const analytics = own.getByRole('switch', { name: 'Track views in analytics' });
      await expectWhole(page, await reveal(page, analytics, 'tap'), ['Not allowed to set Analytics']);
      await dismiss(page, 'tap');
    });

    await test.step("the error icon's message, at the dialog's top corner", async () => {
      await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
        route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
      );
      await signIn(page, 'alice', `/editor/${quarterlyReview}`);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const icon = page.getByRole('dialog').getByRole('button', { name: 'An error has occurred' });
      await expectWhole(page, await reveal(page, icon, 'tap'), ['An error has occurred', 'Please try again later.']);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });

    await test.step('the like button without a CSRF token says so, axe-clean', async () => {
      await page.goto(`/view/${quarterlyReview}`);
      await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
      await page.context().clearCookies({ name: 'csrftoken' });
      await page.locator('[data-remote="like-button"] button').click();
      await expect(page.getByText('Cannot make request without CSRF token.').first()).toBeVisible();
      await axeBothSchemes(page, found, 'like without a CSRF token');
    });

    expect(found).toEqual([]);
  });
});

test.describe('a dialog that keeps its size', () => {
  test('loading → loaded, and from screen to screen: no jump larger than the final height change', async ({ page, request }) => {
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
    const measure = async () => {
      // Measured once the state is drawn: after the next frame.
      await page.evaluate(() => new Promise(requestAnimationFrame));
      heights.push((await dialog.boundingBox())!.height);
    };
    await measure();
    release();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
    await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    await measure();
    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Manage Collaborators' })).toBeVisible();
    await measure();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
    await measure();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await expect(dialog.getByRole('heading', { name: 'View links' })).toBeVisible();
    await measure();
    const finalChange = Math.abs(heights[1] - heights[0]);
    const jumps = heights.slice(1).map((height, index) => Math.abs(height - heights[index]));
    expect(Math.max(...jumps), `heights ${heights.join(' → ')}`).toBeLessThanOrEqual(finalChange + 1);
    // And the box is the same size throughout.
    expect(Math.max(...heights) - Math.min(...heights), `heights ${heights.join(' → ')}`).toBeLessThanOrEqual(1);
  });
});
