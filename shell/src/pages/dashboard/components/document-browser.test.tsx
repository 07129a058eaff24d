import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { LIVE_REGION_ID } from '@deck/shared/ui/live-region/live-region';
import { DocumentBrowser, PAGE_SIZE } from './document-browser';
import { TrashSection } from './trash-section';

function doc(n: number, over: Partial<PresentationDocument> = {}): PresentationDocument {
  return {
    oid: `d${n}`,
    schema_version_name: 'PITCH',
    title: `Deck ${String(n).padStart(2, '0')}`,
    description: '',
    tags: [],
    privacy: 'public',
    public: true,
    showcase_prohibited: false,
    owner_id: 1,
    owner: { username: 'alice', firstName: 'Alice', lastName: 'Anderson' },
    modified_at: '2026-11-20T10:00:00.000Z',
    view_count: 0,
    quality_score: 0,
    video_status: null,
    likes_count: 0,
    page_count: 1,
    user_permissions: { can_view: true, can_comment: true, can_edit: true, is_owner: true, level: 'owner' },
    ...over,
  };
}

/** A list endpoint over 23 documents of alice's and one shared by bob, honouring the query. */
function serve() {
  let docs = [...Array.from({ length: 23 }, (_, i) => doc(i + 1)), doc(99, { oid: 'shared-1', title: 'Bob plan', owner_id: 2, owner: { username: 'bob', firstName: 'Bob', lastName: 'B' }, user_permissions: { can_view: true, can_comment: false, can_edit: false, is_owner: false, level: 'can_view' } })];
  let trashed: Array<PresentationDocument & { deleted_at: string }> = [{ ...doc(50, { title: 'Old deck' }), deleted_at: '2026-11-21T10:00:00.000Z' }];
  const server = createFakeServer({
    'GET /api/v4/presentation/list/': (call) => {
      const q = call.query;
      let rows = docs.filter((d) => (q.get('shared') === 'true' ? d.owner_id !== 1 : d.owner_id === 1));
      const title = q.get('title__icontains');
      if (title) rows = rows.filter((d) => d.title.toLowerCase().includes(title.toLowerCase()));
      if (q.get('ordering') === '-title') rows = [...rows].sort((a, b) => b.title.localeCompare(a.title));
      const offset = Number(q.get('offset') ?? 0);
      const limit = Number(q.get('limit') ?? 20);
      return { body: { count: rows.length, offset, limit, results: rows.slice(offset, offset + limit) } };
    },
    'GET /api/v4/presentation/tag/': { body: { results: [{ text: 'brand', count: 1 }] } },
    'DELETE /api/v4/presentation/d1/': () => {
      docs = docs.filter((d) => d.oid !== 'd1');
      return { status: 204 };
    },
    'GET /api/v4/presentation-deleted/': () => ({ body: { count: trashed.length, results: trashed } }),
    'POST /api/v4/presentation-deleted/d50/restore/': () => {
      trashed = [];
      return { body: doc(50) };
    },
    'DELETE /api/v4/presentation-deleted/d50/': () => {
      trashed = [];
      return { status: 204 };
    },
  });
  return { ...server, uninstall: server.install() };
}

const lists = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/v4/presentation/list/');
const liveText = () => document.getElementById(LIVE_REGION_ID)?.textContent ?? '';

describe('DocumentBrowser', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
    server = serve();
  });
  afterEach(() => server.uninstall());

  it('shows the first page as a table with the total, and pages on', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocumentBrowser />);
    const table = await screen.findByRole('table', { name: `Documents 1–${PAGE_SIZE} of 23` });
    expect(within(table).getAllByRole('row')).toHaveLength(PAGE_SIZE + 1);
    expect(within(table).getByRole('link', { name: 'Deck 01' })).toHaveAttribute('href', '/editor/d1');
    await waitFor(() => expect(liveText()).toBe('23 documents found.'));
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('table', { name: 'Documents 11–20 of 23' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(lists(server.calls).at(-1)!.query.get('offset')).toBe('10');
  });

  it("spells out document types instead of their codes, in the user's language", async () => {
    // The cells after each row's title: the type comes first.
    const types = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[0].textContent ?? '');
    const english = renderWithProviders(<DocumentBrowser />);
    const inEnglish = types(await screen.findByRole('table', { name: /^Documents / }));
    expect(inEnglish.filter((type) => /^[A-Z_]+$/.test(type.trim()))).toEqual([]);
    expect(inEnglish).toContain('Presentation');
    english.unmount();
    renderWithProviders(<DocumentBrowser />, { locale: 'de' });
    expect(types(await screen.findByRole('table', { name: /^Dokumente / }))).toContain('Präsentation');
  });

  it('searches titles once the typing pauses, back on the first page', async () => {
    // The six keys without a pause between them, however slow the machine (the debounce is what is tested).
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DocumentBrowser />);
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: 'Next page' }));
    await screen.findByRole('table', { name: 'Documents 11–20 of 23' });
    const before = lists(server.calls).length;
    await user.type(screen.getByRole('searchbox', { name: 'Search titles' }), 'deck 2');
    expect(await screen.findByRole('table', { name: 'Documents 1–4 of 4' })).toBeInTheDocument();
    const searches = lists(server.calls).slice(before).filter((c) => c.query.has('title__icontains'));
    // Six keys, one request for the settled text (not one per key).
    expect(searches.map((c) => c.query.get('title__icontains'))).toEqual(['deck 2']);
    expect(searches[0].query.get('offset')).toBe('0');
    await waitFor(() => expect(liveText()).toBe('4 documents found.'));
  });

  it('sends the tag, the ordering and the scope the user picks', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocumentBrowser />);
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Title (Z–A)');
    await waitFor(() => expect(lists(server.calls).at(-1)!.query.get('ordering')).toBe('-title'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Tag' }), 'brand (1)');
    await waitFor(() => expect(lists(server.calls).at(-1)!.query.get('tag')).toBe('brand'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'All tags');
    await user.click(screen.getByRole('radio', { name: 'Shared with me' }));
    const table = await screen.findByRole('table', { name: 'Document 1–1 of 1' });
    expect(within(table).getByRole('link', { name: 'Bob plan' })).toBeInTheDocument();
    // Not the owner: no trash action.
    expect(within(table).queryByRole('button', { name: /Move to trash: / })).not.toBeInTheDocument();
    expect(lists(server.calls).at(-1)!.query.get('shared')).toBe('true');
  });

  it('moves an own document to the trash only after the question', async () => {
    const user = userEvent.setup();
    renderWithProviders(<DocumentBrowser />);
    await user.click(await screen.findByRole('button', { name: 'Move to trash: Deck 01' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Move “Deck 01” to the trash?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(server.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Move to trash: Deck 01' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Move to trash' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Deck 01' })).not.toBeInTheDocument());
    await screen.findByRole('table', { name: 'Documents 1–10 of 22' });
    // The refetch after the move does not talk over the move's own message.
    await waitFor(() => expect(liveText()).toBe('“Deck 01” was moved to the trash.'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(liveText()).toBe('“Deck 01” was moved to the trash.');
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.headers.get('X-CSRFToken'))).toEqual(['t']);
  });
});

describe('TrashSection', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
    server = serve();
  });
  afterEach(() => server.uninstall());

  it('restores a document', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrashSection />);
    await user.click(await screen.findByRole('button', { name: 'Restore Old deck' }));
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'POST' && c.path === '/api/v4/presentation-deleted/d50/restore/')).toBe(true);
    await waitFor(() => expect(liveText()).toBe('“Old deck” was restored.'));
  });

  it('deletes for good only after the alert dialog', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TrashSection />);
    await user.click(await screen.findByRole('button', { name: 'Delete for good: Old deck' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete “Old deck” for good?' });
    expect(dialog).toHaveTextContent('This cannot be undone.');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('The trash is empty.')).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/v4/presentation-deleted/d50/']);
  });
});
