import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, snapshot, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('input validation: 400 with a clear JSON body, nothing written', () => {
  let t: TestApp;
  let alice: TestClient;
  let linkId: string;
  let folderId: number;
  before(async () => {
    t = await createTestApp();
    alice = await clientAs(t.app, 'alice');
    const links = await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}`);
    linkId = links.body[0].link_id;
    const demo = await alice.get('/api/v1/demo/');
    folderId = demo.body.folders[0].id;
  });
  after(() => t.close());

  const cases: Array<[string, string, unknown?, { contentType?: string }?]> = [
    ['GET', '/api/v4/presentation/?limit=0'],
    ['GET', '/api/v4/presentation/?limit=abc'],
    ['GET', '/api/v4/presentation/?limit=101'],
    ['GET', '/api/v4/presentation/?ordering=bogus'],
    ['GET', '/api/v4/presentation/?owner_id=-1'],
    ['GET', '/api/v4/presentation/list/?mine=maybe'],
    ['GET', '/api/v4/presentation/?privacy=secret'],
    ['GET', '/api/v4/presentation/bad$oid/'],
    ['GET', `/api/v4/presentation/${QR}/?include_user_permissions=perhaps`],
    ['GET', `/api/v4/presentation/${QR}/?key_type=other&auth_key=abc`],
    ['GET', `/api/v4/presentation/${QR}/unified-privacy/?exclude_permissions=yes`],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, {}],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: 'yes' }],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: 1 }],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'secret' }],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { color: 'red' }],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, '{"published": tru'],
    ['PUT', `/api/v4/presentation/${QR}/unified-privacy/`, '[]'],
    ['PUT', '/api/v4/presentation/b@d/like/'],
    ['DELETE', '/api/v4/presentation/b@d/like/'],
    ['PUT', '/api/v4/presentation/like/'],
    ['PUT', '/api/v4/presentation/like/?auth_key=abc&key_type=other'],
    ['DELETE', '/api/v4/presentation/like/?key_type=prezilink'],
    ['PUT', '/api/v4/presentation/b@d/view-count/'],
    ['GET', `/api/v1/share/${QR}/permissions/?include_pending_invites=maybe`],
    ['GET', '/api/v1/share/b$d/permissions/'],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'not-an-email', permission: 'viewer' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 'x@example.com', permission: 'owner' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: 5, permission: 'viewer' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { permission: 'viewer' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: `${'a'.repeat(65)}@example.com`, permission: 'viewer' }],
    ['PUT', `/api/v1/share/${QR}/permissions/`, { email: `a@${'b'.repeat(64)}.com`, permission: 'viewer' }],
    ['PUT', `/api/v1/share/${QR}/permissions/?referral_token=a%20b`, { email: 'new@example.com', permission: 'viewer' }],
    ['DELETE', `/api/v1/share/${QR}/permissions/`, {}],
    ['DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'nope' }],
    ['PUT', `/api/v1/share/${QR}/organization-permission/`, { permission: 'admin' }],
    ['PUT', `/api/v1/share/${QR}/organization-permission/`, {}],
    ['DELETE', '/api/v1/share/b$d/organization-permission/'],
    ['POST', '/api/v1/featureswitches/', { feature_switches: 'design_analytics_view_links' }],
    ['POST', '/api/v1/featureswitches/', { feature_switches: [1] }],
    ['POST', '/api/v1/featureswitches/', {}],
    ['GET', '/api/v1/contacts/?pitchonly=maybe'],
    ['GET', '/api/v1/referrals/users/u$x/campaigns/abc/'],
    ['GET', '/api/v1/folders/group/abc/users/'],
    ['GET', '/api/v1/folders/group/0/users/'],
    ['POST', '/api/v1/folders/group/1/users/', { email: 'new@example.com', role: 'OWNER' }],
    ['POST', '/api/v1/folders/group/1/users/', { email: 'bad', role: 'VIEWER' }],
    ['POST', '/api/v1/folders/group/1/users/', { role: 'VIEWER' }],
    ['DELETE', '/api/v1/folders/group/1/users/xyz/'],
    ['GET', '/api/v1/folders/group/1/details/?include_pending=maybe'],
    ['GET', '/api/v1/prezilink/?list_all_prezilinks=maybe'],
    ['GET', '/api/v1/prezilink/?presentation_oid=b$d'],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: '', visible_on_analytics: true, viewer_identification: false }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: '   ', visible_on_analytics: true, viewer_identification: false }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'x'.repeat(81), visible_on_analytics: true, viewer_identification: false }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'ok', visible_on_analytics: true }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'ok', visible_on_analytics: false, viewer_identification: true }],
    ['POST', '/api/v1/prezilink/', { presentation_oid: 'b$d', name: 'ok', visible_on_analytics: false, viewer_identification: false }],
    ['PUT', '/api/v1/prezilink/LINK/', {}],
    ['PUT', '/api/v1/prezilink/LINK/', { revoked: 'yes' }],
    ['PUT', '/api/v1/prezilink/LINK/', { name: 'x'.repeat(81) }],
    ['PUT', '/api/v1/prezilink/LINK/', { visible_on_analytics: false, viewer_identification: true }],
    ['DELETE', '/api/v1/prezilink/LINK/?delete_data=maybe'],
    ['GET', '/api/v1/prezilink/b$d/'],
    ['GET', '/api/v1/prezilink/unlisted/b$d'],
    ['PUT', '/api/v1/prezilink/unlisted/b$d'],
    ['POST', '/api/v1/log/', []],
    ['POST', '/api/v1/log/', [{ level: 'fatal', message: 'x' }]],
    ['POST', '/api/v1/log/', [{ level: 'info', message: 'a' }, { level: 'info', message: 'b' }]],
    ['POST', '/api/v1/log/', { level: 'info', message: 'not an array' }],
    ['POST', '/api/v1/analytics/events/', {}],
    ['POST', '/api/v1/analytics/events/', 'not json', { contentType: 'text/plain' }],
    ['GET', '/dev/sign-in'],
    ['GET', '/dev/sign-in?user=nobody'],
  ];

  test('every bad body, query and path parameter gets 400', async () => {
    const before = await snapshot(t.db);
    for (const [method, rawUrl, body, opts] of cases) {
      const url = rawUrl.replace('LINK', linkId).replace('/group/1/', `/group/${folderId}/`);
      const res = await alice.request(method, url, { body, contentType: opts?.contentType });
      assert.equal(res.status, 400, `${method} ${url} ${JSON.stringify(body)} → ${res.status} ${res.text}`);
      assert.equal(res.body.statusCode, 400);
      assert.equal(res.body.error, 'Bad Request');
      assert.equal(typeof res.body.message, 'string');
      assert.ok(res.body.message.length > 0);
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing changed');
  });

  test('unknown /api routes get a JSON 404', async () => {
    const res = await alice.get('/api/v1/nothing-here/');
    assert.equal(res.status, 404);
    assert.equal(res.body.error, 'Not Found');
    const post = await alice.post('/api/v4/nothing/', {});
    assert.equal(post.status, 404);
  });
});
