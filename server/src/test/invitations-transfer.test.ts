import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TRANSFER_MESSAGES } from '../messages/transfer';
import { clientAs, closeTestDatabases, createTestApp, dataHasher, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('transfer of ownership', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('the owner hands the document to a collaborator, stays as editor, and the new owner gets an e-mail', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.post('/api/v4/presentation/transfer/', { oid: QR, email: 'Bob@example.com' });
    assert.equal(res.status, 200, res.text);
    const bob = await clientAs(t.app, 'bob');
    const list = await bob.get(`/api/v1/share/${QR}/permissions/`);
    assert.equal(list.body.individual[0].email, 'bob@example.com');
    assert.equal(list.body.individual[0].is_owner, true);
    const aliceRow = list.body.individual.find((c: { email: string }) => c.email === 'alice@example.com');
    assert.equal(aliceRow.permission, 'editor');
    assert.equal(list.body.individual.filter((c: { email: string }) => c.email === 'bob@example.com').length, 1);
    const [mail] = await t.db.selectFrom('outbox').selectAll().execute();
    assert.equal(mail.to_email, 'bob@example.com');
    assert.equal(mail.subject, 'Alice Anderson made you the owner of “Quarterly Review”');
    assert.match(mail.text, new RegExp(`/editor/${QR}`));
    // The former owner can no longer transfer.
    const again = await alice.post('/api/v4/presentation/transfer/', { oid: QR, email: 'carol@example.com' });
    assert.equal(again.status, 403);
    assert.equal(again.body.message, TRANSFER_MESSAGES.ownerOnly);
  });

  test('every refusal is a 403 with its reason and writes nothing', async () => {
    const hash = await dataHasher(t.db);
    const before = await hash();
    const cases: Array<[string, string, string]> = [
      ['bob', 'carol@example.com', TRANSFER_MESSAGES.ownerOnly],
      ['alice', 'gina@example.com', TRANSFER_MESSAGES.notCollaborator],
      ['alice', 'frank@example.com', TRANSFER_MESSAGES.notCollaborator],
      ['alice', 'alice@example.com', TRANSFER_MESSAGES.self],
    ];
    for (const [who, email, message] of cases) {
      const client = await clientAs(t.app, who);
      const res = await client.post('/api/v4/presentation/transfer/', { oid: QR, email });
      assert.equal(res.status, 403, `${who} → ${email}: ${res.text}`);
      assert.equal(res.body.message, message);
    }
    const stranger = await clientAs(t.app, 'grace');
    assert.equal((await stranger.post('/api/v4/presentation/transfer/', { oid: D.privateStrategy, email: 'bob@example.com' })).status, 404);
    assert.equal((await (await clientAs(t.app, null)).post('/api/v4/presentation/transfer/', { oid: QR, email: 'bob@example.com' })).status, 401);
    assert.equal(await hash(), before);
  });
});
