import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { PermissionLevel } from '@deck/shared/api/contract';
import { changeableLevels, collaboratorRowCapabilities, mayChangeCollaborator } from './collaborators';
import type { Decision } from './flags';

const allowed: Decision = { value: 'ALLOWED' };
const refused: Decision = { value: 'NOT_ALLOWED', reason: { text: 'no', message_code: 'no' } };
const viewer = (level: PermissionLevel, updateEditors = level === 'owner') => ({ level, decisions: { collaborator_individual_update_editor: updateEditors ? allowed : refused } });
const row = (level: PermissionLevel, extra: { isOwnerRow?: boolean; isCurrentUser?: boolean } = {}) => ({
  level,
  isOwnerRow: extra.isOwnerRow ?? level === 'owner',
  isCurrentUser: extra.isCurrentUser ?? false,
});

describe('a collaborator above you (spec §4, §6)', () => {
  test('the owner moves anyone; anyone else only those at or below their own level', () => {
    assert.equal(mayChangeCollaborator('owner', 'can_edit'), true);
    assert.equal(mayChangeCollaborator('can_comment', 'can_comment'), true);
    assert.equal(mayChangeCollaborator('can_comment', 'can_view'), true);
    assert.equal(mayChangeCollaborator('can_comment', 'can_edit'), false);
    assert.equal(mayChangeCollaborator('can_view', 'can_comment'), false);
  });

  test('the levels one may move someone from follow the same rule', () => {
    assert.deepEqual(changeableLevels('owner'), ['viewer', 'commenter', 'editor']);
    assert.deepEqual(changeableLevels('can_comment'), ['viewer', 'commenter']);
    assert.deepEqual(changeableLevels('can_view'), ['viewer']);
  });
});

describe('per-row capabilities of the share list', () => {
  test('the owner row is fixed for everyone', () => {
    for (const level of ['owner', 'can_edit', 'can_view'] as const) {
      assert.deepEqual(collaboratorRowCapabilities(viewer(level), row('owner')), { may_change_level: false, may_remove: false });
    }
  });

  test('the owner and a user with the editor-level update right change and remove every other row', () => {
    assert.deepEqual(collaboratorRowCapabilities(viewer('owner'), row('can_edit')), { may_change_level: true, may_remove: true });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_edit', true), row('can_edit')), { may_change_level: true, may_remove: true });
    assert.deepEqual(collaboratorRowCapabilities(viewer('owner'), row('no_access')), { may_change_level: true, may_remove: true });
  });

  test('anyone else changes rows at or below their level and their own row, removes none', () => {
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_comment'), row('can_view')), { may_change_level: true, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_comment'), row('can_comment')), { may_change_level: true, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_comment'), row('can_edit')), { may_change_level: false, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_edit'), row('can_comment')), { may_change_level: true, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_view'), row('can_edit')), { may_change_level: false, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_comment'), row('no_access')), { may_change_level: false, may_remove: false });
    assert.deepEqual(collaboratorRowCapabilities(viewer('can_view'), row('can_view', { isCurrentUser: true })), { may_change_level: true, may_remove: false });
  });
});
