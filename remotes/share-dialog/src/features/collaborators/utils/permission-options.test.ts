import type { PermissionLevel } from '@deck/shared/api/contract';
import { permissionOptions } from './permission-options';

const ALL = ['can_view', 'can_comment', 'can_edit'];
/** A row as the server answers it: by default one the caller may change and remove. */
const target = (level: PermissionLevel, extra: { isCurrentUser?: boolean; isPending?: boolean; mayChangeLevel?: boolean; mayRemove?: boolean } = {}) => ({
  level,
  isCurrentUser: extra.isCurrentUser ?? false,
  isPending: extra.isPending,
  mayChangeLevel: extra.mayChangeLevel ?? true,
  mayRemove: extra.mayRemove ?? true,
});
const viewer = (level: PermissionLevel, extra: { isOwner?: boolean; canUpdateEditors?: boolean } = {}) => ({
  level,
  isOwner: extra.isOwner ?? level === 'owner',
  canUpdateEditors: extra.canUpdateEditors ?? false,
});

describe('permissionOptions', () => {
  it('fixes the owner row at Owner and disables it, whoever looks', () => {
    for (const level of ['owner', 'can_edit', 'can_view'] as const) {
      expect(permissionOptions(target('owner', { mayChangeLevel: false, mayRemove: false }), viewer(level, { canUpdateEditors: level === 'can_edit' }))).toEqual({
        fixedOwner: true,
        choices: [],
        canRemove: false,
        canMakeOwner: false,
        disabled: true,
      });
    }
  });

  it('gives the owner every level, and Make owner, on every other row', () => {
    for (const level of ['can_view', 'can_comment', 'can_edit'] as const) {
      expect(permissionOptions(target(level), viewer('owner'))).toEqual({ fixedOwner: false, choices: ALL, canRemove: true, canMakeOwner: true, disabled: false });
    }
  });

  it('gives a user with the editor-level update right every level', () => {
    expect(permissionOptions(target('can_edit'), viewer('can_edit', { canUpdateEditors: true })).choices).toEqual(ALL);
  });

  it('limits anyone else to the levels up to their own', () => {
    expect(permissionOptions(target('can_view'), viewer('can_comment')).choices).toEqual(['can_view', 'can_comment']);
    expect(permissionOptions(target('can_view'), viewer('can_edit')).choices).toEqual(ALL);
    expect(permissionOptions(target('can_view', { isCurrentUser: true }), viewer('can_view')).choices).toEqual(['can_view']);
  });

  it("draws the menu's state and Remove from the server's answer on the row, whatever the levels", () => {
    // The rule itself (a collaborator above you) is the server's: server/src/permissions/collaborators.test.ts.
    expect(permissionOptions(target('can_edit', { mayChangeLevel: false, mayRemove: false }), viewer('can_comment'))).toMatchObject({ disabled: true, canRemove: false });
    expect(permissionOptions(target('can_view', { mayChangeLevel: true, mayRemove: false }), viewer('can_comment'))).toMatchObject({ disabled: false, canRemove: false });
    expect(permissionOptions(target('can_edit', { mayChangeLevel: true, mayRemove: true }), viewer('can_view'))).toMatchObject({ disabled: false, canRemove: true });
  });

  it('offers Make owner only to the owner, on rows of collaborators with an account other than their own', () => {
    expect(permissionOptions(target('can_view'), viewer('owner')).canMakeOwner).toBe(true);
    expect(permissionOptions(target('can_edit', { isPending: true }), viewer('owner')).canMakeOwner).toBe(false);
    expect(permissionOptions(target('can_edit', { isCurrentUser: true }), viewer('owner')).canMakeOwner).toBe(false);
    expect(permissionOptions(target('can_view'), viewer('can_edit', { canUpdateEditors: true })).canMakeOwner).toBe(false);
  });
});
