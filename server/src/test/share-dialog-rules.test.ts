import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { MESSAGES } from '../permissions/messages';
import { EMBED_REFUSED } from '../routes/embed';

after(closeTestDatabases);

const privacyOf = async (t: TestApp, user: string, oid: string) =>
  (await (await clientAs(t.app, user)).get(`/api/v4/presentation/${oid}/unified-privacy/`)).body;

describe('what the share dialog is told', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('the trackable-link count is the number of links the user may list', async () => {
    // Quarterly Review has alice's two links and bob's one; frank only has the link.
    const expected: Record<string, number> = { alice: 3, bob: 1, carol: 0, dave: 0, frank: 0 };
    for (const [user, count] of Object.entries(expected)) {
      const client = await clientAs(t.app, user);
      const privacy = (await client.get(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`)).body;
      assert.equal(privacy.view_link_count, count, `${user}'s count`);
      const list = await client.get(`/api/v1/prezilink/?presentation_oid=${D.quarterlyReview}&list_all_prezilinks=true`);
      const listed = list.status === 200 ? (list.body as unknown[]).length : 0;
      assert.equal(listed, count, `${user}'s list agrees with the count`);
    }
  });

  test('embed is refused, with no embed link, where sharing is switched off or the document is closed', async () => {
    const grace = await privacyOf(t, 'grace', D.globexPlan);
    assert.equal(grace.permissions.embed.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(grace.permission_reasons.embed, MESSAGES.teamSharing);
    assert.equal(grace.embed_link, '');
    const closed = await privacyOf(t, 'alice', D.privateStrategy);
    assert.equal(closed.permissions.embed.value, 'NOT_POSSIBLE');
    assert.equal(closed.permission_reasons.embed, MESSAGES.embedCollaborators);
    assert.equal(closed.embed_link, '');
    const open = await privacyOf(t, 'alice', D.quarterlyReview);
    assert.equal(open.permissions.embed.value, 'ALLOWED');
    assert.match(open.embed_link, /\/view\/.+\?embed=1$/);
  });

  test('the embed route refuses a closed document and one whose team switched sharing off', async () => {
    const anon = await clientAs(t.app, null);
    for (const oid of [D.privateStrategy, D.globexPlan]) {
      const token = (await (await clientAs(t.app, oid === D.globexPlan ? 'grace' : 'alice')).get(`/api/v4/presentation/${oid}/token/`)).body.token as string;
      assert.ok(token, 'the owner can read the token');
      const response = await anon.get(`/embed/d/${token}`);
      assert.equal(response.status, 403, oid);
      assert.match(response.text, new RegExp(EMBED_REFUSED));
    }
  });

  test('someone with the link only reads the privacy but not the list of people, and may neither manage nor create links', async () => {
    // Spec §5: the dialog shows them what they may do and why the list of people is not theirs.
    const frank = await clientAs(t.app, 'frank');
    const privacy = await frank.get(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`);
    assert.equal(privacy.status, 200);
    assert.equal(privacy.body.is_owner, false);
    assert.equal(privacy.body.permissions.view_link_own_create.value, 'NOT_ALLOWED');
    assert.equal(privacy.body.permission_reasons.view_link_own_create, MESSAGES.linksManage);
    const people = await frank.get(`/api/v1/share/${D.quarterlyReview}/permissions/`);
    assert.equal(people.status, 403);
    assert.equal(people.body.message, MESSAGES.noAccess);
  });

  test('a free user who published may unpublish again', async () => {
    const frank = await clientAs(t.app, 'frank');
    const url = `/api/v4/presentation/${D.franksPitch}/unified-privacy/`;
    assert.equal((await frank.put(url, { published: true })).status, 200);
    const published = (await frank.get(url)).body;
    assert.equal(published.permissions.unified_privacy_set_open_unpublished_copyrighted.value, 'ALLOWED');
    const back = await frank.put(url, { published: false });
    assert.equal(back.status, 200);
    assert.equal(back.body.is_published, false);
  });
});
