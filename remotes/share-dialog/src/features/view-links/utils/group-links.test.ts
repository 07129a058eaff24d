import type { ViewLink } from '@deck/shared/api/contract';
import { groupViewLinks, sharerNames } from './group-links';

let next = 0;
function link(overrides: Partial<ViewLink>): ViewLink {
  next += 1;
  return {
    link_id: `link-${next}`,
    presentation_oid: 'qr1',
    owner_oid: 'u-alice',
    name: `Link ${next}`,
    created_at: '2026-03-01T10:00:00.000Z',
    revoked: false,
    visible_on_analytics: true,
    viewer_identification: false,
    onboarding: false,
    permissions: { can_update: true, can_delete: true },
    sharer_first_name: 'Alice',
    sharer_last_name: 'Anderson',
    is_unlisted_implicit: false,
    is_owner: true,
    url: `http://localhost/l/link-${next}`,
    ...overrides,
  };
}

describe('groupViewLinks', () => {
  it("puts the user's own links under 'Created by me' and the rest under 'Created by others'", () => {
    const mine = link({ name: 'Board' });
    const bobs = link({ name: 'Sales', is_owner: false, owner_oid: 'u-bob', sharer_first_name: 'Bob', sharer_last_name: 'Brown' });
    expect(groupViewLinks([bobs, mine])).toEqual({ mine: [mine], others: [bobs] });
  });

  it('leaves out revoked and unlisted links', () => {
    const live = link({});
    const groups = groupViewLinks([live, link({ revoked: true }), link({ is_unlisted_implicit: true }), link({ is_owner: false, revoked: true })]);
    expect(groups).toEqual({ mine: [live], others: [] });
  });

  it('lists the newest first', () => {
    const old = link({ created_at: '2026-01-01T00:00:00.000Z' });
    const recent = link({ created_at: '2026-03-05T00:00:00.000Z' });
    const middle = link({ created_at: '2026-02-01T00:00:00.000Z' });
    expect(groupViewLinks([old, recent, middle]).mine).toEqual([recent, middle, old]);
  });

  it('gives empty groups for no links', () => {
    expect(groupViewLinks([])).toEqual({ mine: [], others: [] });
  });
});

describe('sharerNames', () => {
  it("gives the creator's first and last name", () => {
    expect(sharerNames(link({ sharer_first_name: 'Bob', sharer_last_name: 'Brown' }))).toEqual({ first: 'Bob', last: 'Brown' });
    expect(sharerNames(link({ sharer_first_name: 'Cher', sharer_last_name: '' }))).toEqual({ first: 'Cher', last: '' });
  });

  it('falls back to the owner id when the server sent no name', () => {
    expect(sharerNames(link({ sharer_first_name: '', sharer_last_name: ' ', owner_oid: 'u-x' }))).toEqual({ first: 'u-x', last: '' });
  });
});
