import type { PermissionLevel } from '@deck/shared/api/contract';
import { permissionOptions } from './permission-options';

const ALL = ['can_view', 'can_comment', 'can_edit'];
const target = (level: PermissionLevel, isCurrentUser = false) => ({ level, isCurrentUser });
const viewer = (level: PermissionLevel, extra: { isOwner?: boolean; canUpdateEditors?: boolean } = {}) => ({
  level,
  isOwner: extra.isOwner ?? level === 'owner',
  canUpdateEditors: extra.canUpdateEditors ?? false,
});

describe('permissionOptions', () => {
  it('fixes the owner row at Owner and disables it, whoever looks', () => {
    for (const level of ['owner', 'can_edit', 'can_view'] as const) {
      expect(permissionOptions(target('owner'), viewer(level, { canUpdateEditors: level === 'can_edit' }))).toEqual({
        fixedOwner: true,
        choices: [],
        canRemove: false,
        canMakeOwner: false,
        disabled: true,
      });
    }
  });

  it('gives the owner every level and Remove on every other row', () => {
    for (const level of ['can_view', 'can_comment', 'can_edit'] as const) {
      expect(permissionOptions(target(level), viewer('owner'))).toEqual({ fixedOwner: false, choices: ALL, canRemove: true, canMakeOwner: true, disabled: false });
    }
  });

  it('gives a user with the editor-level update right every level and Remove', () => {
    expect(permissionOptions(target('can_edit'), viewer('can_edit', { canUpdateEditors: true }))).toEqual({
      fixedOwner: false,
      choices: ALL,
      canRemove: true,
      canMakeOwner: false,
      disabled: false,
    });
  });

  it('limits anyone else to the levels up to their own, without Remove', () => {
    expect(permissionOptions(target('can_view'), viewer('can_comment')).choices).toEqual(['can_view', 'can_comment']);
    expect(permissionOptions(target('can_view'), viewer('can_edit')).choices).toEqual(ALL);
    expect(permissionOptions(target('can_view', true), viewer('can_view')).choices).toEqual(['can_view']);
    expect(permissionOptions(target('can_view'), viewer('can_comment')).canRemove).toBe(false);
  });

  it('lets others change those at or below their own level, as the server does', () => {
    expect(permissionOptions(target('can_view'), viewer('can_comment')).disabled).toBe(false);
    expect(permissionOptions(target('can_comment'), viewer('can_comment')).disabled).toBe(false);
    expect(permissionOptions(target('can_edit'), viewer('can_comment')).disabled).toBe(true);
    expect(permissionOptions(target('can_view'), viewer('can_view')).disabled).toBe(false);
    expect(permissionOptions(target('can_comment'), viewer('can_edit')).disabled).toBe(false);
    expect(permissionOptions(target('can_edit'), viewer('can_view')).disabled).toBe(true);
  });

  it('disables the dropdown of a target without access', () => {
    expect(permissionOptions(target('no_access'), viewer('can_comment')).disabled).toBe(true);
  });

  it("keeps the current user's own row enabled", () => {
    expect(permissionOptions(target('can_comment', true), viewer('can_comment')).disabled).toBe(false);
    expect(permissionOptions(target('can_view', true), viewer('can_view')).disabled).toBe(false);
  });

  it('offers Make owner only to the owner, on rows of collaborators with an account other than their own', () => {
    expect(permissionOptions(target('can_view'), viewer('owner')).canMakeOwner).toBe(true);
    expect(permissionOptions({ level: 'can_edit', isCurrentUser: false, isPending: true }, viewer('owner')).canMakeOwner).toBe(false);
    expect(permissionOptions(target('can_edit', true), viewer('owner')).canMakeOwner).toBe(false);
    expect(permissionOptions(target('can_view'), viewer('can_edit', { canUpdateEditors: true })).canMakeOwner).toBe(false);
  });
});
