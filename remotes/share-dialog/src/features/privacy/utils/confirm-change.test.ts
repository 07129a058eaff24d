import { unifiedPrivacy } from '../../../testing/fixtures';
import { confirmationFor } from './confirm-change';

describe('confirmationFor', () => {
  const closed = unifiedPrivacy({ unified_privacy: 'closed', is_published: false });
  const open = unifiedPrivacy({ unified_privacy: 'open', is_published: false });
  const published = unifiedPrivacy({ unified_privacy: 'open', is_published: true });

  it('asks before a private document is opened to anyone with the link, and names the link it then creates', () => {
    expect(confirmationFor(closed, { unified_privacy: 'open' })).toBe('open');
    expect(confirmationFor(closed, { unified_privacy: 'open' }, true)).toBe('open-and-create-link');
  });

  it('asks before publishing and before anything that undoes publishing', () => {
    expect(confirmationFor(open, { published: true })).toBe('publish');
    expect(confirmationFor(published, { published: false })).toBe('unpublish');
    expect(confirmationFor(published, { unified_privacy: 'closed', published: false })).toBe('close-published');
  });

  it('does not ask for changes that neither expose the document nor undo publishing', () => {
    expect(confirmationFor(open, { unified_privacy: 'closed' })).toBeNull();
    expect(confirmationFor(open, { reusable: true })).toBeNull();
    expect(confirmationFor(open, { unified_privacy: 'open' })).toBeNull();
    expect(confirmationFor(published, { published: true })).toBeNull();
  });
});
