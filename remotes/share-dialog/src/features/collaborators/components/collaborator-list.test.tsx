import { act, fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders } from '@deck/shared/testing/render';
import { applyInlineHeightsAsLayout } from '../../../testing/inline-layout';
import { flags, individual } from '../../../testing/fixtures';
import { CollaboratorList } from './collaborator-list';

// Issue 10: 10,000 collaborators mount with at most 40 rows in the DOM, at the top and at the end.
const collaborators = Array.from({ length: 10_000 }, (_, index) => individual({ id: index + 1, email: `person${index}@example.com` }));
const owner = { level: 'owner' as const, isOwner: true, canUpdateEditors: true };

describe('CollaboratorList with 10,000 collaborators', () => {
  let undoLayout: () => void;
  beforeEach(() => {
    undoLayout = applyInlineHeightsAsLayout();
  });
  afterEach(() => undoLayout());

  function renderLongList() {
    renderWithProviders(<CollaboratorList collaborators={collaborators} viewer={owner} flags={flags()} onChange={() => {}} />);
    return screen.getAllByRole('list')[0];
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
    await act(async () => {
      list.scrollTop = 45 * collaborators.length;
      fireEvent.scroll(list);
    });
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
});
