/**
 * A trackable link's open is recorded by the page's script, not by the server as it writes the page, so a link
 * fetched by a preview bot or a mail scanner counts no open (docs/decisions.md, "The take-over waits for the
 * visitor"). The server writes a hidden form for it (`LinkOpenForm` on the link's page: the open's id and the CSRF
 * token, posted to the page's own `/l/<link>/visits`), and the entry script posts it once the page is painted, asking
 * for the API's answer instead of the page, without waiting for the take-over. Plain DOM only: part of the entry
 * script.
 */
import { LINK_OPEN_ATTRIBUTE } from './take-over-on-intent';

/** Each open's post, by its id: whether the server recorded it. */
const posted = new Map<string, Promise<boolean>>();

/** Posts the page's link open, if it has one, once. */
export function recordLinkOpen(doc: Document = document): void {
  const form = doc.querySelector<HTMLFormElement>(`form[${LINK_OPEN_ATTRIBUTE}]`);
  const openId = form?.getAttribute(LINK_OPEN_ATTRIBUTE);
  if (!form || !openId || posted.has(openId)) return;
  // Its fields are hidden inputs: text, never files.
  const fields = new URLSearchParams([...new FormData(form)].flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
  posted.set(
    openId,
    fetch(form.action, { method: 'POST', body: fields, headers: { accept: 'application/json' }, credentials: 'same-origin' }).then(
      // Read to its end: an answer nobody reads keeps its request open in the browser.
      (answer) => answer.text().then(() => answer.ok),
      () => false,
    ),
  );
}

/** The entry script's post of this open, if it made one: the page records the open itself only when that failed. */
export function linkOpenPost(openId: string): Promise<boolean> | undefined {
  return posted.get(openId);
}
