import { test, expect, demoDocument, signIn } from './fixtures';
import { measurePage, kb } from '../scripts/measure-page';
import { recordScripts } from '../scripts/page-weight';
import { PAGE_BUDGETS, type PageName } from '../scripts/page-budgets';
import { allBundledModules, modulesInTwoScripts, modulesLoaded } from '../scripts/loaded-modules';

/**
 * The JavaScript each page fetches before any dialog opens (gzip of the served files, so
 * the same for the same build anywhere), the number of script requests, and no source module
 * fetched twice on one page. Reads dist/ and dist/stats/ (written by scripts/build.ts).
 */
const PAGES: Array<{ name: PageName; user: string | null; path: (oid: string) => string }> = [
  { name: 'view', user: null, path: (oid) => `/view/${oid}` },
  { name: 'editor', user: 'alice', path: (oid) => `/editor/${oid}` },
  { name: 'dashboard', user: 'alice', path: () => '/dashboard' },
];

test.describe('page weight', () => {
  for (const { name, user, path } of PAGES) {
    const more =
      name === 'view'
        ? "; its own page chunk only, no Redux Toolkit, only the common modules it runs, its remotes' common modules from the shell and the rest only when used"
        : '';
    test(`${name} page: scripts within budget, no module fetched twice${more}`, async ({ page, request }) => {
      const oid = await demoDocument(request, 'Quarterly Review');
      if (user) {
        await signIn(page, user, '/nowhere');
        // The page signed in on starts its scripts after its first paint: none of them may be counted as the next page's.
        await page.waitForLoadState('networkidle');
      }
      const scripts = await measurePage(page, name, path(oid));
      const { ceiling } = PAGE_BUDGETS[name];
      const summary = scripts.page.map((script) => `${(script.gzipBytes / 1024).toFixed(1)} KB ${new URL(script.url).pathname}`).join('\n');

      expect(kb(scripts.page), summary).toBeLessThanOrEqual(ceiling.kb);
      expect(scripts.page.length, summary).toBeLessThanOrEqual(ceiling.scripts);
      expect(modulesInTwoScripts([...scripts.page, ...scripts.prefetched].map((script) => script.url))).toEqual({});
      if (name === 'view') await expectTheViewPageModules(scripts.page.map((script) => script.url));
    });
  }

  /** What the view page's scripts (as the signed-out visitor's first load fetched them) carry, and what they leave out. */
  async function expectTheViewPageModules(urls: string[]) {
    await test.step('the view page loads its own page chunk and no other page', () => {
      const paths = urls.map((url) => new URL(url).pathname);
      expect(paths.some((path) => /\/page-view\./.test(path))).toBe(true);
      for (const other of ['page-dashboard', 'page-analytics', 'page-link', 'page-editor', 'page-home']) {
        expect(paths.filter((path) => path.includes(other))).toEqual([]);
      }
    });
    const modules = modulesLoaded(urls);

    await test.step('the view page, its like button and overlay run without Redux Toolkit: data without RTK Query, the store on redux alone', () => {
      expect(modules).toContain('shared/src/api/fetch-json.ts');
      expect(modules).toEqual(expect.arrayContaining(['shared/src/store/store.ts', 'node_modules/redux/dist/redux.mjs']));
      expect(modules.filter((module) => /^node_modules\/(@reduxjs\/toolkit|immer|reselect)\/|^shared\/src\/api\/api\.ts$/.test(module))).toEqual([]);
    });

    await test.step('the view page fetches only the common modules it runs: no forms, payments or link contracts', () => {
      expect(modules).toContain('shared/src/api/server-messages.ts');
      const appOnly = /^shared\/src\/(api\/(api-call|server-message-table)|domains\/(access-requests|view-links)\/|payments\/|ui\/text-field\/|validation\/)/;
      expect(modules.filter((module) => appOnly.test(module))).toEqual([]);
    });

    await test.step("the view page gets its remotes' common modules from the shell, and the player, sign-in offer and share-scope repair only when used", () => {
      // A remote's own copy of a common module is its fallback, for hosts that do not provide it: here
      // the shell's deck-shared chunk provides them, instead of six tiny requests to the containers.
      const fromRemotes = urls.filter((url) => new URL(url).pathname.startsWith('/remotes/'));
      expect(modulesLoaded(fromRemotes).filter((module) => module.startsWith('shared/src/'))).toEqual([]);
      expect(modules.filter((module) => module.startsWith('shared/src/domains/like/'))).not.toEqual([]);
      expect(modules).toContain('shared/src/ui/avatar/avatar.tsx');
      // The player comes with the Present click, the sign-in offer with a signed-out like, the share
      // scope's repair with a Retry after a remote failed to load.
      expect(modules).toContain('shell/src/pages/view/playback/use-playback.ts');
      const onDemand = /^shell\/src\/(pages\/view\/(playback\/slide-show|sign-in-offer)\.tsx|layout\/demo-sign-in-choices\.tsx|federation\/share-scope-repair\.ts)$/;
      expect(modules.filter((module) => onDemand.test(module))).toEqual([]);
    });
  }

  test('the translated server texts load with the first refusal, which shows translated from the start', async ({ page, request, context, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await context.addCookies([{ name: 'language', value: 'de', url: baseURL! }]);
    const recorder = recordScripts(page);
    await signIn(page, 'dave', `/view/${oid}`);
    const like = page.locator('[data-remote="like-button"] button');
    await expect(like).toContainText('1.234');
    await page.waitForLoadState('networkidle');
    const table = 'shared/src/api/server-message-table.ts';
    expect(modulesLoaded((await recorder.scripts()).map((script) => script.url))).not.toContain(table);

    // Every text the like button and the page's live region ever show or say, however briefly.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __alerts: string[] }).__alerts = seen;
      new MutationObserver(() => {
        for (const place of document.querySelectorAll('[data-remote="like-button"], #deck-live-region')) if (place.textContent) seen.push(place.textContent);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.route(`**/api/v4/presentation/${oid}/like/`, (route) =>
      route.fulfill({
        status: 429,
        json: { statusCode: 429, error: 'Too Many Requests', message: 'Too many requests. Try again in 42 second(s).', message_code: 'rate_limited', message_values: { seconds: '42' } },
      }),
    );
    await like.click();
    const german = 'Ihr „Gefällt mir“ konnte nicht gespeichert werden (Zu viele Anfragen. Versuchen Sie es in 42 Sekunde(n) erneut.). Bitte versuchen Sie es erneut.';
    await expect(page.locator('[data-remote="like-button"]')).toContainText(german);
    await expect(page.locator('#deck-live-region')).toHaveText(german);
    expect(modulesLoaded((await recorder.scripts()).map((script) => script.url))).toContain(table);
    const alerts = await page.evaluate(() => (window as unknown as { __alerts: string[] }).__alerts);
    expect(alerts.filter((text) => /Too many|Forbidden|Verboten|Too Many/.test(text))).toEqual([]);
  });

  test('no ICU message parser in any bundle: messages are compiled at build time', () => {
    const modules = allBundledModules(['shell', 'share-dialog', 'like-button', 'viewer-overlay', 'referral-panel']);
    expect(modules.filter((module) => /icu-messageformat-parser\/(index|parser|manipulator|printer)\.js$/.test(module))).toEqual([]);
    // The build without the parser is what react-intl got instead.
    expect(modules).toContain('node_modules/@formatjs/icu-messageformat-parser/no-parser.js');
  });
});
