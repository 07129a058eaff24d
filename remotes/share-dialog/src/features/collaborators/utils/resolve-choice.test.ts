import { resolveIndividualChoice, resolveTeamChoice } from './resolve-choice';

describe('resolveIndividualChoice', () => {
  it('updates to another level with the wire name', () => {
    expect(resolveIndividualChoice('can_edit', 'can_view')).toEqual({ action: 'update', permission: 'editor' });
    expect(resolveIndividualChoice('can_comment', 'can_edit')).toEqual({ action: 'update', permission: 'commenter' });
  });

  it('removes on Remove', () => {
    expect(resolveIndividualChoice('remove', 'can_view')).toEqual({ action: 'remove' });
  });

  it('asks to transfer on Make owner; the team has no owner to become', () => {
    expect(resolveIndividualChoice('make_owner', 'can_edit')).toEqual({ action: 'transfer' });
    expect(resolveTeamChoice('make_owner', 'can_view')).toEqual({ action: 'ignore' });
  });

  it('ignores no access, an empty choice and the current level', () => {
    expect(resolveIndividualChoice('no_access', 'can_view')).toEqual({ action: 'ignore' });
    expect(resolveIndividualChoice('', 'can_view')).toEqual({ action: 'ignore' });
    expect(resolveIndividualChoice('can_view', 'can_view')).toEqual({ action: 'ignore' });
  });
});

describe('resolveTeamChoice', () => {
  it('removes the team on no access', () => {
    expect(resolveTeamChoice('no_access', 'can_view')).toEqual({ action: 'remove' });
  });

  it('updates the team to another level', () => {
    expect(resolveTeamChoice('can_comment', 'can_view')).toEqual({ action: 'update', permission: 'can_comment' });
    expect(resolveTeamChoice('can_edit', 'no_access')).toEqual({ action: 'update', permission: 'can_edit' });
  });

  it('ignores an empty choice, the current level, and no access for a team without access', () => {
    expect(resolveTeamChoice('', 'can_view')).toEqual({ action: 'ignore' });
    expect(resolveTeamChoice('can_view', 'can_view')).toEqual({ action: 'ignore' });
    expect(resolveTeamChoice('no_access', 'no_access')).toEqual({ action: 'ignore' });
  });
});
