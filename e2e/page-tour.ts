import type { Page } from '@playwright/test';
import { expect, signIn, demoDocument } from './fixtures';

/** A step of the tour: a page of the shell, ready to be measured. */
export interface TourStop {
  name: string;
  open: () => Promise<void>;
}

/**
 * Every page of the shell as Alice sees it (home, editor, view, dashboard, analytics, link), for
 * the tests that check each page in turn (reflow). The language comes from the cookie.
 */
export async function pageTour(page: Page, baseURL: string, locale = 'en'): Promise<TourStop[]> {
  const oid = await demoDocument(page.request, 'Quarterly Review');
  // The listing signed in by request; a sign-in ends the browser's earlier session (docs/security.md, *Sessions*), and
  // Chromium would keep the request's cookie beside the page's: the page's sign-in starts from no cookie.
  await page.context().clearCookies();
  await page.context().addCookies([{ name: 'language', value: locale, url: baseURL }]);
  await signIn(page, 'alice', '/');
  const links = (await (await page.request.get(`/api/v1/prezilink/?presentation_oid=${oid}`)).json()) as Array<{ link_id: string; name: string }>;
  const board = links.find((link) => link.name === 'Board members')!;
  const settle = async () => {
    await expect(page.locator('[role="status"][aria-label]')).toHaveCount(0);
    await page.evaluate(() => document.fonts.ready);
  };
  return [
    { name: 'home', open: async () => (await page.goto('/'), await settle()) },
    {
      name: 'editor',
      open: async () => {
        await page.goto(`/editor/${oid}`);
        await expect(page.locator('[data-remote="referral-panel"] section').first()).toBeVisible();
        await settle();
      },
    },
    {
      name: 'view',
      open: async () => {
        await page.goto(`/view/${oid}`);
        await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
        await expect(page.locator('[data-remote="viewer-overlay"] button').first()).toBeVisible();
        await settle();
      },
    },
    { name: 'dashboard', open: async () => (await page.goto('/dashboard'), await expect(page.getByRole('heading').first()).toBeVisible(), await settle()) },
    { name: 'analytics', open: async () => (await page.goto(`/analytics/${board.link_id}`), await expect(page.getByText('Board members').first()).toBeVisible(), await settle()) },
    { name: 'link', open: async () => (await page.goto(`/l/${board.link_id}`), await expect(page.getByRole('textbox').first()).toBeVisible(), await settle()) },
  ];
}

/** Opens the share dialog from the editor page the tour left open and waits until it has loaded. */
export async function openDialogOnEditor(page: Page) {
  await page.locator('main').getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('switch').first()).toBeVisible();
  await expect(dialog.locator('[role="status"][aria-label]')).toHaveCount(0);
  return dialog;
}

/** How far the page, and each scrolling box inside `within`, can scroll sideways (0 when none can). */
export async function sidewaysOverflow(page: Page, within = 'body'): Promise<Array<{ what: string; overflow: number }>> {
  return page.evaluate((selector) => {
    const found: Array<{ what: string; overflow: number }> = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) found.push({ what: 'page', overflow: root.scrollWidth - root.clientWidth });
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${selector}, ${selector} *`))) {
      const style = getComputedStyle(element);
      const scrolls = ['auto', 'scroll'].includes(style.overflowX);
      if (scrolls && element.scrollWidth > element.clientWidth + 1) {
        found.push({ what: `${element.tagName.toLowerCase()}.${element.className}`, overflow: element.scrollWidth - element.clientWidth });
      }
    }
    return found;
  }, within);
}

/**
 * Controls whose text is cut off: sticking out of the box that holds them (`within`), or wider
 * than themselves with the overflow hidden.
 */
export async function clippedControls(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const container = document.querySelector(selector)!.getBoundingClientRect();
    const cut: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>(`${selector} button, ${selector} label, ${selector} input, ${selector} [role="tab"]`))) {
      const box = element.getBoundingClientRect();
      // Visually hidden labels (1 × 1 px, clipped on purpose) are for screen readers only.
      if (box.width <= 1 || box.height <= 1) continue;
      const outside = box.left < container.left - 1 || box.right > container.right + 1;
      // A field scrolls its own value (a long URL) by design: only its box must fit.
      const hidden = element.tagName !== 'INPUT' && getComputedStyle(element).overflowX !== 'visible' && element.scrollWidth > element.clientWidth + 1;
      if (outside || hidden) cut.push(element.textContent || element.getAttribute('aria-label') || element.tagName);
    }
    return cut;
  }, within);
}

/**
 * Texts that cannot be read whole (WCAG 1.4.10): cut by an ellipsis or a hidden overflow of their own box,
 * squeezed to no width, or sticking out of a box inside `within` that clips (hides its overflow). A box that
 * scrolls does not count: what is outside it can be scrolled to.
 */
export async function cutTexts(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const roots = Array.from(document.querySelectorAll<HTMLElement>(selector));
    const cut: string[] = [];
    const clips = (style: CSSStyleDeclaration) => ['hidden', 'clip'].includes(style.overflowX) || ['hidden', 'clip'].includes(style.overflowY);
    for (const root of roots) {
      for (const element of Array.from(root.querySelectorAll<HTMLElement>('*'))) {
        const text = Array.from(element.childNodes)
          .filter((node) => node.nodeType === Node.TEXT_NODE)
          .map((node) => node.textContent ?? '')
          .join('')
          .trim();
        if (!text || element.tagName === 'INPUT' || element.tagName === 'TEXTAREA' || element.closest('[aria-hidden="true"]')) continue;
        const style = getComputedStyle(element);
        if (style.visibility !== 'visible' || element.getClientRects().length === 0) continue;
        const box = element.getBoundingClientRect();
        // Visually hidden texts (1 × 1 px, clipped on purpose) are for screen readers only.
        if (style.position === 'absolute' && box.width <= 1 && box.height <= 1) continue;
        if (box.width < 1 || box.height < 1) {
          cut.push(`${text} (no room)`);
          continue;
        }
        const ownOverflow = clips(style) || style.textOverflow === 'ellipsis';
        if (ownOverflow && (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1)) {
          cut.push(`${text} (cut)`);
          continue;
        }
        for (let parent = element.parentElement; parent && root.contains(parent); parent = parent.parentElement) {
          const parentStyle = getComputedStyle(parent);
          if (['auto', 'scroll'].includes(parentStyle.overflowY) || ['auto', 'scroll'].includes(parentStyle.overflowX)) break;
          if (!clips(parentStyle)) continue;
          const outer = parent.getBoundingClientRect();
          if (box.left < outer.left - 1 || box.right > outer.right + 1 || box.top < outer.top - 1 || box.bottom > outer.bottom + 1) {
            cut.push(`${text} (outside its box)`);
            break;
          }
        }
      }
    }
    return cut;
  }, within);
}
