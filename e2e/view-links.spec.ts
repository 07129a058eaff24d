import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { ViewLink } from '../shared/src/api/contract';
import { demoDocument, expect, signIn, test } from './fixtures';

const API = '/api/v1/prezilink/';

async function openShareDialog(page: Page, user: string, oid: string) {
  await signIn(page, user, `/editor/${oid}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await expect(dialog.getByRole('region', { name: 'Trackable links' })).toBeVisible();
  return dialog;
}

/** The links of a document as the signed-in owner reads them from the server. */
async function serverLinks(request: APIRequestContext, oid: string): Promise<ViewLink[]> {
  const response = await request.get(`${API}?presentation_oid=${oid}&list_all_prezilinks=true`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as ViewLink[];
}

async function serverLink(request: APIRequestContext, linkId: string): Promise<ViewLink> {
  const response = await request.get(`${API}${linkId}/`);
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as ViewLink;
}

function row(dialog: Locator, name: string) {
  return dialog.getByRole('listitem').filter({ has: dialog.page().getByRole('button', { name, exact: true }) });
}

test.describe('trackable view links in the share dialog', () => {
  test('alice creates, renames, copies and deactivates links on Quarterly Review', async ({ page, context, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const dialog = await openShareDialog(page, 'alice', oid);
    await expect(dialog.getByRole('region', { name: 'Trackable links' })).toContainText('This presentation has 3 trackable links');
    await dialog.getByRole('button', { name: 'Manage links' }).click();

    await expect(dialog.getByRole('heading', { name: 'View links' })).toBeVisible();
    const mine = dialog.getByRole('list', { name: 'Created by me' });
    await expect(mine.getByRole('button', { name: 'Board members', exact: true })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Newsletter', exact: true })).toBeVisible();
    const others = dialog.getByRole('list', { name: 'Created by others' });
    await expect(others.getByRole('listitem')).toHaveCount(1);
    await expect(others).toContainText('Created by Bob Brown');

    // Create: analytics on by default, identification only with analytics, Save Link back to the list.
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create New Link' })).toBeVisible();
    const save = dialog.getByRole('button', { name: 'Save Link' });
    await expect(save).toBeDisabled();
    await expect(dialog.getByRole('switch', { name: 'Track views in analytics' })).toBeChecked();
    const title = dialog.getByRole('textbox', { name: 'Link title' });
    await title.fill(`Investors ${'x'.repeat(90)}`);
    await expect(title).toHaveValue(`Investors ${'x'.repeat(70)}`);
    await title.fill('Investors');
    await dialog.getByRole('switch', { name: 'Require viewer name and e-mail' }).click();
    await save.click();
    await expect(dialog.getByText('“Investors” is ready to share.')).toBeVisible();
    await expect(mine.getByRole('listitem')).toHaveCount(3);
    const investors = (await serverLinks(page.request, oid)).find((link) => link.name === 'Investors')!;
    expect(investors).toMatchObject({ visible_on_analytics: true, viewer_identification: true, revoked: false });

    // Copy from the row.
    await row(dialog, 'Investors').getByRole('button', { name: 'Copy link' }).click();
    await expect(row(dialog, 'Investors').getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(investors.url);
    expect(investors.url).toMatch(new RegExp(`/l/${investors.link_id}$`));

    // Rename; turning analytics off turns identification off.
    await mine.getByRole('button', { name: 'Investors', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Link settings' })).toBeVisible();
    const saveSettings = dialog.getByRole('button', { name: 'Save', exact: true });
    await expect(saveSettings).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Link title' }).fill('Investors (Q3)');
    await dialog.getByRole('switch', { name: 'Track views in analytics' }).click();
    await expect(dialog.getByRole('switch', { name: 'Require viewer name and e-mail' })).not.toBeChecked();
    await saveSettings.click();
    await expect(dialog.getByText('Changes to “Investors (Q3)” are saved.')).toBeVisible();
    expect(await serverLink(page.request, investors.link_id)).toMatchObject({ name: 'Investors (Q3)', visible_on_analytics: false, viewer_identification: false });

    // Deactivate, keeping the data: a 500 px confirmation first.
    const newsletter = (await serverLinks(page.request, oid)).find((link) => link.name === 'Newsletter')!;
    await mine.getByRole('button', { name: 'Newsletter', exact: true }).click();
    await dialog.getByRole('button', { name: 'Deactivate link', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate “Newsletter”?' });
    await expect(confirm).toContainText('The link will be permanently deactivated. People you shared it with will lose access');
    expect((await confirm.boundingBox())?.width).toBe(500);
    await confirm.getByRole('button', { name: 'Deactivate link', exact: true }).click();
    await expect(dialog.getByText('“Newsletter” is deactivated.')).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Newsletter', exact: true })).toHaveCount(0);
    expect(await serverLink(page.request, newsletter.link_id)).toMatchObject({ revoked: true, visible_on_analytics: true });

    // Deactivate and delete the data of the renamed link.
    await mine.getByRole('button', { name: 'Investors (Q3)', exact: true }).click();
    await dialog.getByRole('button', { name: 'Deactivate link and delete data' }).click();
    await page.getByRole('alertdialog', { name: 'Deactivate “Investors (Q3)”?' }).getByRole('button', { name: 'Deactivate link and delete data' }).click();
    await expect(dialog.getByText('“Investors (Q3)” is deactivated.')).toBeVisible();
    expect(await serverLink(page.request, investors.link_id)).toMatchObject({ revoked: true, visible_on_analytics: false });

    // What is left survives a reload, and the share page counts it.
    await page.reload();
    await page.getByRole('button', { name: 'Share' }).click();
    await expect(page.getByRole('region', { name: 'Trackable links' })).toContainText('This presentation has 2 trackable links');
    await page.getByRole('button', { name: 'Manage links' }).click();
    await expect(page.getByRole('list', { name: 'Created by me' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Board members', exact: true })).toBeVisible();
  });

  test('the settings of a tracked link open its analytics in a new tab', async ({ page, context, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const dialog = await openShareDialog(page, 'alice', oid);
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Board members', exact: true }).click();
    const board = (await serverLinks(page.request, oid)).find((link) => link.name === 'Board members')!;
    const [tab] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('link', { name: /View analytics/ }).click()]);
    await expect(tab).toHaveURL(new RegExp(`/analytics/${board.link_id}$`));
    await expect(tab.getByRole('heading', { name: 'Board members' })).toBeVisible();
  });
});

test.describe('links that work for their recipients', () => {
  test('a recipient opens a live, an identified and a revoked link; the analytics page counts those opens and refuses others', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice');
    const links = await serverLinks(page.request, oid);
    const newsletter = links.find((link) => link.name === 'Newsletter')!;
    const board = links.find((link) => link.name === 'Board members')!;
    const sales = links.find((link) => link.name === 'Sales team')!;
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    expect((await page.request.delete(`${API}${sales.link_id}/`, { headers: { 'X-CSRFToken': csrf } })).ok()).toBeTruthy();

    // A fresh browser context: no session, no cookies of the owner's.
    const recipient = await browser.newContext({ baseURL });
    const viewer = await recipient.newPage();

    // A live link shows the public view page of the document, liked through the link.
    await viewer.goto(newsletter.url.replace(/^https?:\/\/[^/]+/, ''));
    await expect(viewer.getByRole('heading', { name: 'Quarterly Review', level: 2 })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toContainText('1,234');
    await expect(viewer.getByTestId('signed-in-as')).toHaveText('Not signed in');
    // The page's script records the open once the page is painted (not the server as it writes it: a preview bot counts none).
    await expect.poll(async () => (await (await page.request.get(`${API}${newsletter.link_id}/analytics/`)).json()).total_views).toBe(1);

    // An identified link asks for a name and a valid e-mail before anything of the document shows.
    await viewer.goto(`/l/${board.link_id}`);
    await expect(viewer.getByRole('heading', { name: 'Alice Anderson shared “Quarterly Review” with you' })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toHaveCount(0);
    await viewer.getByRole('textbox', { name: 'Your name' }).fill('Vera Viewer');
    await viewer.getByRole('textbox', { name: 'Your e-mail' }).fill('vera@localhost');
    await viewer.getByRole('button', { name: 'Open presentation' }).click();
    await expect(viewer.getByText('Enter a valid e-mail address, like name@example.com.')).toBeVisible();
    await viewer.getByRole('textbox', { name: 'Your e-mail' }).fill('vera@example.com');
    await viewer.getByRole('button', { name: 'Open presentation' }).click();
    await expect(viewer.getByRole('heading', { name: 'Quarterly Review', level: 2 })).toBeVisible();
    await expect(viewer.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toBeVisible();
    // She plays two slides; leaving the page sends their times (a beacon), which her visit keeps.
    await viewer.getByRole('region', { name: 'Presentation overlay' }).getByRole('button', { name: 'Present' }).click();
    await expect(viewer.locator('[aria-roledescription="presentation"]')).toBeFocused();
    await viewer.waitForTimeout(600);
    await viewer.keyboard.press('ArrowRight');
    await expect(viewer.getByText(/^Page 2 of/)).toBeVisible();
    await viewer.waitForTimeout(400);

    // A revoked link says it no longer gives access and shows nothing of the document.
    await viewer.goto(`/l/${sales.link_id}`);
    await expect(viewer.getByRole('heading', { name: 'This link no longer gives access' })).toBeVisible();
    await expect(viewer.getByText('Quarterly Review')).toHaveCount(0);
    await expect(viewer.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toHaveCount(0);

    // The owner's analytics count each open once, with the identified viewer.
    await page.goto(`/analytics/${board.link_id}`);
    await expect(page.getByRole('heading', { name: 'Board members' })).toBeVisible();
    const boardViewers = page.getByRole('table', { name: 'Identified viewers' });
    await expect(boardViewers.getByRole('row')).toHaveCount(2);
    await expect(boardViewers).toContainText('Vera Viewer');
    await expect(boardViewers).toContainText('vera@example.com');
    await expect(page.getByRole('definition').first()).toHaveText('1');
    // Her slide by slide: time on the first two slides, none on the third, and her visit with its device.
    const perSlide = page.getByRole('table', { name: 'Time and drop-off per slide' });
    await expect(perSlide.getByRole('row').nth(1).getByRole('cell').first()).toHaveText('1');
    await expect(perSlide.getByRole('row').nth(2).getByRole('cell').first()).toHaveText('1');
    await expect(perSlide.getByRole('row').nth(3).getByRole('cell').first()).toHaveText('0');
    await expect(page.getByRole('table', { name: 'The latest visit' }).getByRole('row').nth(1)).toContainText('Vera Viewer, vera@example.comComputer');
    await page.goto(`/analytics/${newsletter.link_id}`);
    await expect(page.getByRole('heading', { name: 'Newsletter' })).toBeVisible();
    await expect(page.getByRole('definition').first()).toHaveText('1');

    // A second open of the live link is a second view.
    await viewer.goto(`/l/${newsletter.link_id}`);
    await expect(viewer.getByRole('heading', { name: 'Quarterly Review', level: 2 })).toBeVisible();
    await expect.poll(async () => (await (await page.request.get(`${API}${newsletter.link_id}/analytics/`)).json()).total_views).toBe(2);

    // Nobody else sees them: a signed-out visitor is offered sign-in, another user is refused.
    await viewer.goto(`/analytics/${board.link_id}`);
    await expect(viewer.getByRole('heading', { name: "Sign in to see this link's analytics" })).toBeVisible();
    await expect(viewer.getByText('Vera Viewer')).toHaveCount(0);
    await signIn(viewer, 'bob', `/analytics/${board.link_id}`);
    await expect(viewer.getByRole('heading', { name: 'You cannot see these analytics' })).toBeVisible();
    await expect(viewer.getByRole('alert')).toContainText("Only the person who created this link and the document's owner can see its analytics.");
    await expect(viewer.getByText('Vera Viewer')).toHaveCount(0);
    // Bob's own link (deactivated, its data kept) stays his to see.
    await viewer.goto(`/analytics/${sales.link_id}`);
    await expect(viewer.getByRole('heading', { name: 'Sales team' })).toBeVisible();
    await expect(viewer.getByText('Deactivated')).toBeVisible();
    await recipient.close();
  });

  test('a link that forbids downloads offers none and refuses its PDF; allowed and watermarked, the page and the PDF carry the watermark', async ({ page, browser, request, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice');
    const newsletter = (await serverLinks(page.request, oid)).find((link) => link.name === 'Newsletter')!;
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    const recipient = await browser.newContext({ baseURL });
    const viewer = await recipient.newPage();
    await viewer.goto(`/l/${newsletter.link_id}`);
    await expect(viewer.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toBeVisible();
    await expect(viewer.getByRole('link', { name: 'Download PDF' })).toHaveCount(0);
    const { open_id: openId } = (await (await viewer.request.get(`${API}${newsletter.link_id}/open/`)).json()) as { open_id: string };
    const refused = await viewer.request.get(`${API}${newsletter.link_id}/download.pdf?open_id=${encodeURIComponent(openId)}`);
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { code: string }).code).toBe('LINK_DOWNLOAD_FORBIDDEN');

    const changed = await page.request.put(`${API}${newsletter.link_id}/`, { data: { allow_download: true, watermark: true }, headers: { 'X-CSRFToken': csrf } });
    expect(changed.ok()).toBeTruthy();
    await viewer.reload();
    await expect(viewer.getByTestId('link-watermark')).toContainText('Anonymous viewer · ');
    const downloading = viewer.waitForEvent('download');
    await viewer.getByRole('link', { name: 'Download PDF' }).click();
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await readFile(await (await downloading).path());
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    expect(text).toHaveLength(8);
    for (const pageText of text) expect(pageText).toContain('Anonymous viewer · ');
    await recipient.close();
  });
});
