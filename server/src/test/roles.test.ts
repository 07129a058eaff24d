import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, snapshot, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';
import { MESSAGES } from '../permissions/messages';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const FP = D.franksPitch;
const GP = D.globexPlan;
const PS = D.privateStrategy;

type Case = [user: string | null, method: string, url: string, body: unknown, status: number, message: string, code?: string];

const link = (oid: string, analytics = false) => ({ presentation_oid: oid, name: 'Refused link', visible_on_analytics: analytics, viewer_identification: false });

const CASES: Case[] = [
  // bob: editor on Quarterly Review
  ['bob', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.onlyOwnerPrivacy, 'NOT_ALLOWED'],
  ['bob', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: true }, 403, MESSAGES.onlyOwnerPublish, 'NOT_ALLOWED'],
  ['bob', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { reusable: true }, 403, MESSAGES.notReusable, 'NOT_ALLOWED'],
  ['bob', 'PUT', `/api/v1/share/${QR}/organization-permission/`, { permission: 'can_edit' }, 403, MESSAGES.orgOnlyOwner, 'NOT_ALLOWED'],
  ['bob', 'DELETE', `/api/v1/share/${QR}/organization-permission/`, undefined, 403, MESSAGES.orgOnlyOwner, 'NOT_ALLOWED'],
  ['bob', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'alice@example.com', permission: 'viewer' }, 403, MESSAGES.ownerFixed, 'NOT_POSSIBLE'],
  ['bob', 'DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'ALICE@example.com' }, 403, MESSAGES.ownerFixed, 'NOT_POSSIBLE'],
  // carol: commenter
  ['carol', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.onlyOwnerPrivacy, 'NOT_ALLOWED'],
  ['carol', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'new1@example.com', permission: 'editor' }, 403, MESSAGES.aboveOwnLevel, 'NOT_ALLOWED'],
  ['carol', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'editor' }, 403, MESSAGES.aboveOwnLevel, 'NOT_ALLOWED'],
  ['carol', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'bob@example.com', permission: 'viewer' }, 403, MESSAGES.higherTarget, 'NOT_ALLOWED'],
  ['carol', 'DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com' }, 403, MESSAGES.removeOthers, 'NOT_ALLOWED'],
  ['carol', 'POST', '/api/v1/prezilink/', link(QR), 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
  ['carol', 'PUT', `/api/v1/prezilink/unlisted/${QR}`, undefined, 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
  // dave: viewer
  ['dave', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: true }, 403, MESSAGES.onlyOwnerPublish, 'NOT_ALLOWED'],
  ['dave', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'new2@example.com', permission: 'commenter' }, 403, MESSAGES.aboveOwnLevel, 'NOT_ALLOWED'],
  ['dave', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'carol@example.com', permission: 'viewer' }, 403, MESSAGES.higherTarget, 'NOT_ALLOWED'],
  ['dave', 'DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'carol@example.com' }, 403, MESSAGES.removeOthers, 'NOT_ALLOWED'],
  ['dave', 'PUT', `/api/v1/share/${QR}/organization-permission/`, { permission: 'can_view' }, 403, MESSAGES.orgOnlyOwner, 'NOT_ALLOWED'],
  ['dave', 'POST', '/api/v1/prezilink/', link(QR), 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
  // frank: free user
  ['frank', 'PUT', `/api/v4/presentation/${FP}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.privacyPaywall, 'NOT_ALLOWED_WITH_CURRENT_FEATURES'],
  ['frank', 'POST', '/api/v1/prezilink/', link(FP), 403, MESSAGES.linksLimit, 'NOT_ALLOWED_LIMIT_REACHED'],
  ['frank', 'POST', '/api/v1/prezilink/', link(FP, true), 403, MESSAGES.linksLimit, 'NOT_ALLOWED_LIMIT_REACHED'],
  ['frank', 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'new3@example.com', permission: 'viewer' }, 403, MESSAGES.noAccess, 'NOT_ALLOWED'],
  ['frank', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.onlyOwnerPrivacy, 'NOT_ALLOWED'],
  ['frank', 'PUT', `/api/v1/share/${FP}/organization-permission/`, { permission: 'can_view' }, 403, MESSAGES.orgNoTeam, 'NOT_POSSIBLE'],
  // grace: Globex has switched off privacy changes, publishing, sharing and trackable links
  ['grace', 'PUT', `/api/v4/presentation/${GP}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.teamPrivacy, 'NOT_ALLOWED_IN_ORG'],
  ['grace', 'PUT', `/api/v4/presentation/${GP}/unified-privacy/`, { published: true }, 403, MESSAGES.teamPublish, 'NOT_ALLOWED_IN_ORG'],
  ['grace', 'PUT', `/api/v1/share/${GP}/permissions/`, { email: 'new4@example.com', permission: 'viewer' }, 403, MESSAGES.teamSharing, 'NOT_ALLOWED_IN_ORG'],
  ['grace', 'PUT', `/api/v1/share/${GP}/organization-permission/`, { permission: 'can_view' }, 403, MESSAGES.teamSharing, 'NOT_ALLOWED_IN_ORG'],
  ['grace', 'POST', '/api/v1/prezilink/', link(GP, true), 403, MESSAGES.linksTeam, 'NOT_ALLOWED_IN_ORG'],
  ['grace', 'PUT', `/api/v1/prezilink/unlisted/${GP}`, undefined, 403, MESSAGES.teamSharing, 'NOT_ALLOWED_IN_ORG'],
  // alice: document state
  ['alice', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' }, 403, MESSAGES.closeWithTrackableLinks, 'NOT_POSSIBLE'],
  ['alice', 'PUT', `/api/v4/presentation/${PS}/unified-privacy/`, { published: true }, 403, MESSAGES.publishClosed, 'NOT_POSSIBLE'],
  ['alice', 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed', published: true }, 403, MESSAGES.publishClosed, 'NOT_POSSIBLE'],
  ['alice', 'POST', '/api/v1/prezilink/', link(PS, true), 403, MESSAGES.linksClosed, 'NOT_POSSIBLE'],
  ['alice', 'PUT', `/api/v1/prezilink/unlisted/${PS}`, undefined, 403, MESSAGES.socialClosed, 'NOT_POSSIBLE'],
  // signed-in stranger on a closed document; anonymous visitors
  ['bob', 'GET', `/api/v4/presentation/${PS}/`, undefined, 403, MESSAGES.noAccess, 'NOT_ALLOWED'],
  ['bob', 'PUT', `/api/v4/presentation/${PS}/like/`, undefined, 403, MESSAGES.noAccess, 'NOT_ALLOWED'],
  ['bob', 'GET', `/api/v1/share/${PS}/permissions/`, undefined, 403, MESSAGES.noAccess, 'NOT_ALLOWED'],
  [null, 'GET', `/api/v4/presentation/${PS}/`, undefined, 401, MESSAGES.signInRequired],
  [null, 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { published: true }, 401, MESSAGES.signInRequired],
  [null, 'PUT', `/api/v4/presentation/${QR}/like/`, undefined, 401, MESSAGES.likeSignIn],
  [null, 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'x@example.com', permission: 'viewer' }, 401, MESSAGES.signInRequired],
  [null, 'GET', '/api/v4/presentation/', undefined, 401, MESSAGES.signInRequired],
  // not found
  ['alice', 'GET', '/api/v4/presentation/doesnotexist/', undefined, 404, MESSAGES.documentNotFound],
  ['alice', 'GET', '/api/v1/prezilink/AAAAAAAAAAAAAAAAAAAAAAAA/', undefined, 404, MESSAGES.linkNotFound],
  ['alice', 'DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'nobody@example.com' }, 404, MESSAGES.collaboratorNotFound],
];

describe('every forbidden mutation per role is refused with the spec text and changes nothing', () => {
  let t: TestApp;
  const clients = new Map<string | null, TestClient>();
  before(async () => {
    t = await createTestApp();
    for (const u of [null, 'alice', 'bob', 'carol', 'dave', 'frank', 'grace']) clients.set(u, await clientAs(t.app, u));
  });
  after(() => t.close());

  test('refusals', async () => {
    const before = await snapshot(t.db);
    for (const [user, method, url, body, status, message, code] of CASES) {
      const res = await clients.get(user)!.request(method, url, { body });
      const label = `${user ?? 'anonymous'} ${method} ${url} ${JSON.stringify(body)}`;
      assert.equal(res.status, status, `${label} → ${res.status} ${res.text}`);
      assert.equal(res.body.message, message, label);
      assert.equal(res.body.statusCode, status);
      if (code) assert.equal(res.body.code, code, label);
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing changed');
  });

  test('the limit refusal carries the limit', async () => {
    const res = await clients.get('frank')!.post('/api/v1/prezilink/', link(FP));
    assert.deepEqual(res.body.limits, [{ code: 'VIEW_LINK_LIMIT', limit_value: 1, current_value: 1, reached: true }]);
  });

  test('the flags each role reads match what the server enforces', async () => {
    const flags = async (user: string, oid: string) =>
      (await clients.get(user)!.get(`/api/v4/presentation/${oid}/unified-privacy/`)).body;
    const bob = await flags('bob', QR);
    assert.equal(bob.is_owner, false);
    assert.equal(bob.permissions.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_ALLOWED');
    assert.equal(bob.permission_reasons.unified_privacy_set_closed_unpublished_copyrighted, MESSAGES.onlyOwnerPrivacy);
    assert.equal(bob.permissions.collaborator_individual_add_editor.value, 'ALLOWED');
    const dave = await flags('dave', QR);
    assert.equal(dave.permissions.collaborator_individual_add_viewer.value, 'ALLOWED');
    assert.equal(dave.permissions.collaborator_individual_add_commenter.value, 'NOT_ALLOWED');
    // A viewer's Create link: 'Not allowed to manage trackable links', with the reason that goes with it (spec §8).
    assert.equal(dave.permissions.view_link_own_create.value, 'NOT_ALLOWED');
    assert.equal(dave.permission_reasons.view_link_own_create, MESSAGES.linksManage);
    assert.equal(dave.permission_reason_codes.view_link_own_create, 'links_manage');
    const frank = await flags('frank', FP);
    assert.equal(frank.licence, null);
    assert.equal(frank.permissions.view_link_own_create.value, 'NOT_ALLOWED_LIMIT_REACHED');
    const grace = await flags('grace', GP);
    assert.deepEqual(grace.team_policy, { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true, require_link_passcode: false, max_link_expiry_days: null });
    const alice = await flags('alice', QR);
    assert.equal(alice.view_link_count, 3);
    assert.equal(alice.permissions.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_POSSIBLE');
  });
});
