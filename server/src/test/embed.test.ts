import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

describe('design embeds', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('the loader script is served, cacheable, and renders placeholders into iframes of /embed/d/<token>', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/embed/loader.js' });
    assert.equal(response.statusCode, 200);
    assert.match(String(response.headers['content-type']), /javascript/);
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
    assert.match(response.body, /div\.deck-embed\[data-id\]/);
    assert.match(response.body, /\/embed\/d\//);
  });

  test("a design's view token leads to its view page without the site's header", async () => {
    const alice = await clientAs(t.app, 'alice');
    const privacy = await alice.get(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`);
    const token = privacy.body.view_token as string;
    assert.ok(token.length > 0);
    const response = await t.app.inject({ method: 'GET', url: `/embed/d/${token}` });
    assert.equal(response.statusCode, 302);
    assert.equal(response.headers.location, `/view/${D.brandInfographic}?embed=1`);
  });

  test("the owner's team's sharing switch decides a document's embedding, in the dialog's flag and on the embed route alike", async () => {
    // Grace's team switched sharing off; Frank, who owns the document, has no team: the document may be embedded.
    const grace = await clientAs(t.app, 'grace');
    const seen = await grace.get(`/api/v4/presentation/${D.franksPitch}/unified-privacy/`);
    assert.equal(seen.body.permissions.embed.value, 'ALLOWED');
    const frank = await clientAs(t.app, 'frank');
    const token = (await frank.get(`/api/v4/presentation/${D.franksPitch}/unified-privacy/`)).body.view_token as string;
    assert.equal((await t.app.inject({ method: 'GET', url: `/embed/d/${token}` })).statusCode, 302);
    // Grace's own document: her team's switch refuses it, to her and on the route.
    const own = await grace.get(`/api/v4/presentation/${D.globexPlan}/unified-privacy/`);
    assert.equal(own.body.permissions.embed.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal((await t.app.inject({ method: 'GET', url: `/embed/d/${own.body.view_token}` })).statusCode, 403);
  });

  test("a viewer outside the owner's team is refused embedding by the owner's team's switch, as the embed route refuses it", async () => {
    // Grace's team switched sharing off. Dave, in no team, and Alice, in a team that allows sharing, both see the
    // open document: neither may embed it, because the route will not show it embedded.
    for (const username of ['dave', 'alice']) {
      const viewer = await clientAs(t.app, username);
      const seen = await viewer.get(`/api/v4/presentation/${D.globexPlan}/unified-privacy/`);
      assert.equal(seen.status, 200, username);
      assert.equal(seen.body.permissions.embed.value, 'NOT_ALLOWED_IN_ORG', username);
      assert.equal((await t.app.inject({ method: 'GET', url: `/embed/d/${seen.body.view_token}` })).statusCode, 403);
    }
  });

  test('an unknown token is a 404 and a malformed one a 400', async () => {
    assert.equal((await t.app.inject({ method: 'GET', url: '/embed/d/unknowntoken123' })).statusCode, 404);
    assert.equal((await t.app.inject({ method: 'GET', url: '/embed/d/bad%20token%3C' })).statusCode, 400);
  });
});
