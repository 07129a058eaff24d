import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ACCESS_REQUEST_MESSAGES } from '../messages/access-requests';
import { MESSAGES } from '../permissions/messages';
import { defaultConfig } from '../config';
import { clientAs, closeTestDatabases, createTestApp, dataHasher, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** Private Strategy is closed and alice's alone: everyone else cannot see it. */
const PS: string = D.privateStrategy;
const requestUrl = (oid = PS) => `/api/v4/presentation/${oid}/access-request/`;
const listUrl = (oid = PS) => `/api/v4/presentation/${oid}/access-requests/`;
const decideUrl = (id: number, decision: 'approve' | 'deny', oid = PS) => `/api/v4/presentation/${oid}/access-requests/${id}/${decision}/`;

describe('access requests', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  const outbox = () => t.db.selectFrom('outbox').select(['kind', 'to_email', 'subject', 'html', 'text']).orderBy('id').execute();

  test('a request e-mails the owner; approving at commenter makes a collaborator, closes it and e-mails the requester', async () => {
    const frank = await clientAs(t.app, 'frank');
    const sent = await frank.post(requestUrl(), { message: '  I present it <b>tomorrow</b>.  ' });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.body.request.status, 'pending');
    assert.equal(sent.body.request.message, 'I present it <b>tomorrow</b>.');
    assert.deepEqual((await frank.get(requestUrl())).body.request, sent.body.request);

    const [toOwner] = await outbox();
    assert.equal(toOwner.kind, 'access-request');
    assert.equal(toOwner.to_email, 'alice@example.com');
    assert.equal(toOwner.subject, 'Frank Foster asks for access to “Private Strategy”');
    assert.match(toOwner.text, /Frank Foster \(frank@example\.com\) asks for access to your presentation “Private Strategy”\./);
    assert.match(toOwner.text, /I present it <b>tomorrow<\/b>\./);
    assert.match(toOwner.html, /I present it &lt;b&gt;tomorrow&lt;\/b&gt;\./);
    assert.match(toOwner.html, new RegExp(`href="http://localhost(:\\d+)?/editor/${PS}\\?share=access-requests"`));

    const alice = await clientAs(t.app, 'alice');
    const list = await alice.get(listUrl());
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.results.map((r: { requester: unknown; message: string }) => [r.requester, r.message]),
      [[{ name: 'Frank Foster', email: 'frank@example.com' }, 'I present it <b>tomorrow</b>.']],
    );
    const id = list.body.results[0].id;

    const approved = await alice.post(decideUrl(id, 'approve'), { permission: 'commenter' });
    assert.equal(approved.status, 200, approved.text);
    assert.deepEqual(approved.body.results, []);
    const doc = await frank.get(`/api/v4/presentation/${PS}/?include_user_permissions=true`);
    assert.equal(doc.status, 200, doc.text);
    assert.equal(doc.body.user_permissions.level, 'can_comment');
    assert.deepEqual((await frank.get(requestUrl())).body, { request: null });

    const toRequester = (await outbox())[1];
    assert.equal(toRequester.kind, 'access-approved');
    assert.equal(toRequester.to_email, 'frank@example.com');
    assert.equal(toRequester.subject, 'You now have access to “Private Strategy”');
    assert.match(toRequester.text, /Alice Anderson approved your request: you can now comment on the presentation “Private Strategy”\./);
    assert.match(toRequester.text, new RegExp(`/editor/${PS}`));
    const row = await t.db.selectFrom('access_requests').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.status, 'approved');
    assert.equal(row.permission, 'commenter');

    // Now that frank can see it, asking again is refused.
    const again = await frank.post(requestUrl(), {});
    assert.equal(again.status, 403);
    assert.equal(again.body.message, ACCESS_REQUEST_MESSAGES.alreadyHasAccess);
  });

  test('denying closes the request, e-mails the requester and gives nothing; a new request may follow', async () => {
    const grace = await clientAs(t.app, 'grace');
    await grace.post(requestUrl(), {});
    const alice = await clientAs(t.app, 'alice');
    const [{ id }] = (await alice.get(listUrl())).body.results;
    const denied = await alice.post(decideUrl(id, 'deny'));
    assert.equal(denied.status, 200, denied.text);
    assert.deepEqual(denied.body.results, []);
    assert.equal((await grace.get(`/api/v4/presentation/${PS}/`)).status, 403);
    const mail = (await outbox()).find((m) => m.kind === 'access-denied')!;
    assert.equal(mail.to_email, 'grace@example.com');
    assert.equal(mail.subject, 'Your request for access to “Private Strategy” was declined');
    assert.match(mail.text, /Alice Anderson declined your request/);
    assert.doesNotMatch(mail.text, new RegExp(`/editor/${PS}`));
    const collaborators = await t.db.selectFrom('collaborators').select('email').where('email', '=', 'grace@example.com').execute();
    assert.deepEqual(collaborators, []);
    // A denied request is closed, so asking again is a new one.
    assert.equal((await grace.post(requestUrl(), {})).status, 201);
  });

  test('one pending request per user and document: asking again answers the same one and writes nothing', async () => {
    const dave = await clientAs(t.app, 'dave');
    const first = await dave.post(requestUrl(), { message: 'first' });
    assert.equal(first.status, 201);
    const hash = await dataHasher(t.db);
    const before = await hash();
    const second = await dave.post(requestUrl(), { message: 'second' });
    assert.equal(second.status, 200);
    assert.deepEqual(second.body, first.body);
    assert.equal(await hash(), before);
    assert.equal((await outbox()).length, 1);
  });

  test('the owner and editors decide; the level must be one they may give', async () => {
    const doc = await t.db.selectFrom('documents').select('id').where('oid', '=', PS).executeTakeFirstOrThrow();
    const users = Object.fromEntries((await t.db.selectFrom('users').select(['username', 'id']).execute()).map((u) => [u.username, u.id]));
    await t.db
      .insertInto('collaborators')
      .values([
        { document_id: doc.id, user_id: users.bob, email: 'bob@example.com', permission: 'editor', invited_by: users.alice },
        { document_id: doc.id, user_id: users.carol, email: 'carol@example.com', permission: 'commenter', invited_by: users.alice },
      ])
      .execute();
    await (await clientAs(t.app, 'frank')).post(requestUrl(), {});
    const bob = await clientAs(t.app, 'bob');
    const [{ id }] = (await bob.get(listUrl())).body.results;
    const approved = await bob.post(decideUrl(id, 'approve'), { permission: 'editor' });
    assert.equal(approved.status, 200, approved.text);
    const frankRow = await t.db.selectFrom('collaborators').select(['permission', 'invited_by']).where('email', '=', 'frank@example.com').executeTakeFirstOrThrow();
    assert.deepEqual(frankRow, { permission: 'editor', invited_by: users.bob });
  });

  test('every refusal answers its reason and writes nothing', async () => {
    const doc = await t.db.selectFrom('documents').select('id').where('oid', '=', PS).executeTakeFirstOrThrow();
    const users = Object.fromEntries((await t.db.selectFrom('users').select(['username', 'id']).execute()).map((u) => [u.username, u.id]));
    await t.db
      .insertInto('collaborators')
      .values({ document_id: doc.id, user_id: users.carol, email: 'carol@example.com', permission: 'commenter', invited_by: users.alice })
      .execute();
    const frank = await clientAs(t.app, 'frank');
    await frank.post(requestUrl(), { message: 'please' });
    const [{ id }] = (await (await clientAs(t.app, 'alice')).get(listUrl())).body.results;

    const hash = await dataHasher(t.db);
    const before = await hash();
    const anonymous = await clientAs(t.app, null);
    const alice = await clientAs(t.app, 'alice');
    const carol = await clientAs(t.app, 'carol');
    const grace = await clientAs(t.app, 'grace');
    const cases: Array<[string, Promise<{ status: number; body: { message: string; code?: string } }>, number, string | RegExp]> = [
      ['not signed in', anonymous.post(requestUrl(), {}), 401, MESSAGES.signInRequired],
      ['owner asks for her own document', alice.post(requestUrl(), {}), 403, ACCESS_REQUEST_MESSAGES.alreadyHasAccess],
      ['an open document anyone can see', frank.post(requestUrl(D.quarterlyReview), {}), 403, ACCESS_REQUEST_MESSAGES.alreadyHasAccess],
      ['a collaborator already sees it', carol.post(requestUrl(), {}), 403, ACCESS_REQUEST_MESSAGES.alreadyHasAccess],
      ['unknown document', frank.post(requestUrl('nosuchdocument'), {}), 404, MESSAGES.documentNotFound],
      ['message too long', grace.post(requestUrl(), { message: 'x'.repeat(501) }), 400, 'body/message must NOT have more than 500 characters'],
      ['unknown field', grace.post(requestUrl(), { note: 'hi' }), 400, 'body must NOT have additional properties'],
      ['a commenter lists', carol.get(listUrl()), 403, MESSAGES.removeOthers],
      ['a commenter approves', carol.post(decideUrl(id, 'approve'), { permission: 'viewer' }), 403, MESSAGES.removeOthers],
      ['a commenter denies', carol.post(decideUrl(id, 'deny')), 403, MESSAGES.removeOthers],
      ['the requester approves himself', frank.post(decideUrl(id, 'approve'), { permission: 'editor' }), 403, MESSAGES.noAccess],
      ['an outsider lists', grace.get(listUrl()), 403, MESSAGES.noAccess],
      ['anonymous approves', anonymous.post(decideUrl(id, 'approve'), { permission: 'viewer' }), 401, MESSAGES.signInRequired],
      ['bad level', alice.post(decideUrl(id, 'approve'), { permission: 'owner' }), 400, /^body\/permission must be equal to constant/],
      ['no level', alice.post(decideUrl(id, 'approve'), {}), 400, "body must have required property 'permission'"],
      ['unknown request', alice.post(decideUrl(id + 100, 'approve'), { permission: 'viewer' }), 404, ACCESS_REQUEST_MESSAGES.requestNotFound],
      ["another document's request", alice.post(decideUrl(id, 'deny', D.classicDeck)), 404, ACCESS_REQUEST_MESSAGES.requestNotFound],
    ];
    for (const [label, pending, status, message] of cases) {
      const res = await pending;
      assert.equal(res.status, status, `${label}: ${JSON.stringify(res.body)}`);
      if (typeof message === 'string') assert.equal(res.body.message, message, label);
      else assert.match(res.body.message, message, label);
    }
    assert.equal(await hash(), before);

    // A decided request cannot be decided again.
    assert.equal((await alice.post(decideUrl(id, 'deny'))).status, 200);
    const twice = await alice.post(decideUrl(id, 'approve'), { permission: 'viewer' });
    assert.equal(twice.status, 404);
    assert.equal(twice.body.message, ACCESS_REQUEST_MESSAGES.requestNotFound);
  });

  test("the owner's e-mail is in the owner's language when known", async () => {
    await t.db.updateTable('users').set({ locale: 'de' }).where('username', '=', 'alice').execute();
    await (await clientAs(t.app, 'frank')).post(requestUrl(), {});
    const [mail] = await outbox();
    assert.notEqual(mail.subject, 'Frank Foster asks for access to “Private Strategy”');
    assert.match(mail.subject, /Frank Foster.*Private Strategy/);
    assert.match(mail.html, /<html lang="de">/);
  });

  test('requests are rate limited per user: past the limit 429 with Retry-After and nothing written', async (context) => {
    // An app of its own, with a limit or clock other than the shared app's.
    const t = await createTestApp({ rateLimits: { ...defaultConfig().rateLimits, 'access-request': { max: 2, windowSeconds: 3600 } } });
    context.after(() => t.close());
    const frank = await clientAs(t.app, 'frank');
    assert.equal((await frank.post(requestUrl(), {})).status, 201);
    assert.equal((await frank.post(requestUrl(), {})).status, 200);
    const hash = await dataHasher(t.db);
    const before = await hash();
    const limited = await frank.post(requestUrl(D.productLaunchVideo), {});
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal(await hash(), before);
  });
});
