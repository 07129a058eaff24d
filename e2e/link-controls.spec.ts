import type { APIRequestContext, Page, PlaywrightWorkerArgs, Response } from '@playwright/test';
import type { ViewLink } from '../shared/src/api/contract';
import type { ViewLinkAnalytics } from '../shared/src/domains/view-links/recipient-contract';
import { axeBothSchemes, type Found } from './axe';
import { csrfToken, demoDocument, expect, moveThePointer, signIn, signInByRequest, test } from './fixtures';
import { TestMailbox } from './mailbox';
import { E2E_SMTP_PORT } from '../playwright.config';
import { openShareDialog, row } from './share-dialog-helpers';

const API = '/api/v1/prezilink/';
const mailbox = new TestMailbox(E2E_SMTP_PORT);
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

/** Sets the server's clock (test mode only, server/src/clock.ts); null goes back to the real time. */
async function setServerClock(request: APIRequestContext, at: Date | null) {
  const response = await request.post('/dev/clock', { data: { now: at?.toISOString() ?? null }, headers: { 'X-CSRFToken': await csrfToken(request) } });
  expect(response.ok(), `POST /dev/clock answered ${response.status()}`).toBeTruthy();
}

test.afterEach(async ({ request }) => setServerClock(request, null));

/** alice (Premium) creates a link on Quarterly Review through the API, with the given controls. */
async function createLink(page: Page, controls: Record<string, unknown>): Promise<ViewLink> {
  await signInByRequest(page, 'alice');
  const oid = await demoDocument(page.request, 'Quarterly Review');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
  const response = await page.request.post(API, {
    data: { presentation_oid: oid, name: 'Protected', visible_on_analytics: true, viewer_identification: false, ...controls },
    headers: { 'X-CSRFToken': csrf },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ViewLink;
}

/** Every response body the page receives, to hold that none carries anything of the document. */
function recordBodies(page: Page): string[] {
  const bodies: string[] = [];
  page.on('response', (response: Response) => {
    void response.text().then(
      (text) => bodies.push(`${response.url()}\n${text}`),
      () => undefined,
    );
  });
  return bodies;
}

test.describe('view-link controls on the real server', () => {
  test("a free plan: the controls are read-only with the server's reason and Upgrade, and the server refuses them too", async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'frank', "Frank's Pitch");
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Investors', exact: true }).click();
    await expect(dialog.getByRole('heading', { name: 'Link settings' })).toBeVisible();
    const passcode = dialog.getByLabel('Passcode (optional)');
    await expect(passcode).toHaveAttribute('aria-disabled', 'true');
    await expect(passcode).toHaveAccessibleDescription('Protecting a link with a passcode or an expiry date needs a paid plan.');
    const allowed = dialog.getByRole('textbox', { name: 'Only these e-mail addresses (optional)' });
    await expect(allowed).toHaveAccessibleDescription('Limiting a link to certain e-mail addresses needs a Premium or Pro plan.');
    await passcode.pressSequentially('tulip-4821');
    await expect(passcode).toHaveValue('');
    const found: Found = [];
    await axeBothSchemes(page, found, 'link settings on a free plan');
    expect(found).toEqual([]);
    // The Protection group's own Upgrade (the analytics toggle above offers its plan too).
    await dialog.getByRole('group', { name: 'Protection' }).getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByText('Upgrade requested (premium plan), paywall view_link_allow_list.')).toBeVisible();

    const links = (await (await page.request.get(`${API}?presentation_oid=${await demoDocument(request, "Frank's Pitch")}`)).json()) as ViewLink[];
    const investors = links.find((link) => link.name === 'Investors')!;
    const refused = await page.request.put(`${API}${investors.link_id}/`, { data: { passcode: 'tulip-4821' }, headers: { 'X-CSRFToken': await csrfToken(page.request) } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).message_code).toBe('link_control_passcode_paywall');
  });

  test('a passcode link: nothing of the document before it, a wrong passcode refused and counted, the right one opens', async ({ page, browser, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    // alice sets the passcode on the create screen.
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await dialog.getByRole('textbox', { name: 'Link title' }).fill('Board pack');
    await dialog.getByLabel('Passcode (optional)').fill('tulip-4821');
    const found: Found = [];
    await axeBothSchemes(page, found, 'create link with controls');
    await dialog.getByRole('button', { name: 'Save Link' }).click();
    // The document's first protection asks first: from then on its own address opens only for its people.
    const question = page.getByRole('alertdialog', { name: 'Protect the presentation too?' });
    await expect(question.getByRole('button', { name: 'Go back without saving' })).toBeFocused();
    await axeBothSchemes(page, found, 'protect the document too');
    await question.getByRole('button', { name: 'Protect the link and the presentation' }).click();
    await expect(dialog.getByText('“Board pack” is ready to share.')).toBeVisible();
    await expect(row(dialog, 'Board pack')).toContainText('Passcode');
    // The list's new badge (a passcode) meets contrast and naming in both themes too.
    await axeBothSchemes(page, found, 'links list with a protected link');
    const links = (await (await page.request.get(`${API}?presentation_oid=${oid}`)).json()) as ViewLink[];
    const link = links.find((candidate) => candidate.name === 'Board pack')!;
    expect(link.has_passcode).toBe(true);
    // The settings screen says the link has a passcode (never shows it) and offers to change or remove it.
    await dialog.getByRole('button', { name: 'Board pack', exact: true }).click();
    await expect(dialog.getByText('This link asks for a passcode. Type a new one to change it.')).toBeVisible();
    await expect(dialog.getByLabel('New passcode (optional)')).toHaveValue('');
    await axeBothSchemes(page, found, 'link settings with a passcode');

    const viewer = await (await browser.newContext()).newPage();
    const bodies = recordBodies(viewer);
    await viewer.goto(`/l/${link.link_id}`);
    await expect(viewer.getByRole('heading', { level: 1, name: 'This link is protected' })).toBeVisible();
    await axeBothSchemes(viewer, found, 'passcode form');
    const passcode = viewer.getByLabel('Passcode', { exact: true });
    await passcode.fill('not-it');
    await viewer.getByRole('button', { name: 'Open presentation' }).click();
    await expect(viewer.getByText('That passcode is not right. 9 tries left.')).toBeVisible();
    await axeBothSchemes(viewer, found, 'passcode refused');
    // Nothing of the document reached the page before the passcode (the HTML, the opening, every API answer).
    await viewer.waitForLoadState('networkidle');
    // The demo header's listing of every open demo document (/api/v1/demo/, no production server has it) is not the link's.
    for (const body of bodies.filter((text) => !text.includes('/api/v1/demo/'))) {
      for (const secret of [oid, 'Quarterly Review', 'Alice']) expect(body.includes(secret), `${secret} in ${body.slice(0, 200)}`).toBe(false);
    }
    await passcode.fill('tulip-4821');
    await viewer.getByRole('button', { name: 'Open presentation' }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
    // Unlocking the link does not open the document's own address: neither its first view nor the page shows it.
    const byAddress = await viewer.goto(`/view/${oid}`);
    expect(await byAddress!.text()).not.toContain('Quarterly Review');
    await viewer.waitForLoadState('networkidle');
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toHaveCount(0);
    expect(found).toEqual([]);
    await viewer.context().close();
  });

  test('an expired link says so, with its own message, at the time the server reads', async ({ page, browser, request }) => {
    const link = await createLink(page, { expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const viewer = await (await browser.newContext()).newPage();
    await viewer.goto(`/l/${link.link_id}`);
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
    await setServerClock(request, new Date(Date.now() + 3 * 86_400_000));
    const response = await viewer.goto(`/l/${link.link_id}`);
    expect(response?.status()).toBe(410);
    await expect(viewer.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
    await expect(viewer.getByText('Quarterly Review')).toHaveCount(0);
    const found: Found = [];
    await axeBothSchemes(viewer, found, 'expired link');
    expect(found).toEqual([]);
    await viewer.context().close();
  });

  test('an allow-listed link: the code arrives at the SMTP server and opens the link for that address', async ({ page, browser }) => {
    const link = await createLink(page, { allowed_viewers: ['*@partner.example'] });
    const viewer = await (await browser.newContext()).newPage();
    await viewer.goto(`/l/${link.link_id}`);
    await expect(viewer.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeVisible();
    const found: Found = [];
    await axeBothSchemes(viewer, found, 'verification form');
    const form = viewer.getByRole('form', { name: 'Confirm your e-mail address' });
    await form.getByRole('textbox', { name: 'Your e-mail' }).fill('jo@partner.example');
    await form.getByRole('button', { name: 'Send code' }).click();
    await expect(viewer.getByText('If jo@partner.example may open this link, a code is on its way to it. Check your inbox.')).toBeVisible();
    await axeBothSchemes(viewer, found, 'verification code');
    const mail = await mailbox.messageTo('jo@partner.example');
    expect(mail.text).not.toContain('Quarterly Review');
    const code = /(\d{6})/.exec(mail.subject ?? '')![1];
    await form.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
    expect(found).toEqual([]);
    await viewer.context().close();
  });

  test('a blocked domain: the owner blocks it in the dialog; its visitor proves the address and is refused with a clear message', async ({ page, browser, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await dialog.getByRole('textbox', { name: 'Link title' }).fill('Not for rivals');
    await dialog.getByRole('textbox', { name: 'Block these e-mail addresses (optional)' }).fill('@rival.example');
    // A block list asks for a verified address: the switch says so, on and fixed.
    await expect(dialog.getByRole('switch', { name: 'Require a verified e-mail' })).toBeChecked();
    const found: Found = [];
    await axeBothSchemes(page, found, 'create link with a block list');
    await dialog.getByRole('button', { name: 'Save Link' }).click();
    await page.getByRole('alertdialog', { name: 'Protect the presentation too?' }).getByRole('button', { name: 'Protect the link and the presentation' }).click();
    await expect(dialog.getByText('“Not for rivals” is ready to share.')).toBeVisible();
    const oid = await demoDocument(request, 'Quarterly Review');
    const links = (await (await page.request.get(`${API}?presentation_oid=${oid}`)).json()) as ViewLink[];
    const link = links.find((candidate) => candidate.name === 'Not for rivals')!;
    expect(link.blocked_viewers).toEqual(['*@rival.example']);

    const viewer = await (await browser.newContext()).newPage();
    await viewer.goto(`/l/${link.link_id}`);
    const form = viewer.getByRole('form', { name: 'Confirm your e-mail address' });
    await form.getByRole('textbox', { name: 'Your e-mail' }).fill('spy@rival.example');
    await form.getByRole('button', { name: 'Send code' }).click();
    const mail = await mailbox.messageTo('spy@rival.example');
    await form.getByRole('textbox', { name: 'Code from the e-mail' }).fill(/(\d{6})/.exec(mail.subject ?? '')![1]);
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(form.getByRole('textbox', { name: 'Code from the e-mail' })).toHaveAccessibleDescription(
      "This address can't open this link. Ask the person who shared it.",
    );
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toHaveCount(0);
    await axeBothSchemes(viewer, found, 'blocked address refused');
    expect(found).toEqual([]);
    await viewer.context().close();
  });

  test('an allow-listed link that asks who is viewing: after the code only the name is asked, and the visit records the verified address', async ({ page, browser }) => {
    const link = await createLink(page, { allowed_viewers: ['*@partner.example'], viewer_identification: true });
    const viewer = await (await browser.newContext()).newPage();
    await viewer.goto(`/l/${link.link_id}`);
    const form = viewer.getByRole('form', { name: 'Confirm your e-mail address' });
    await form.getByRole('textbox', { name: 'Your e-mail' }).fill('kim@partner.example');
    await form.getByRole('button', { name: 'Send code' }).click();
    const mail = await mailbox.messageTo('kim@partner.example');
    await form.getByRole('textbox', { name: 'Code from the e-mail' }).fill(/(\d{6})/.exec(mail.subject ?? '')![1]);
    await form.getByRole('button', { name: 'Confirm', exact: true }).click();
    const email = viewer.getByRole('textbox', { name: 'Your e-mail' });
    await expect(email).toHaveValue('kim@partner.example');
    await expect(email).toHaveAttribute('readonly', '');
    await expect(email).toHaveAccessibleDescription('The address you confirmed for this link.');
    const found: Found = [];
    await axeBothSchemes(viewer, found, 'identification after verification');
    expect(found).toEqual([]);
    await viewer.getByRole('textbox', { name: 'Your name' }).fill('Kim Partner');
    await viewer.getByRole('button', { name: 'Open presentation' }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
    await expect
      .poll(async () => ((await (await page.request.get(`${API}${link.link_id}/analytics/`)).json()) as ViewLinkAnalytics).identified_viewers[0])
      .toMatchObject({ email: 'kim@partner.example', name: 'Kim Partner' });
    await viewer.context().close();
  });

  test("a link that e-mails its creator on each visitor's first open: two visitors, three opens, exactly one e-mail per visitor", async ({ page, browser }) => {
    const link = await createLink(page, { name: 'Investor update', viewer_identification: true, open_notice: 'first_open' });
    expect(link.open_notice).toBe('first_open');
    const visit = async (name: string, email: string) => {
      const context = await browser.newContext();
      const viewer = await context.newPage();
      await viewer.goto(`/l/${link.link_id}`);
      await viewer.getByRole('textbox', { name: 'Your name' }).fill(name);
      await viewer.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
      await viewer.getByRole('button', { name: 'Open presentation' }).click();
      await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
      await context.close();
    };
    // Vera opens it twice (the second time in another browser, her address in other letters), then Ulf once.
    await visit('Vera Viewer', 'vera@example.com');
    await visit('Vera Viewer', 'VERA@example.com');
    await visit('Ulf Ulm', 'ulf@example.com');
    const opened = (mail: { subject?: string }) => /opened your link “Investor update”$/.test(mail.subject ?? '');
    const vera = await mailbox.messageTo('alice@example.com', 'Vera Viewer <vera@example.com> opened your link “Investor update”');
    expect(vera.text).toMatch(/for the first time/);
    await mailbox.messageTo('alice@example.com', 'Ulf Ulm <ulf@example.com> opened your link “Investor update”');
    // The outbox sends in the order the visits were recorded: a note for Vera's second open would have come before Ulf's.
    expect(mailbox.messages.filter(opened).map((mail) => mail.subject)).toEqual([
      'Vera Viewer <vera@example.com> opened your link “Investor update”',
      'Ulf Ulm <ulf@example.com> opened your link “Investor update”',
    ]);
  });

  test('a team that requires a passcode: a new link without one is refused with the reason, with one it is made', async ({ page, request }) => {
    const rules = await request.post('/dev/team-link-rules', {
      data: { team: 'Acme', require_link_passcode: true, max_link_expiry_days: null },
      headers: { 'X-CSRFToken': await csrfToken(request) },
    });
    expect(rules.status()).toBe(204);
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    await expect(dialog.getByText('Your team requires a passcode on every new link.')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Link title' }).fill('Team rule');
    await dialog.getByRole('button', { name: 'Save Link' }).click();
    await expect(dialog.getByText(/Your team requires a passcode on every new link\.$/).last()).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Create New Link' })).toBeVisible();
    const found: Found = [];
    await axeBothSchemes(page, found, 'team requires a passcode');
    await dialog.getByLabel('Passcode (required by your team)').fill('team-code-1');
    await dialog.getByRole('button', { name: 'Save Link' }).click();
    await page.getByRole('button', { name: 'Protect the link and the presentation' }).click();
    await expect(dialog.getByText('“Team rule” is ready to share.')).toBeVisible();
    expect(found).toEqual([]);
  });
});

/**
 * A trackable link's page written by the server (docs/architecture.md, "A trackable link's page"): its first response
 * holds the link's state and title; its lock forms work as plain form posts without JavaScript, and the same with it.
 */
test.describe("a trackable link's page as the server writes it", () => {
  /** The page's first response as a visitor without a session gets it (a context of its own, no test cookie). */
  async function firstResponse(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, path: string) {
    const context = await playwright.request.newContext({ baseURL });
    try {
      const response = await context.get(path);
      return { status: response.status(), html: await response.text() };
    } finally {
      await context.dispose();
    }
  }

  test('the first response carries the title and the lock step, and nothing of a locked, closed, expired or unknown link', async ({ page, request, playwright, baseURL }) => {
    const passcode = await createLink(page, { passcode: 'tulip-4821' });
    const allowList = await createLink(page, { allowed_viewers: ['*@partner.example'] });
    const named = await createLink(page, { viewer_identification: true });
    const live = await createLink(page, {});
    const revoked = await createLink(page, {});
    const expiring = await createLink(page, { expires_at: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')!.value;
    expect((await page.request.delete(`${API}${revoked.link_id}/`, { headers: { 'X-CSRFToken': csrf } })).ok()).toBe(true);
    const oid = await demoDocument(request, 'Quarterly Review');
    const secrets = [oid, 'Quarterly Review', 'Alice'];

    const steps: Array<[ViewLink, string, string]> = [
      [passcode, 'This link is protected', `action="/l/${passcode.link_id}/unlock"`],
      [allowList, 'Confirm your e-mail address', `action="/l/${allowList.link_id}/verification"`],
    ];
    for (const [link, title, form] of steps) {
      const { status, html } = await firstResponse(playwright, baseURL, `/l/${link.link_id}`);
      expect(status).toBe(200);
      expect(html).toContain(`<title>${title} – Deck</title>`);
      expect(html).toContain(`${title}</h1>`);
      expect(html).toContain(form);
      for (const secret of secrets) expect(html.includes(secret), `${secret} in the page of a locked link`).toBe(false);
    }
    // The name step names the presentation and who shared it, as the API's opening does; the document is not there yet.
    const asked = await firstResponse(playwright, baseURL, `/l/${named.link_id}`);
    expect(asked.html).toContain('<title>Alice Anderson shared “Quarterly Review” with you – Deck</title>');
    expect(asked.html).toContain(`action="/l/${named.link_id}/visits"`);
    expect(asked.html).not.toContain('data-first-view');
    // A live link that asks nothing is written like the view page.
    const open = await firstResponse(playwright, baseURL, `/l/${live.link_id}`);
    expect(open.html).toContain('<title>Quarterly Review – Deck</title>');
    expect(open.html).toContain('data-first-view="viewer-overlay"');

    await setServerClock(request, new Date(Date.now() + 3 * 86_400_000));
    const closed: Array<[string, number, string]> = [
      [`/l/${revoked.link_id}`, 410, 'This link no longer gives access'],
      [`/l/${expiring.link_id}`, 410, 'This link has expired'],
      ['/l/Ab3dEf6hIj9kLm2nOp5qRs8t', 404, 'There is no presentation at this link'],
    ];
    for (const [path, expected, title] of closed) {
      const { status, html } = await firstResponse(playwright, baseURL, path);
      expect(status).toBe(expected);
      expect(html).toContain(`<title>${title} – Deck</title>`);
      for (const secret of secrets) expect(html.includes(secret), `${secret} in ${path}`).toBe(false);
    }
  });

  for (const javaScriptEnabled of [false, true]) {
    test(`each lock step (passcode, e-mail code, name) with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, async ({ page, browser }) => {
      const link = await createLink(page, { passcode: 'tulip-4821', allowed_viewers: ['*@partner.example'], viewer_identification: true });
      const address = `${javaScriptEnabled ? 'on' : 'off'}@partner.example`;
      const context = await browser.newContext({ javaScriptEnabled });
      try {
        const viewer = await context.newPage();
        const pages: string[] = [];
        viewer.on('framenavigated', (frame) => {
          if (frame === viewer.mainFrame()) pages.push(frame.url());
        });
        await viewer.goto(`/l/${link.link_id}`);
        // With JavaScript, the page's script answers every form once it has taken the page over.
        if (javaScriptEnabled) await viewer.waitForLoadState('networkidle');
        const passcodeForm = viewer.getByRole('form', { name: 'This link is protected' });
        await passcodeForm.getByLabel('Passcode', { exact: true }).fill('not-it');
        await passcodeForm.getByRole('button', { name: 'Open presentation' }).click();
        await expect(viewer.getByText('That passcode is not right. 9 tries left.')).toBeVisible();
        await passcodeForm.getByLabel('Passcode', { exact: true }).fill('tulip-4821');
        await passcodeForm.getByRole('button', { name: 'Open presentation' }).click();

        const codeForm = viewer.getByRole('form', { name: 'Confirm your e-mail address' });
        await codeForm.getByRole('textbox', { name: 'Your e-mail' }).fill(address);
        await codeForm.getByRole('button', { name: 'Send code' }).click();
        await expect(viewer.getByText(`If ${address} may open this link, a code is on its way to it. Check your inbox.`)).toBeVisible();
        const code = /(\d{6})/.exec((await mailbox.messageTo(address)).subject ?? '')![1];
        await codeForm.getByRole('textbox', { name: 'Code from the e-mail' }).fill(code);
        await codeForm.getByRole('button', { name: 'Confirm', exact: true }).click();

        await expect(viewer.getByRole('textbox', { name: 'Your e-mail' })).toHaveValue(address);
        await viewer.getByRole('textbox', { name: 'Your name' }).fill('Jo Partner');
        await viewer.getByRole('button', { name: 'Open presentation' }).click();
        await expect(viewer.getByRole('heading', { level: 1, name: 'Quarterly Review' })).toBeVisible();
        await expect
          .poll(async () => ((await (await page.request.get(`${API}${link.link_id}/analytics/`)).json()) as ViewLinkAnalytics).identified_viewers)
          .toEqual([expect.objectContaining({ email: address, name: 'Jo Partner' })]);
        // Without JavaScript each form's post comes back to the page (303); with it, the page never leaves.
        if (javaScriptEnabled) expect(pages).toHaveLength(1);
        else expect(pages.length).toBeGreaterThan(4);
      } finally {
        await context.close();
      }
    });
  }

  test('the take-over moves nothing: the lock form and the live link keep their places', async ({ page, browser }) => {
    const passcode = await createLink(page, { passcode: 'tulip-4821' });
    const live = await createLink(page, {});
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    try {
      const viewer = await context.newPage();
      await viewer.addInitScript(() => {
        const watched = window as unknown as { shifts: number[]; before: Record<string, number[] | null> };
        watched.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) if (!entry.hadRecentInput) watched.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        // Where the server's markup stood before any of the page's scripts ran.
        document.addEventListener('DOMContentLoaded', () => {
          const box = (selector: string) => {
            const rect = document.querySelector(selector)?.getBoundingClientRect();
            return rect ? [rect.x, rect.y, rect.width, rect.height] : null;
          };
          watched.before = { heading: box('h1'), form: box('form'), stage: box('[data-first-view="viewer-overlay"]') };
        });
      });
      const boxes = () =>
        viewer.evaluate(() => {
          const box = (selector: string) => {
            const rect = document.querySelector(selector)?.getBoundingClientRect();
            return rect ? [rect.x, rect.y, rect.width, rect.height] : null;
          };
          return { heading: box('h1'), form: box('form') };
        });
      // Within a pixel: the web font's arrival before or after DOMContentLoaded (its swap, not the take-over) rounds the
      // heading's box by one; the layout-shift sum below holds the rest.
      const expectSamePlace = (now: number[] | null, then: number[] | null) => {
        expect(now).not.toBeNull();
        now!.forEach((value, index) => expect(Math.abs(value - then![index]), `box[${index}] ${value} against ${then![index]}`).toBeLessThanOrEqual(1));
      };
      const watched = () =>
        viewer.evaluate(() => {
          const { shifts, before } = window as unknown as { shifts: number[]; before: Record<string, number[] | null> };
          return { shifts, before };
        });

      await viewer.goto(`/l/${passcode.link_id}`);
      // Taken over: the page's script answers the form (a wrong passcode is refused in place, with no new page).
      await viewer.getByLabel('Passcode', { exact: true }).fill('not-it');
      await viewer.getByRole('button', { name: 'Open presentation' }).click();
      await expect(viewer.getByText('That passcode is not right. 9 tries left.')).toBeVisible();
      const { before, shifts } = await watched();
      expect(before.heading).not.toBeNull();
      expectSamePlace((await boxes()).heading, before.heading);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);

      await viewer.goto(`/l/${live.link_id}`);
      await moveThePointer(viewer);
      await expect(viewer.locator('[data-first-view]')).toHaveCount(0);
      await viewer.waitForLoadState('networkidle');
      await viewer.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      const taken = await watched();
      expect(taken.before.stage, 'the server wrote the overlay').not.toBeNull();
      expectSamePlace((await boxes()).heading, taken.before.heading);
      expect(taken.shifts.reduce((sum, value) => sum + value, 0)).toBeLessThanOrEqual(0.02);
    } finally {
      await context.close();
    }
  });
});

test.describe('expiring access for collaborators', () => {
  test('alice gives frank access until a time; at that time the server stops granting it', async ({ page, browser, request }) => {
    const oid = await demoDocument(request, 'Private Strategy');
    const { dialog } = await openShareDialog(page, request, 'alice', 'Private Strategy');
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('frank@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    const frankRow = row(dialog, 'Frank Foster');
    await expect(frankRow).toBeVisible();
    await frankRow.getByRole('button', { name: 'End date for Frank Foster' }).click();
    const end = new Date(Date.now() + 5 * 86_400_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${end.getFullYear()}-${pad(end.getMonth() + 1)}-${pad(end.getDate())}T${pad(end.getHours())}:${pad(end.getMinutes())}`;
    await frankRow.getByLabel('Access ends at').fill(local);
    const found: Found = [];
    await axeBothSchemes(page, found, 'collaborator end date');
    await frankRow.getByRole('button', { name: 'Save end date' }).click();
    await expect(frankRow).toContainText('Access until');

    const frank = await (await browser.newContext()).newPage();
    await signIn(frank, 'frank', `/view/${oid}`);
    await expect(frank.getByRole('heading', { level: 1, name: 'Private Strategy' })).toBeVisible();
    // Two days before the end: the notice goes out through the outbox.
    await setServerClock(request, new Date(end.getTime() - 2 * 86_400_000));
    const notice = await mailbox.messageTo('frank@example.com', undefined);
    expect(notice.subject).toContain('Private Strategy');
    await setServerClock(request, new Date(end.getTime() + 60_000));
    await frank.reload();
    // Told that his access ended, and whose end date it was; he may ask again.
    await expect(frank.getByRole('heading', { level: 1, name: 'Your access has ended' })).toBeVisible();
    await expect(frank.getByText('Your access to this presentation has ended, at the time Alice Anderson set for it.', { exact: false })).toBeVisible();
    await page.reload();
    const reopened = await openShareDialog(page, request, 'alice', 'Private Strategy');
    await expect(row(reopened.dialog, 'Frank Foster')).toContainText('Access ended');
    expect(found).toEqual([]);
    await frank.context().close();
  });
});
