import { act } from 'react';
import { useIntl } from 'react-intl';
import { useTheme } from 'styled-components';
import { useStore } from 'react-redux';
import { createMount } from './create-mount';
import { createAppStore, getSharedStore } from '../store/store';
import { getRuntimeConfig, setRuntimeConfig } from '../config/runtime-config';

function Greeting({ name, onRender }: { name: string; onRender?: (info: { locale: string; theme: string; store: unknown }) => void }) {
  const intl = useIntl();
  const theme = useTheme();
  const store = useStore();
  onRender?.({ locale: intl.locale, theme: theme.name, store });
  return <p>Hello {name}</p>;
}

function Crash(): never {
  throw new Error('boom');
}

describe('createMount', () => {
  const mount = createMount('referral-panel', Greeting);
  let element: HTMLDivElement;

  beforeEach(() => {
    element = document.createElement('div');
    document.body.appendChild(element);
  });

  afterEach(() => element.remove());

  it('renders into the element and unmounts', async () => {
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { name: 'Ada' });
    });
    expect(element.textContent).toBe('Hello Ada');
    await act(async () => unmount());
    expect(element.textContent).toBe('');
  });

  it('re-renders with new props on a second mount, keeping one React root', async () => {
    const seenStores = new Set<unknown>();
    const onRender = ({ store }: { store: unknown }) => seenStores.add(store);
    let first: () => void = () => {};
    await act(async () => {
      first = mount(element, { name: 'Ada', onRender });
    });
    const firstChild = element.firstChild;
    await act(async () => {
      mount(element, { name: 'Grace', onRender });
    });
    expect(element.textContent).toBe('Hello Grace');
    // The same DOM node was updated, not replaced by a second root.
    expect(element.firstChild).toBe(firstChild);
    expect(element.childNodes).toHaveLength(1);
    expect(seenStores.size).toBe(1);
    await act(async () => first());
    expect(element.textContent).toBe('');
  });

  it('renders inside the shared providers: the page store, the locale and the theme', async () => {
    let seen: { locale: string; theme: string; store: unknown } | null = null;
    await act(async () => {
      mount(element, { name: 'Ada', locale: 'de', theme: 'dark', onRender: (info) => (seen = info) });
    });
    expect(seen).toEqual({ locale: 'de', theme: 'dark', store: getSharedStore() });
  });

  it('uses a store the host passes', async () => {
    const hostStore = createAppStore();
    let seenStore: unknown = null;
    await act(async () => {
      mount(element, { name: 'Ada', store: hostStore, onRender: ({ store }) => (seenStore = store) });
    });
    expect(seenStore).toBe(hostStore);
  });

  it('keeps a crash inside the remote and shows the generic error', async () => {
    const crashing = createMount('like-button', Crash);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = jest.fn(async () => new Response('{}'));
    globalThis.fetch = fetchSpy;
    await act(async () => {
      crashing(element, {});
    });
    expect(element.textContent).toContain('An error has occurred');
    expect(fetchSpy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('refuses to mount without an element', () => {
    expect(() => mount(null as unknown as Element, { name: 'x' })).toThrow('referral-panel: mount needs a DOM element as its first argument (got null)');
  });

  it('refuses a selector string or a ref instead of the element, saying what to pass', () => {
    expect(() => mount('#like' as unknown as Element, { name: 'x' })).toThrow(
      'referral-panel: mount needs a DOM element as its first argument (got the string "#like"); pass document.querySelector("#like") instead of the selector',
    );
    expect(() => mount({ current: element } as unknown as Element, { name: 'x' })).toThrow('; pass ref.current instead of the ref');
  });

  it('returns a handle that unmounts when called or through unmount(), and re-renders through update()', async () => {
    let handle!: ReturnType<typeof mount>;
    await act(async () => {
      handle = mount(element, { name: 'Ada' });
    });
    await act(async () => handle.update({ name: 'Grace' }));
    expect(element.textContent).toBe('Hello Grace');
    await act(async () => handle.unmount());
    expect(element.textContent).toBe('');
    // An unmounted remote stays unmounted.
    await act(async () => handle.update({ name: 'Lin' }));
    expect(element.textContent).toBe('');
    await act(async () => {
      handle = mount(element, { name: 'Ada' });
    });
    await act(async () => handle());
    expect(element.textContent).toBe('');
  });

  it('hands the controller the store and the latest props', async () => {
    const store = createAppStore();
    const withController = createMount('like-button', Greeting, {
      controller: ({ store: given, props }) => ({ who: () => props().name, sameStore: () => given === store }),
    });
    let handle!: ReturnType<typeof withController>;
    await act(async () => {
      handle = withController(element, { name: 'Ada', store });
    });
    await act(async () => handle.update({ name: 'Grace' }));
    expect(handle.who()).toBe('Grace');
    expect(handle.sameStore()).toBe(true);
    await act(async () => handle());
  });

  it('applies host settings page-wide, keeping the ones not given', async () => {
    const before = getRuntimeConfig();
    try {
      setRuntimeConfig({ shortName: 'acme' });
      await act(async () => {
        mount(element, { name: 'Ada', settings: { productSiteUrl: 'https://product.example/', apiBase: 'https://api.example/api/v4' } });
      });
      expect(getRuntimeConfig()).toMatchObject({ shortName: 'acme', productSiteUrl: 'https://product.example/', apiBase: 'https://api.example/api/v4' });
    } finally {
      setRuntimeConfig(before);
    }
  });

  it.each([
    [{ theme: 'blue' }, "referral-panel: theme must be 'light', 'dark' or 'system' or left out (got the string \"blue\")"],
    [{ locale: 'xx' }, 'referral-panel: locale must be a language tag starting with en, de, es, fr, pt, hu, it, ja, ko or left out (got the string "xx")'],
    [{ settings: { productSiteUrl: 42 } }, 'referral-panel: settings must be an object {'],
    [{ settings: 'https://x' }, 'referral-panel: settings must be an object'],
  ])('refuses a wrong common prop %j, naming it', (extra, message) => {
    expect(() => mount(element, { name: 'Ada', ...(extra as object) })).toThrow(message);
    expect(element.textContent).toBe('');
  });
});
