import { act } from 'react';
import { useIntl } from 'react-intl';
import { useTheme } from 'styled-components';
import { useStore } from 'react-redux';
import { createMount } from './create-mount';
import { createAppStore, getSharedStore } from '../store/store';

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
  const mount = createMount('greeting', Greeting);
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
    const crashing = createMount('crash', Crash);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    const fetchSpy = jest.fn(async () => new Response('{}'));
    globalThis.fetch = fetchSpy as unknown as typeof fetch;
    await act(async () => {
      crashing(element, {});
    });
    expect(element.textContent).toContain('An error has occurred');
    expect(fetchSpy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('refuses to mount without an element', () => {
    expect(() => mount(null as unknown as Element, { name: 'x' })).toThrow('greeting: mount needs a DOM element');
  });
});
