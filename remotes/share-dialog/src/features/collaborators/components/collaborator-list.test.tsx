import type { ReactElement } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { applyInlineHeightsAsLayout } from '../../../testing/inline-layout';
import { flags, individual } from '../../../testing/fixtures';
import { permissionOptions } from '../utils/permission-options';
import { CollaboratorList } from './collaborator-list';

// Each render of a row works out its permission options once: counting the calls counts row renders.
jest.mock('../utils/permission-options', () => {
  const actual = jest.requireActual<typeof import('../utils/permission-options')>('../utils/permission-options');
  return { ...actual, permissionOptions: jest.fn(actual.permissionOptions) };
});
const rowRenders = permissionOptions as jest.MockedFunction<typeof permissionOptions>;

// 10,000 collaborators mount with at most 40 rows in the DOM, at the top and at the end.
const collaborators = Array.from({ length: 10_000 }, (_, index) => individual({ id: index + 1, email: `person${index}@example.com` }));
const owner = { level: 'owner' as const, isOwner: true, canUpdateEditors: true };
const onChange = () => {};
const ROW = 45;
const SCREENFUL = 180;

describe('CollaboratorList with 10,000 collaborators', () => {
  let undoLayout: () => void;
  beforeEach(() => {
    undoLayout = applyInlineHeightsAsLayout();
  });
  afterEach(() => undoLayout());

  const ownerFlags = flags();
  const listOf = (people: typeof collaborators) => <CollaboratorList collaborators={people} viewer={owner} flags={ownerFlags} onChange={onChange} />;
  let rerender: (ui: ReactElement) => void;

  function renderLongList(people = collaborators) {
    ({ rerender } = renderWithProviders(listOf(people)));
    return screen.getAllByRole('list')[0];
  }

  async function scrollTo(list: HTMLElement, top: number) {
    await act(async () => {
      list.scrollTop = top;
      fireEvent.scroll(list);
    });
  }

  it('renders at most 40 rows, each placed in the whole list', () => {
    const list = renderLongList();
    const rows = within(list).getAllByRole('listitem');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(40);
    expect(rows[0]).toHaveTextContent('person0@example.com');
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
  });

  it('still renders at most 40 rows once scrolled to the end, where the last collaborator shows', async () => {
    const list = renderLongList();
    await scrollTo(list, ROW * collaborators.length);
    expect(within(list).getAllByRole('listitem').length).toBeLessThanOrEqual(40);
    expect(within(list).getAllByText('person9999@example.com').length).toBeGreaterThan(0);
  });

  // The cost of a row is what each scrolled frame creates: a few plain elements, no menu until opened.
  it('renders each row as at most 9 elements, and mounts no menu (no document listeners) for any row', () => {
    const added = jest.spyOn(document, 'addEventListener');
    const list = renderLongList();
    const rows = within(list).getAllByRole('listitem');
    for (const row of rows) expect(row.querySelectorAll('*').length).toBeLessThanOrEqual(9);
    expect(added.mock.calls.filter(([type]) => type === 'keydown' || type === 'pointerdown').length).toBeLessThan(rows.length);
  });

  // Scrolling: a scrolled frame costs the rows it brings into view, not the length of the list.
  it('renders on each screenful scrolled only the rows coming into view; the rows still in view are not rendered again', async () => {
    const list = renderLongList();
    for (let screen = 1; screen <= 5; screen += 1) {
      rowRenders.mockClear();
      const before = new Set(within(list).getAllByRole('listitem').map((row) => row.getAttribute('aria-posinset')));
      await scrollTo(list, screen * SCREENFUL);
      const entered = within(list).getAllByRole('listitem').filter((row) => !before.has(row.getAttribute('aria-posinset')));
      expect(entered.length).toBeGreaterThan(0);
      expect(rowRenders).toHaveBeenCalledTimes(entered.length);
    }
  });

  it('lays the 10,000 rows out once per list, not again on each scrolled frame (no pass over every collaborator per frame)', async () => {
    // Counts how often anything reads a collaborator's id: the virtualizer reads every key when it lays out the list.
    let idReads = 0;
    const counted = collaborators.map((person) => {
      const copy = { ...person };
      Object.defineProperty(copy, 'id', {
        enumerable: true,
        get: () => {
          idReads += 1;
          return person.id;
        },
      });
      return copy;
    });
    const list = renderLongList(counted);
    expect(idReads).toBeGreaterThanOrEqual(counted.length);
    idReads = 0;
    for (let screen = 1; screen <= 10; screen += 1) await scrollTo(list, screen * SCREENFUL);
    // The rows rendered read their own ids (a few dozen); one more layout of the list would read 10,000.
    expect(idReads).toBeLessThan(1000);
    // Nor when the dialog around it renders again with the same collaborators.
    idReads = 0;
    act(() => rerender(listOf(counted)));
    expect(idReads).toBeLessThan(1000);
  });
});
