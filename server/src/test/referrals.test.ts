import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { clientAs, closeTestDatabases, createTestApp, snapshot, TestClient, type TestApp } from '../testing/harness';
import { DEMO_USER_OIDS } from '../db/seed';
import { modeFromEnv } from '../production';
import { mailbox } from '../services/referrals';

after(closeTestDatabases);

const REFERRAL = `/api/v1/referrals/users/${DEMO_USER_OIDS.alice}/campaigns/ai-credits/`;

async function ledger(t: TestApp) {
  return t.db.selectFrom('credit_ledger as l').innerJoin('users as u', 'u.id', 'l.user_id').select(['u.email', 'l.amount', 'l.reason']).orderBy('l.id').execute();
}

/** A visitor who followed alice's referral link (the landing page keeps the token in a cookie). */
async function visitorFromLink(t: TestApp, token: string): Promise<TestClient> {
  const visitor = new TestClient(t.app);
  await visitor.get(`/?referral_token=${encodeURIComponent(token)}`);
  assert.ok(visitor.cookies.has('deck_referral'), 'the landing page keeps the token');
  return visitor;
}

test('mailbox: lower-case, without a +tag', () => {
  assert.equal(mailbox('Alice+Second@Example.com'), 'alice@example.com');
  assert.equal(mailbox('bob@example.com'), 'bob@example.com');
});

describe('referral that pays out (demo sign-up)', () => {
  let t: TestApp;
  let token: string;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    const alice = await clientAs(t.app, 'alice');
    const referral = await alice.get(REFERRAL);
    token = referral.body.tokens.ln;
    assert.deepEqual([referral.body.credits_balance, referral.body.referred_count], [0, 0]);
  });
  after(() => t.close());

  test('a new user through the link is attributed once and both get 200 credits', async () => {
    const visitor = await visitorFromLink(t, token);
    const res = await visitor.post('/dev/sign-up', { first_name: 'Nora', email: 'Nora@Example.com' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.referral, res.body.credits, res.body.user.email], ['credited', 200, 'nora@example.com']);
    assert.ok(!visitor.cookies.has('deck_referral'), 'the token is used up');
    assert.deepEqual(await ledger(t), [
      { email: 'alice@example.com', amount: 200, reason: 'referral_inviter' },
      { email: 'nora@example.com', amount: 200, reason: 'referral_invitee' },
    ]);
    const alice = await clientAs(t.app, 'alice');
    const standing = (await alice.get(REFERRAL)).body;
    assert.deepEqual([standing.credits_balance, standing.referred_count], [200, 1]);
    // The invitee's own panel shows their credits.
    const nora = (await visitor.get('/api/v1/session/')).body.user;
    const own = await visitor.get(`/api/v1/referrals/users/${nora.userOid}/campaigns/ai-credits/`);
    assert.deepEqual([own.body.credits_balance, own.body.referred_count], [200, 0]);
  });

  test('the same person a second time (same mailbox, another account) credits nothing', async () => {
    assert.equal((await (await visitorFromLink(t, token)).post('/dev/sign-up', { first_name: 'Nora', email: 'nora@example.com' })).body.referral, 'credited');
    const before = await ledger(t);
    const again = await (await visitorFromLink(t, token)).post('/dev/sign-up', { first_name: 'Nora', email: 'nora+2@example.com' });
    assert.equal(again.status, 200);
    assert.deepEqual([again.body.referral, again.body.credits], ['already_referred', 0]);
    // The same address again is no sign-up at all.
    const same = await (await visitorFromLink(t, token)).post('/dev/sign-up', { first_name: 'Nora', email: 'nora@example.com' });
    assert.equal(same.status, 403);
    assert.deepEqual(await ledger(t), before);
    const standing = (await (await clientAs(t.app, 'alice')).get(REFERRAL)).body;
    assert.deepEqual([standing.credits_balance, standing.referred_count], [200, 1]);
  });

  test('self-referral is refused: the inviter\'s own mailbox, or signed in as the inviter', async () => {
    const own = await (await visitorFromLink(t, token)).post('/dev/sign-up', { first_name: 'Alice', email: 'alice+alt@example.com' });
    assert.deepEqual([own.status, own.body.referral], [200, 'self_referral']);
    const alice = await clientAs(t.app, 'alice');
    await alice.get(`/?referral_token=${token}`);
    const signedIn = await alice.post('/dev/sign-up', { first_name: 'Other', email: 'someone.else@example.com' });
    assert.deepEqual([signedIn.status, signedIn.body.referral], [200, 'self_referral']);
    assert.deepEqual(await ledger(t), []);
  });

  test('without a link, with an unknown token or bad input: no credits; bad input writes nothing', async () => {
    const plain = await new TestClient(t.app).post('/dev/sign-up', { first_name: 'Pia', email: 'pia@example.com' });
    assert.deepEqual([plain.status, plain.body.referral], [200, 'none']);
    const unknown = await (await visitorFromLink(t, 'no-such-token')).post('/dev/sign-up', { first_name: 'Uma', email: 'uma@example.com' });
    assert.deepEqual([unknown.status, unknown.body.referral], [200, 'unknown_token']);
    const visitor = await visitorFromLink(t, token);
    const before = await snapshot(t.db);
    for (const body of [{ first_name: '', email: 'x@example.com' }, { first_name: 'X', email: 'not-an-address' }, { first_name: 'X', email: 'x@example.com', admin: true }]) {
      assert.equal((await visitor.post('/dev/sign-up', body)).status, 400, JSON.stringify(body));
    }
    assert.deepEqual(await snapshot(t.db), before);
    assert.deepEqual(await ledger(t), []);
  });

  test('a forged referral cookie is ignored', async () => {
    const visitor = new TestClient(t.app);
    visitor.cookies.set('deck_referral', token);
    const res = await visitor.post('/dev/sign-up', { first_name: 'Fay', email: 'fay@example.com' });
    assert.equal(res.body.referral, 'none');
  });
});

describe('referral that pays out (first sign-in in production mode)', () => {
  const ISSUER = 'https://host.example';
  const AUDIENCE = 'deck-sharing';
  const SECRET = 'host-secret-host-secret-host-secret-0123';
  const env = { DECK_PRODUCTION: '1', SESSION_SECRET: 'session-secret-session-secret-session-0123', HOST_IDENTITY_SECRET: SECRET, HOST_IDENTITY_ISSUER: ISSUER, HOST_IDENTITY_AUDIENCE: AUDIENCE };
  const hostToken = (subject: string, email: string) =>
    new SignJWT({ email, email_verified: true, given_name: 'Hana', family_name: 'Host' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(randomUUID())
      .setSubject(subject)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode(SECRET));
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ ...modeFromEnv(env), publicOrigin: 'https://deck.example' });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('the first sign-in through the link credits both once; later sign-ins and existing users do not', async () => {
    const alice = await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    await t.db.insertInto('referral_tokens').values({ user_id: alice.id, campaign: 'ai-credits', ln_token: 'alicelinktoken', email_token: 'alicemailtoken' }).execute();
    const hana = await visitorFromLink(t, 'alicelinktoken');
    assert.equal((await hana.post('/api/v1/session/', { token: await hostToken('host-1', 'hana@example.com') })).status, 200);
    assert.ok(!hana.cookies.has('deck_referral'));
    // Signing in again (another browser, through the link again) is not a sign-up.
    const again = await visitorFromLink(t, 'alicelinktoken');
    assert.equal((await again.post('/api/v1/session/', { token: await hostToken('host-1', 'hana@example.com') })).status, 200);
    // An existing account taken over by e-mail is not new either.
    const bob = await visitorFromLink(t, 'alicelinktoken');
    assert.equal((await bob.post('/api/v1/session/', { token: await hostToken('host-2', 'bob@example.com') })).status, 200);
    assert.deepEqual(await ledger(t), [
      { email: 'alice@example.com', amount: 200, reason: 'referral_inviter' },
      { email: 'hana@example.com', amount: 200, reason: 'referral_invitee' },
    ]);
  });

  test("the inviter's own session exchanging a second host account's token through their own link credits nobody", async () => {
    const alice = await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
    await t.db.insertInto('referral_tokens').values({ user_id: alice.id, campaign: 'ai-credits', ln_token: 'alicelinktoken', email_token: 'alicemailtoken' }).execute();
    const inviter = await visitorFromLink(t, 'alicelinktoken');
    assert.equal((await inviter.post('/api/v1/session/', { token: await hostToken('host-alice', 'alice@example.com') })).status, 200);
    // Alice, still signed in, follows her own link again and signs in as another account of the host's.
    await inviter.get('/?referral_token=alicelinktoken');
    const second = await inviter.post('/api/v1/session/', { token: await hostToken('host-alice-2', 'alice.second@example.org') });
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.user.email, 'alice.second@example.org', 'the second account is created');
    assert.deepEqual(await ledger(t), []);
  });
});
