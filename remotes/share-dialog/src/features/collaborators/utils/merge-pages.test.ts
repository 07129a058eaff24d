import type { SharePermissionsResponse } from '@deck/shared/api/contract';
import { individual } from '../../../testing/fixtures';
import { mergePages } from './merge-pages';

const page = (emails: string[], extra: Partial<SharePermissionsResponse> = {}): SharePermissionsResponse => ({
  individual: emails.map((email) => individual({ email })),
  organization: null,
  ...extra,
});

describe('mergePages', () => {
  it('joins the pages in order, keeps the first page’s count and team and the last page’s cursor', () => {
    const team = { organization_id: 1, organization_name: 'Acme', organization_member_count: 4, can_view: true, can_comment: false, can_edit: false };
    const merged = mergePages([
      page(['a@x.io', 'b@x.io'], { organization: team, next_cursor: '0.2', total_count: 5 }),
      page(['c@x.io', 'd@x.io'], { organization: null, next_cursor: '1.7' }),
    ]);
    expect(merged?.individual.map((row) => row.email)).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
    expect(merged?.organization).toEqual(team);
    expect(merged?.total_count).toBe(5);
    expect(merged?.next_cursor).toBe('1.7');
  });

  it('reads an answer without paging as the whole list', () => {
    const merged = mergePages([page(['a@x.io', 'b@x.io'])]);
    expect(merged?.individual).toHaveLength(2);
    expect(merged?.total_count).toBeUndefined();
    expect(merged?.next_cursor).toBeNull();
  });

  it('has nothing before the first page', () => {
    expect(mergePages(undefined)).toBeUndefined();
    expect(mergePages([])).toBeUndefined();
  });
});
