import { flags } from '../../../testing/fixtures';
import { addableLevels } from './addable-levels';

describe('addableLevels', () => {
  it('offers the owner every level', () => {
    expect(addableLevels('owner', flags())).toEqual(['can_view', 'can_comment', 'can_edit']);
  });

  it("stops at the user's own level", () => {
    expect(addableLevels('can_comment', flags())).toEqual(['can_view', 'can_comment']);
  });

  it('leaves out levels the server does not let the user add', () => {
    expect(addableLevels('can_edit', flags('ALLOWED', { collaborator_individual_add_editor: 'NOT_ALLOWED' }))).toEqual(['can_view', 'can_comment']);
    expect(addableLevels('can_view', flags('NOT_ALLOWED'))).toEqual([]);
  });

  it('offers a viewer viewers only, as the server answers for one (server/src/test/roles.test.ts)', () => {
    const viewerFlags = flags('ALLOWED', { collaborator_individual_add_commenter: 'NOT_ALLOWED', collaborator_individual_add_editor: 'NOT_ALLOWED' });
    expect(addableLevels('can_view', viewerFlags)).toEqual(['can_view']);
    // Even were the server to allow more, a viewer stops at their own level.
    expect(addableLevels('can_view', flags())).toEqual(['can_view']);
  });

  it('offers nothing before the permissions are known', () => {
    expect(addableLevels('owner', undefined)).toEqual([]);
  });
});
