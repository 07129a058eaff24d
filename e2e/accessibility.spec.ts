import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';
import { expectOneHeadingAndATitle } from './heading-and-title';
import { expectContrastInEachScheme } from './text-contrast';
import { MIN_TEXT_CONTRAST } from '../shared/src/theme/contrast';
import { differs, inEachForcedScheme, pixelsOf } from './forced-colours';

/** The shell's page background in the dark theme (shared/src/theme/theme-variables.ts). */
const DARK_PAGE_BACKGROUND = 'rgb(22, 24, 29)';

/**
 * Axe finds no WCAG 2.1 A/AA or best-practice violation, colour contrast included, on any page
 * and in any state of the dialogs we can reach, in the light and the dark theme: each state is reached once and
 * checked in both (e2e/axe.ts, axeBothSchemes). Each test collects the violations of every state it passes and
 * reports them together. Each page, as it opens, also has one level-1 heading and a title that says where the
 * user is (e2e/heading-and-title.ts).
 */

/**
 * A page as it opened, in the dark scheme (as a visitor whose system prefers it opens it: its background is dark
 * from the start): its structure (at once, it fails on its own), then axe in both schemes.
 */
async function pageState(page: Page, found: Found, state: string) {
  await expectOneHeadingAndATitle(page, state);
  await expect(page.locator('body'), `${state}: loaded dark`).toHaveCSS('background-color', DARK_PAGE_BACKGROUND);
  await axeBothSchemes(page, found, state);
}
test.describe('axe on every page and dialog state, light and dark', () => {
  // Many states, each measured by axe.
  test.describe.configure({ timeout: 300_000 });
  // Every page loads in the dark scheme; axeBothSchemes measures each state in the light one, then in the dark one
  // again. The other specs' axe and contrast checks load their pages light.
  test.use({ colorScheme: 'dark' });

  test('editor: the share dialog, its menus, list, sub-screens, tooltips, confirmations and errors', async ({ page, request }) => {
    const found: Found = [];
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    await pageState(page, found, 'editor page');

    await openFromEditor(page);
    // Its name follows the screen, so it is found by its role.
    const dialog = page.getByRole('dialog');
    await axeBothSchemes(page, found, 'unified page');

    await dialog.getByRole('button', { name: /Who can access/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axeBothSchemes(page, found, 'access-level menu open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    const field = dialog.getByRole('combobox');
    await field.fill('a');
    await expect(page.getByRole('listbox')).toBeVisible();
    await axeBothSchemes(page, found, 'contact list open');
    await page.keyboard.press('Escape');
    await field.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await axeBothSchemes(page, found, 'a failed add');
    await field.fill('');

    await dialog.getByRole('button', { name: 'Share on Facebook' }).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await axeBothSchemes(page, found, 'social tooltip open');
    await page.mouse.move(5, 5, { steps: 4 });

    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await expect(dialog.getByRole('heading', { name: /collaborators/i }).first()).toBeVisible();
    await axeBothSchemes(page, found, 'collaborators page');
    await dialog.getByRole('button', { name: /^Permission for/ }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await axeBothSchemes(page, found, 'permission menu open');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Back' }).click();

    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: 'View links' })).toBeVisible();
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Board members', exact: true })).toBeVisible();
    await axeBothSchemes(page, found, 'view links page');
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await expect(dialog.getByRole('button', { name: 'Save Link' })).toBeVisible();
    await axeBothSchemes(page, found, 'view links: create');
    await dialog.getByRole('switch', { name: 'Allow download as PDF' }).click();
    await dialog.getByRole('switch', { name: 'Watermark each page' }).click();
    await expect(dialog.getByRole('switch', { name: 'Watermark each page' })).toBeChecked();
    await axeBothSchemes(page, found, 'view links: create, download and watermark on');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Board members', exact: true }).click();
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeVisible();
    await axeBothSchemes(page, found, 'view links: settings');
    await dialog.getByRole('button', { name: 'Deactivate link', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axeBothSchemes(page, found, 'deactivate confirmation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Back' }).click();

    await dialog.getByRole('button', { name: /Embed/ }).first().click();
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy player-only link' })).toBeVisible();
    await axeBothSchemes(page, found, 'embed page with the player-only link');

    expect(found).toEqual([]);
  });

  test('refusals: a refused change, a failed load with its error tooltip, and removing oneself', async ({ page, request }) => {
    const found: Found = [];
    const oid = await demoDocument(request, 'Quarterly Review');
    // Bob may not change the access level: the server refuses it.
    await signIn(page, 'bob', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    await page.route('**/unified-privacy/**', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 403, json: { statusCode: 403, error: 'Forbidden', message: 'Only the owner of the document is allowed to set privacy', code: 'NOT_ALLOWED', message_code: 'only_owner_privacy' } })
        : route.fallback(),
    );
    await dialog.getByRole('switch', { name: 'Public' }).click({ force: true });
    await axeBothSchemes(page, found, 'a refused change');

    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await dialog.getByRole('button', { name: /^Permission for Bob Brown/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Remove yourself from this document?' })).toBeVisible();
    await axeBothSchemes(page, found, 'remove-self confirmation');
    await page.keyboard.press('Escape');

    await page.unroute('**/unified-privacy/**');
    await page.route('**/unified-privacy/**', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'An error has occurred' } }));
    await page.reload();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const failed = page.getByRole('dialog', { name: 'Sharing and privacy' });
    await expect(failed).toBeVisible();
    await failed.getByRole('button', { name: 'An error has occurred' }).hover();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await axeBothSchemes(page, found, 'a failed load with its error tooltip');

    expect(found).toEqual([]);
  });

  test('view page with the overlay and like states, social modal, dashboard, folder dialog', async ({ page, request }) => {
    const found: Found = [];
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    const like = page.locator('[data-remote="like-button"] button');
    await expect(like).toBeVisible();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();
    await pageState(page, found, 'view page');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await axeBothSchemes(page, found, 'like button pressed');
    await page.route('**/like/**', (route) => route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'An error has occurred', message_code: 'internal_error' } }));
    await like.click();
    // The button's own message (the page's live region says the same text while it is announced).
    await expect(page.locator('[data-remote="like-button"]').getByText(/Your like could not be (saved|removed)/)).toBeVisible();
    await axeBothSchemes(page, found, 'like button failed');

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Share on social media' })).toBeVisible();
    await axeBothSchemes(page, found, 'social share modal');
    await page.keyboard.press('Escape');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await pageState(page, found, 'dashboard');
    await page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' }).click();
    const folder = page.getByRole('dialog', { name: 'Share Folder' });
    await expect(folder.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
    await axeBothSchemes(page, found, 'folder dialog');
    // The folder's remove-self question is the confirmations test's last state.

    expect(found).toEqual([]);
  });

  test('the pages signed out and signed in: product pages, home, the view page and its sign-in offer, analytics, links, an unknown invitation, request access, the upgrade notice', async ({ page, request }) => {
    const found: Found = [];
    const oid = await demoDocument(request, 'Quarterly Review');
    const closed = await demoDocument(request, 'Private Strategy');

    await test.step('signed out: the product pages, the home page with its sign-up form, a public view page and its sign-in offer', async () => {
      await page.goto('/product/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pageState(page, found, 'product site');
      await page.goto('/product/features/ai/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pageState(page, found, 'product: AI page');
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pageState(page, found, 'home, signed out');
      await page.goto(`/view/${oid}`);
      await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
      await pageState(page, found, 'view page, signed out');
      await page.locator('[data-remote="like-button"] button').click();
      const offer = page.getByRole('region', { name: 'Sign in to like this content' });
      await expect(offer).toBeVisible();
      await axeBothSchemes(page, found, 'sign-in offer');
      // A soft panel: its links and buttons 4.5:1 in both schemes, and its heading the next level below the page's h1.
      for (const control of [offer.getByRole('link').first(), offer.getByRole('button', { name: 'Not now' })]) {
        await expectContrastInEachScheme(`"${await control.textContent()}" on the sign-in offer`, control, 'color', MIN_TEXT_CONTRAST);
      }
      await expect(offer.getByRole('heading', { level: 2, name: 'Sign in to like this content' })).toBeVisible();
    });

    let links: Array<{ link_id: string; name: string; viewer_identification: boolean }> = [];
    await test.step('signed in: home, analytics, the link page, an unknown invitation', async () => {
      await signIn(page, 'alice', '/');
      await expect(page.getByRole('heading').first()).toBeVisible();
      await pageState(page, found, 'home');
      links = (await (await page.request.get(`/api/v1/prezilink/?presentation_oid=${oid}`)).json()) as typeof links;
      const board = links.find((link) => link.name === 'Board members')!;
      // A visit with slide times, so the slide-by-slide chart and tables are measured too.
      const api = `/api/v1/prezilink/${board.link_id}/`;
      const { open_id: openId } = (await (await page.request.get(`${api}open/`)).json()) as { open_id: string };
      const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
      expect((await page.request.post(`${api}visits/`, { data: { open_id: openId, viewer_name: 'Vera Viewer', viewer_email: 'vera@example.com' }, headers: { 'X-CSRFToken': csrf } })).ok()).toBe(true);
      expect((await page.request.post(`${api}visits/${openId}/slides/`, { data: JSON.stringify({ times: [[0, 4000], [1, 2500]] }), headers: { 'content-type': 'text/plain' } })).status()).toBe(204);
      await page.goto(`/analytics/${board.link_id}`);
      await expect(page.getByRole('table', { name: 'Time and drop-off per slide' })).toBeVisible();
      await pageState(page, found, 'analytics');
      await page.goto(`/l/${board.link_id}`);
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await pageState(page, found, 'link page');
      // A link that offers its PDF and watermarks its slides; the watermark stays visible in forced colours.
      const newsletter = links.find((link) => link.name === 'Newsletter')!;
      expect((await page.request.put(`/api/v1/prezilink/${newsletter.link_id}/`, { data: { allow_download: true, watermark: true }, headers: { 'X-CSRFToken': csrf } })).ok()).toBe(true);
      await page.goto(`/l/${newsletter.link_id}`);
      await expect(page.getByRole('link', { name: 'Download PDF' })).toBeVisible();
      const watermark = page.getByTestId('link-watermark');
      await expect(watermark).toContainText('Anonymous viewer');
      await pageState(page, found, 'link page with its Download and watermark');
      const stage = watermark.locator('..');
      await inEachForcedScheme(page, async (colorScheme) => {
        const marked = await pixelsOf(page, stage);
        await watermark.evaluate((layer) => ((layer as HTMLElement).style.visibility = 'hidden'));
        const bare = await pixelsOf(page, stage);
        await watermark.evaluate((layer) => ((layer as HTMLElement).style.visibility = ''));
        expect(differs(marked, bare), `the watermark shows in forced colours (${colorScheme})`).toBe(true);
      });
      await page.emulateMedia({ forcedColors: 'none', colorScheme: 'dark' });
      await page.goto('/invitation/AAAAAAAAAAAAAAAAAAAAAA');
      await expect(page.getByRole('alert').or(page.getByRole('heading')).first()).toBeVisible();
      await pageState(page, found, 'invitation page (unknown invitation)');
      // A document that does not exist, signed in and out: e2e/not-found.spec.ts.
    });

    await test.step('signed out again: analytics, and a link that asks who you are, then the same form with its errors', async () => {
      await page.goto('/dev/sign-out?next=/');
      await page.goto(`/analytics/${links[0].link_id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await pageState(page, found, 'analytics, signed out');
      await page.goto(`/l/${links.find((link) => link.viewer_identification)!.link_id}`);
      const openPresentation = page.getByRole('button', { name: 'Open presentation' });
      await expect(openPresentation).toBeVisible();
      await pageState(page, found, 'link: who are you');
      await openPresentation.click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await axeBothSchemes(page, found, 'link: who are you, with errors');
    });

    await test.step('frank: request access to Private Strategy; on his own document, the upgrade notice, then paid', async () => {
      await signIn(page, 'frank', `/editor/${closed}`);
      await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
      await pageState(page, found, 'request access');

      await page.goto(`/editor/${await demoDocument(request, "Frank's Pitch")}`);
      const dialog = await openFromEditor(page);
      await dialog.getByRole('button', { name: 'Upgrade' }).first().click();
      // The dialog closes so the host's answer, naming the paywall, is not under its backdrop.
      await expect(dialog).toBeHidden();
      const notice = page.getByRole('status').filter({ hasText: 'Upgrade requested' });
      await expect(notice).toContainText('pitch_privacy_private');
      await axeBothSchemes(page, found, 'upgrade notice');
      await expectContrastInEachScheme('"Dismiss" on the upgrade notice', notice.getByRole('button', { name: 'Dismiss' }), 'color', MIN_TEXT_CONTRAST);
      await notice.getByRole('button', { name: 'Pay by card' }).click();
      await expect(notice).toContainText('Payment confirmed');
      await axeBothSchemes(page, found, 'upgrade notice, paid');
    });

    expect(found).toEqual([]);
  });

  test('confirmations: publish, open access, move to trash, delete for good, leave a folder; undo after a removal', async ({ page, request }) => {
    const found: Found = [];
    // Quarterly Review is open and not published: Public asks first.
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const shared = await openFromEditor(page);
    await shared.getByRole('switch', { name: 'Public' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Publish this document?' })).toBeVisible();
    await axeBothSchemes(page, found, 'publish confirmation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await shared.getByRole('button', { name: /^Permission for Dave Davis/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(shared.getByRole('button', { name: 'Undo' })).toBeVisible();
    await axeBothSchemes(page, found, 'a removal with its Undo');
    await page.keyboard.press('Escape');

    // Private Strategy is closed: opening it to anyone with the link asks first.
    const closed = await demoDocument(request, 'Private Strategy');
    await page.goto(`/editor/${closed}`);
    const dialog = await openFromEditor(page);
    await dialog.getByRole('button', { name: /^Who can access this document/ }).click();
    await page.getByRole('menuitemradio', { name: /^Anyone with the link can view/ }).click();
    await expect(page.getByRole('alertdialog', { name: 'Let anyone with the link view?' })).toBeVisible();
    await axeBothSchemes(page, found, 'open-access confirmation');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await page.goto('/dashboard');
    const documents = page.getByRole('region', { name: 'Documents' });
    await documents.getByRole('button', { name: 'Move to trash: Classic Deck' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axeBothSchemes(page, found, 'move-to-trash confirmation');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' }).click();
    const trash = page.getByRole('region', { name: 'Trash' });
    await expect(trash.getByRole('rowheader', { name: /Classic Deck/ })).toBeVisible();
    await axeBothSchemes(page, found, 'dashboard with a document in the trash');
    await trash.getByRole('button', { name: 'Delete for good: Classic Deck' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axeBothSchemes(page, found, 'delete-for-good confirmation');
    await page.keyboard.press('Escape');

    await signIn(page, 'bob', '/dashboard');
    await page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' }).click();
    const folder = page.getByRole('dialog', { name: 'Share Folder' });
    await folder.getByRole('textbox', { name: 'Add people by e-mail' }).fill('not-an-address');
    await folder.getByRole('button', { name: 'Add', exact: true }).click();
    // The refusal shows beside the field and is said in the page's one live region (no role=alert).
    await expect(folder.getByRole('textbox', { name: 'Add people by e-mail' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#deck-live-region')).not.toBeEmpty();
    await axeBothSchemes(page, found, 'folder dialog: a refused address');
    await folder.getByRole('button', { name: 'Remove yourself (Bob Brown)' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await axeBothSchemes(page, found, 'folder self-removal confirmation');

    expect(found).toEqual([]);
  });
});
