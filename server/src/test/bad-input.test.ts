import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { withInt32Bounds } from '../http/input-guard';
import { MAX_JSON_DEPTH, inputProblem } from '@deck/shared/validation/input-rules';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const NUL = '\u0000';

function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

describe('bad input is a 400 with a clear message and writes nothing', () => {
  let t: TestApp;
  let alice: TestClient;
  let linkId: string;
  let folderId: number;
  before(async () => {
    t = await createTestApp();
    alice = await clientAs(t.app, 'alice');
    linkId = (await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}`)).body[0].link_id;
    folderId = (await alice.get('/api/v1/demo/')).body.folders[0].id;
  });
  after(() => t.close());

  const event = (name: string) =>
    JSON.stringify({
      core: { type: 't', schema_id: 's', client_time: 'now', event_source: 'web', event_type: 'e' },
      platform: 'web',
      user: { session_id: 's' },
      body: { event_name: name, extra: `x${NUL}y` },
    });

  const cases = (): Array<[string, string, unknown?, string?]> => [
    ['PUT', `/api/v4/presentation/${QR}/`, { title: `Evil${NUL}` }],
    ['PUT', `/api/v4/presentation/${QR}/`, { description: `a${NUL}b` }],
    ['PUT', `/api/v4/presentation/${QR}/tag/`, { tags: [{ text: `t${NUL}` }] }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: `n${NUL}`, visible_on_analytics: true, viewer_identification: false }],
    ['PUT', `/api/v1/prezilink/${linkId}/`, { name: `n${NUL}` }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: `x${NUL}@example.com`, permission: 'viewer' }],
    ['POST', `/api/v1/folders/group/${folderId}/users/`, { email: `x${NUL}@example.com`, role: 'VIEWER' }],
    ['POST', `/api/v1/prezilink/${linkId}/visits/`, { open_id: 'open-000000000001', viewer_name: `Ann${NUL}`, viewer_email: 'ann@example.com' }],
    ['POST', `/api/v1/prezilink/${linkId}/unlock/`, { passcode: `p${NUL}ss` }],
    ['POST', `/api/v1/prezilink/${linkId}/verification/`, { email: `x${NUL}@example.com` }],
    ['POST', `/api/v1/prezilink/${linkId}/verification/confirm/`, { email: 'x@example.com', code: '12345678' }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'n', visible_on_analytics: false, viewer_identification: false, expires_at: 'tomorrow' }],
    ['PUT', `/api/v1/prezilink/${linkId}/`, { allowed_viewers: ['not an address'] }],
    ['PUT', `/api/v1/prezilink/${linkId}/`, { passcode: 'abc' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'viewer', expires_at: '2020-01-01' }],
    ['POST', '/api/v1/log/', [{ level: 'info', message: `m${NUL}` }]],
    ['POST', '/api/v1/log/', [{ level: 'info', message: 'm', [`k${NUL}`]: 1 }]],
    ['POST', '/api/v1/log/', [{ level: 'info', message: 'deep', extra: nested(MAX_JSON_DEPTH + 10) }]],
    // Written as text: far deeper than the limit, yet within the log's 4 KB body cap (a larger body is a 413).
    ['POST', '/api/v1/log/', `[{"level":"info","message":"very deep","extra":${'['.repeat(1_900)}${']'.repeat(1_900)}}]`],
    ['POST', '/api/v1/analytics/events/', event('opened'), 'text/plain'],
    ['POST', '/api/v1/featureswitches/', { feature_switches: [`f${NUL}`] }],
    ['GET', `/api/v4/presentation/?title__icontains=a%00b`],
    ['GET', `/api/v4/presentation/?tag=%00`],
    ['GET', '/api/v4/presentation/?owner_id=2147483648'],
    ['GET', '/api/v4/presentation/?owner_id=99999999999999999999'],
    ['GET', `/api/v1/prezilink/${linkId}/analytics/?tz=UTC%00`],
    ['GET', `/api/v1/prezilink/${linkId}/analytics/?tz=Europe%2FBudapest%00x`],
    ['GET', '/dev/sign-in?user=alice%00'],
    ['GET', `/api/v4/presentation/${QR}%00/`],
  ];

  test('NUL characters, integer overflow and deep nesting: 400, clear message, nothing written', async () => {
    const beforeRows = await snapshot(t.db);
    for (const [method, url, body, contentType] of cases()) {
      const res = await alice.request(method, url, { body, contentType });
      assert.equal(res.status, 400, `${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.body.error, 'Bad Request');
      assert.ok(typeof res.body.message === 'string' && res.body.message.length > 10, res.text);
    }
    assert.deepEqual(await snapshot(t.db), beforeRows, 'nothing written');
  });

  const LONE = '\ud800';
  test('a lone UTF-16 surrogate anywhere in a body: 400 INVALID_INPUT on every route that stores text or JSON, nothing written', async () => {
    const beforeRows = await snapshot(t.db);
    const refusedAll = async () => assert.deepEqual(await snapshot(t.db), beforeRows, 'nothing written');
    const surrogateCases: Array<[string, string, unknown]> = [
      ['POST', '/api/v1/log/', [{ level: 'info', message: `m${LONE}` }]],
      ['POST', '/api/v1/log/', [{ level: 'info', message: 'm', extra: { [`k${LONE}`]: 1 } }]],
      ['POST', '/api/v1/analytics/events/', JSON.parse(event('opened').replace('x\\u0000y', 'x\\ud800y'))],
      ['PUT', `/api/v4/presentation/${QR}/tag/`, { tags: [{ text: `t${LONE}` }] }],
      ['PUT', `/api/v4/presentation/${QR}/`, { description: `a${LONE}b` }],
      ['POST', '/api/v4/presentation/', { title: `Deck ${LONE}` }],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { name: `n${LONE}` }],
    ];
    for (const [method, url, body] of surrogateCases) {
      // JSON.stringify writes a lone surrogate as the escape \ud800, as a client would send it.
      const res = await alice.request(method, url, { body: JSON.stringify(body) });
      assert.equal(res.status, 400, `${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.body.code, 'INVALID_INPUT', url);
      assert.match(res.body.message, /lone UTF-16 surrogate/, url);
    }
    await refusedAll();
    // A well-formed pair (an emoji) is text like any other.
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/`, { description: 'ok \ud83d\ude00' })).status, 200);
  });

  test('titles and names are one line: a line break or another control character is refused with a clear message, nothing written', async () => {
    const beforeRows = await snapshot(t.db);
    const lines: Array<[string, string, unknown, string]> = [
      ['PUT', `/api/v4/presentation/${QR}/`, { title: 'Q3\n\nAccept: https://evil.example' }, 'title'],
      ['POST', '/api/v4/presentation/', { title: 'Deck\r' }, 'title'],
      ['POST', '/api/v4/presentation/', { title: 'Deck \u202etxt.exe' }, 'title'],
      ['PUT', `/api/v4/presentation/${QR}/tag/`, { tags: [{ text: 'a\tb' }] }, 'tags/0/text'],
      ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'n\u2028x', visible_on_analytics: true, viewer_identification: false }, 'name'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { name: 'n\u0085x' }, 'name'],
    ];
    for (const [method, url, body, field] of lines) {
      const res = await alice.request(method, url, { body });
      assert.equal(res.status, 400, `${method} ${url} → ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.body.code, 'INVALID_INPUT');
      assert.equal(res.body.message, `The ${field} must be one line of text, without line breaks or other control characters.`);
    }
    assert.deepEqual(await snapshot(t.db), beforeRows, 'nothing written');
    // A description may have lines.
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/`, { description: 'first\nsecond' })).status, 200);

    // A title stored with a line break before this rule still makes a one-line subject and body line in the e-mail.
    await t.db.updateTable('documents').set({ title: 'Q3\n\nAccept: https://evil.example' }).where('oid', '=', QR).execute();
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'one.line@example.com', permission: 'viewer' })).status, 200);
    const mail = await t.db.selectFrom('outbox').select(['subject', 'text']).where('to_email', '=', 'one.line@example.com').executeTakeFirstOrThrow();
    assert.ok(!mail.subject.includes('\n'), mail.subject);
    assert.ok(!/^Accept: https:\/\/evil/m.test(mail.text), mail.text);
  });

  test('the messages name the problem', async () => {
    const nul = await alice.put(`/api/v4/presentation/${QR}/`, { title: `Evil${NUL}` });
    assert.match(nul.body.message, /NUL/);
    const deep = await alice.post('/api/v1/log/', [{ level: 'info', message: 'deep', extra: nested(100) }]);
    assert.match(deep.body.message, /nested too deeply/);
    const overflow = await alice.get('/api/v4/presentation/?owner_id=2147483648');
    assert.match(overflow.body.message, /owner_id/);
  });

  test('ordinary text and moderate nesting still pass', async () => {
    assert.equal((await alice.post('/api/v1/log/', [{ level: 'info', message: 'ok', extra: nested(10) }])).status, 204);
    assert.equal((await alice.get('/api/v4/presentation/?owner_id=2147483647')).status, 200);
  });

  test('a date that does not exist, an address that is not a plain one, a passcode over two lines: 400 with a coded message, nothing written', async () => {
    // Day 31 of the next month that has 30 (within a link's longest expiry), and 30 February of next year.
    const now = new Date();
    let [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 2];
    for (; ![4, 6, 9, 11].includes(month); month += 1) if (month > 12) [year, month] = [year + 1, 0];
    const day31 = `${year}-${String(month).padStart(2, '0')}-31T10:00:00Z`;
    const february30 = `${now.getUTCFullYear() + 1}-02-30T10:00:00+01:00`;
    const beforeRows = await snapshot(t.db);
    const refusals: Array<[string, string, unknown, string, string]> = [
      ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'viewer', expires_at: february30 }, 'INVALID_INPUT', 'input_date_time'],
      ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'n', visible_on_analytics: true, viewer_identification: false, expires_at: day31 }, 'INVALID_INPUT', 'input_date_time'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { expires_at: day31 }, 'INVALID_INPUT', 'input_date_time'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { expires_at: `${year}-01-01T24:00Z` }, 'INVALID_INPUT', 'input_date_time'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { expires_at: `${year}-01-01T10:60Z` }, 'INVALID_INPUT', 'input_date_time'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { expires_at: `${year}-13-01T10:00Z` }, 'INVALID_INPUT', 'input_date_time'],
      // Control, zero-width, bidi and other format characters make no address, wherever one is taken.
      ...['ann\u0007@example.com', 'a\u200bnn@example.com', 'ann@exam\u202eple.com', 'ann@example.com\u00ad', '*@exam\u200dple.com', 'ann@localhost'].map(
        (entry): [string, string, unknown, string, string] => ['PUT', `/api/v1/prezilink/${linkId}/`, { allowed_viewers: [entry] }, 'INVALID_ALLOWED_VIEWER', 'link_control_allow_list_entry'],
      ),
      ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'z\u200boe@example.com', permission: 'viewer' }, 'INVALID_EMAIL', 'invalid_email'],
      ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com\u202e', permission: 'viewer' }, 'INVALID_EMAIL', 'invalid_email'],
      ['POST', `/api/v1/folders/group/${folderId}/users/`, { email: 'zoe\u2066@example.com', role: 'VIEWER' }, 'INVALID_EMAIL', 'invalid_email'],
      ['PUT', `/api/v1/prezilink/${linkId}/`, { passcode: 'tulip\r\n4821' }, 'INVALID_INPUT', 'input_single_line'],
      ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'n', visible_on_analytics: true, viewer_identification: false, passcode: 'tulip\n4821' }, 'INVALID_INPUT', 'input_single_line'],
    ];
    for (const [method, url, body, code, messageCode] of refusals) {
      const res = await alice.request(method, url, { body });
      const what = `${method} ${url} ${JSON.stringify(body)}`;
      assert.equal(res.status, 400, `${what} → ${res.status} ${res.text.slice(0, 200)}`);
      assert.equal(res.body.code, code, what);
      assert.equal(res.body.message_code, messageCode, what);
    }
    const expiry = await alice.put(`/api/v1/prezilink/${linkId}/`, { expires_at: day31 });
    assert.equal(expiry.body.message, 'The expires_at is not a date and time that exists (YYYY-MM-DDThh:mm with its offset, such as Z or +02:00).');
    assert.deepEqual(await snapshot(t.db), beforeRows, 'nothing written');

    // A full-width (or other compatibility) form is the plain address: stored so, and the same person as the plain one.
    const allowed = await alice.put(`/api/v1/prezilink/${linkId}/`, { allowed_viewers: ['ＡＮＮ＠ｅｘａｍｐｌｅ．ｃｏｍ', '*@ＥＸＡＭＰＬＥ.org', 'ann@example.com'] });
    assert.equal(allowed.status, 200, allowed.text);
    assert.deepEqual(allowed.body.allowed_viewers, ['ann@example.com', '*@example.org']);
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'ｄａｖｅ@example.com', permission: 'commenter', notify: false })).status, 200);
    const daves = await t.db.selectFrom('collaborators as c').innerJoin('documents as d', 'd.id', 'c.document_id').select(['c.email', 'c.permission']).where('d.oid', '=', QR).where('c.email', 'like', '%dave%').execute();
    assert.deepEqual(daves, [{ email: 'dave@example.com', permission: 'commenter' }]);
  });

  test('inputProblem and withInt32Bounds', () => {
    assert.equal(inputProblem({ a: ['x', { b: `y${NUL}` }] }), 'nul');
    assert.equal(inputProblem(nested(MAX_JSON_DEPTH + 1)), 'depth');
    assert.equal(inputProblem(nested(MAX_JSON_DEPTH - 1)), null);
    assert.equal(inputProblem(null), null);
    assert.deepEqual(withInt32Bounds({ type: 'object', properties: { n: { type: 'integer', minimum: 1 } } }), {
      type: 'object',
      properties: { n: { type: 'integer', minimum: 1, maximum: 2147483647 } },
    });
  });
});
