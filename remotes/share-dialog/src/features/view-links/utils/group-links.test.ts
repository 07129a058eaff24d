import { viewLink } from '../../../testing/fixtures';
import { groupViewLinks, sharerNames } from './group-links';

describe('groupViewLinks', () => {
  it("puts the user's own links under 'Created by me' and the rest under 'Created by others'", () => {
    const mine = viewLink({ name: 'Board' });
    const bobs = viewLink({ name: 'Sales', is_owner: false, owner_oid: 'u-bob', sharer_first_name: 'Bob', sharer_last_name: 'Brown' });
    expect(groupViewLinks([bobs, mine])).toEqual({ mine: [mine], others: [bobs] });
  });

  it('leaves out revoked and unlisted links', () => {
    const live = viewLink({});
    const groups = groupViewLinks([live, viewLink({ revoked: true }), viewLink({ is_unlisted_implicit: true }), viewLink({ is_owner: false, revoked: true })]);
    expect(groups).toEqual({ mine: [live], others: [] });
  });

  it('lists the newest first', () => {
    const old = viewLink({ created_at: '2026-01-01T00:00:00.000Z' });
    const recent = viewLink({ created_at: '2026-03-05T00:00:00.000Z' });
    const middle = viewLink({ created_at: '2026-02-01T00:00:00.000Z' });
    expect(groupViewLinks([old, recent, middle]).mine).toEqual([recent, middle, old]);
  });

  it('gives empty groups for no links', () => {
    expect(groupViewLinks([])).toEqual({ mine: [], others: [] });
  });
});

describe('sharerNames', () => {
  it("gives the creator's first and last name", () => {
    expect(sharerNames(viewLink({ sharer_first_name: 'Bob', sharer_last_name: 'Brown' }))).toEqual({ first: 'Bob', last: 'Brown' });
    expect(sharerNames(viewLink({ sharer_first_name: 'Cher', sharer_last_name: '' }))).toEqual({ first: 'Cher', last: '' });
  });

  it('falls back to the owner id when the server sent no name', () => {
    expect(sharerNames(viewLink({ sharer_first_name: '', sharer_last_name: ' ', owner_oid: 'u-x' }))).toEqual({ first: 'u-x', last: '' });
  });
});
