import { individual } from '../../../testing/fixtures';
import { visibleCollaborators } from './visible-collaborators';

const owner = individual({ email: 'alice@example.com', name: 'Alice Anderson', permission: 'owner', is_owner: true });
const me = individual({ email: 'carol@example.com', name: 'Carol Clark', permission: 'commenter', is_current_user: true });
const bob = individual({ email: 'bob@example.com', name: 'Bob Brown', permission: 'editor' });
const gone = individual({ email: 'zed@example.com', name: 'Zed', permission: null });
const pending = individual({ email: 'gina@example.com', pending_invite: true });
const dave = individual({ email: 'dave@example.com', name: 'Dave Davis' });

describe('visibleCollaborators', () => {
  it('hides people without access and orders owner, you, others, pending', () => {
    expect(visibleCollaborators([pending, bob, gone, me, dave, owner])).toEqual([owner, me, bob, dave, pending]);
  });

  it('filters by name or e-mail, case-insensitively', () => {
    expect(visibleCollaborators([owner, bob, dave, pending], 'DAV')).toEqual([dave]);
    expect(visibleCollaborators([owner, bob, dave, pending], 'gina@')).toEqual([pending]);
  });
});
