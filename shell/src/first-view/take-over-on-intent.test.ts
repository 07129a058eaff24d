import { FIRST_VIEW_ATTRIBUTE } from './held-controls';
import { linkOpenPost } from './link-open';
import { INTENT_EVENTS, LINK_OPEN_ATTRIBUTE, takeOverWhenAsked } from './take-over-on-intent';

/** A page the server wrote a first view into: a link's page that asks nothing, with its take-over's files named. */
function linkFirstView(script = '/assets/bootstrap.js') {
  document.head.innerHTML = `<script type="application/json" id="deck-take-over-files">[{"href":"${script}","as":"script"}]</script>`;
  document.body.innerHTML = `
    <div id="app">
      <div ${FIRST_VIEW_ATTRIBUTE}="like-button"><button>Like, 3 likes</button></div>
      <form hidden method="post" action="/l/abc/visits" ${LINK_OPEN_ATTRIBUTE}="open-1"><input type="hidden" name="csrf_token" value="tok"><input type="hidden" name="open_id" value="open-1"></form>
    </div>`;
}

const at = (path: string): Location => new URL(path, 'http://localhost') as unknown as Location;
const fetchedAhead = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));

describe('when the take-over starts', () => {
  const fetchMock = jest.fn<Promise<Response>, Parameters<typeof fetch>>();
  beforeEach(() => {
    jest.useFakeTimers();
    fetchMock.mockReset().mockResolvedValue({ ok: true, text: () => Promise.resolve('{"recorded":true}') } as Response);
    globalThis.fetch = fetchMock;
  });
  afterEach(() => jest.useRealTimers());

  it('on a page without a first view, a frame after the first paint, with no intent', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="app"></div>';
    const start = jest.fn();
    takeOverWhenAsked(start, document, at('/editor/doc'));
    jest.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it.each(INTENT_EVENTS)('on a first view, not before the visitor’s first intent (here %s), once; its files are fetched and the link’s open posted once painted', async (type) => {
    linkFirstView(`/assets/bootstrap-${type}.js`);
    const start = jest.fn();
    takeOverWhenAsked(start, document, at(`/l/abc-${type}`));
    jest.advanceTimersByTime(10_000);
    expect(start).not.toHaveBeenCalled();
    expect(fetchedAhead('prefetch')).toEqual([`/assets/bootstrap-${type}.js`]);
    document.querySelector('button')!.dispatchEvent(new Event(type, { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('not on the pointer the browser moves by no distance when what lies under it changes', () => {
    linkFirstView('/assets/bootstrap-resting.js');
    const start = jest.fn();
    takeOverWhenAsked(start, document, at('/view/resting'));
    const moved = (by: number) => Object.assign(new Event('pointermove', { bubbles: true }), { movementX: by, movementY: 0 });
    document.body.dispatchEvent(moved(0));
    expect(start).not.toHaveBeenCalled();
    document.body.dispatchEvent(moved(3));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('posts the open of a link that asks nothing once, as its form says, asking for the API’s answer', async () => {
    linkFirstView();
    document.querySelector('form')!.setAttribute(LINK_OPEN_ATTRIBUTE, 'open-2');
    document.querySelector<HTMLInputElement>('input[name="open_id"]')!.value = 'open-2';
    takeOverWhenAsked(jest.fn(), document, at('/l/abc'));
    takeOverWhenAsked(jest.fn(), document, at('/l/abc'));
    // Its code is a chunk of its own, fetched on a link's page alone.
    await jest.advanceTimersByTimeAsync(100);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://localhost/l/abc/visits');
    expect(init).toMatchObject({ method: 'POST', headers: { accept: 'application/json' }, credentials: 'same-origin' });
    expect((init?.body as URLSearchParams).toString()).toBe('csrf_token=tok&open_id=open-2');
    await expect(linkOpenPost('open-2')).resolves.toBe(true);
    expect(linkOpenPost('another-open')).toBeUndefined();
  });

  it('at once after the first paint when the address asks to present (a press before the script ran)', () => {
    linkFirstView('/assets/bootstrap-present.js');
    const start = jest.fn();
    takeOverWhenAsked(start, document, at('/view/doc?present=1'));
    expect(start).not.toHaveBeenCalled();
    jest.advanceTimersByTime(100);
    expect(start).toHaveBeenCalledTimes(1);
    // Used at once: preloaded.
    expect(fetchedAhead('preload')).toEqual(['/assets/bootstrap-present.js']);
  });
});
