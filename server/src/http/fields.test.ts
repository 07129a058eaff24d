import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HttpError } from './errors';
import { PRESENTATION_FIELDS, parseFields, projectFields } from './fields';

test('absent or blank fields keep every field', () => {
  assert.equal(parseFields(undefined, PRESENTATION_FIELDS), null);
  assert.equal(parseFields(' , ', PRESENTATION_FIELDS), null);
  const doc = { oid: 'a', title: 't' };
  assert.equal(projectFields(doc, null), doc);
});

test('only the asked fields are kept, once each, trimmed', () => {
  const fields = parseFields(' title, oid ,title', PRESENTATION_FIELDS);
  assert.deepEqual(fields, ['title', 'oid']);
  assert.deepEqual(projectFields({ oid: 'a', title: 't', view_count: 3 }, fields), { title: 't', oid: 'a' });
});

test('a field the object lacks stays absent (has_liked for a visitor)', () => {
  assert.deepEqual(projectFields({ oid: 'a' }, ['oid', 'has_liked']), { oid: 'a' });
});

test('an unknown field is a 400 naming it', () => {
  assert.throws(
    () => parseFields('title,password', PRESENTATION_FIELDS),
    (err: unknown) => err instanceof HttpError && err.statusCode === 400 && /password/.test(err.message),
  );
});
