import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endAfterLevelChange, grantEndTakesAway, keepsEndDate, levelAfterGrantEnds } from './access-end';

const open = { privacy: 'open', published: false, link_protected: false } as const;
const closed = { privacy: 'closed', published: false, link_protected: false } as const;
const protectedLink = { privacy: 'open', published: false, link_protected: true } as const;

test('end dates are for viewers and commenters; raising a grant to editor drops its end, nothing else touches it', () => {
  assert.deepEqual([keepsEndDate('viewer'), keepsEndDate('commenter'), keepsEndDate('editor')], [true, true, false]);
  const end = new Date('2026-03-12T12:00:00Z');
  assert.equal(endAfterLevelChange('editor', end, undefined), null);
  assert.equal(endAfterLevelChange('editor', null, undefined), undefined, 'no end to drop');
  assert.equal(endAfterLevelChange('commenter', end, undefined), undefined, 'kept');
  assert.equal(endAfterLevelChange('viewer', end, null), null, 'the change removes it');
  assert.equal(endAfterLevelChange('viewer', null, end), end, 'the change sets it');
});

test('after the end a person has what anyone has: the view of a document that opens by its address, else nothing', () => {
  assert.equal(levelAfterGrantEnds(open), 'can_view');
  assert.equal(levelAfterGrantEnds(closed), 'no_access');
  assert.equal(levelAfterGrantEnds(protectedLink), 'no_access');
  assert.equal(grantEndTakesAway('viewer', open), false);
  assert.equal(grantEndTakesAway('commenter', open), true);
  assert.equal(grantEndTakesAway('viewer', closed), true);
});
