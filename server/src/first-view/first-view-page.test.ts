import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scriptJson } from './first-view-page';

test('scriptJson: nothing in a value can end its <script> element or start markup, and it reads back the same', () => {
  const value = { title: '</script><script>alert(1)</script><!--', owner: 'a\u2028b\u2029c', nested: ['<b>', '&amp;'] };
  const text = scriptJson(value);
  assert.ok(!text.includes('<'), text);
  assert.ok(!text.includes('\u2028') && !text.includes('\u2029'));
  assert.deepEqual(JSON.parse(text), value);
});
