import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { captureLogs } from '../testing/log-capture';
import { settableClock } from '../clock';
import { clientAs, closeTestDatabases, createTestApp, snapshot, TestClient, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { freePort, serverProcessArgs } from '../testing/server-process';
import { modeFromEnv, StartupError, trustProxyFromEnv } from '../production';
import type { IdentityConfig } from '../config';

after(closeTestDatabases);

const ISSUER = 'https://host.example';
const AUDIENCE = 'deck-sharing';
const HOST_SECRET = 'host-secret-host-secret-host-secret-0123';
const SESSION_SECRET = 'session-secret-session-secret-session-0123';

const PRODUCTION_ENV = {
  DECK_PRODUCTION: '1',
  SESSION_SECRET,
  HOST_IDENTITY_SECRET: HOST_SECRET,
  HOST_IDENTITY_ISSUER: ISSUER,
  HOST_IDENTITY_AUDIENCE: AUDIENCE,
};

interface TokenOptions {
  secret?: string;
  issuer?: string;
  audience?: string;
  expiresIn?: string | number;
  issuedAt?: number;
  claims?: Record<string, unknown>;
  subject?: string;
  jti?: string;
}

function hostToken(o: TokenOptions = {}): Promise<string> {
  const jwt = new SignJWT({ email: 'Hana.Host@Example.com', email_verified: true, given_name: 'Hana', family_name: 'Host', ...o.claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(o.jti ?? randomUUID())
    .setSubject(o.subject ?? 'host-user-1')
    .setIssuer(o.issuer ?? ISSUER)
    .setAudience(o.audience ?? AUDIENCE)
    .setIssuedAt(o.issuedAt)
    .setExpirationTime(o.expiresIn ?? '2m');
  return jwt.sign(new TextEncoder().encode(o.secret ?? HOST_SECRET));
}

async function exchange(c: TestClient, token: string) {
  return c.post('/api/v1/session/', { token });
}

describe('production mode: settings', () => {
  test('DECK_PRODUCTION=1 refuses to start without a long SESSION_SECRET and a host identity key', () => {
    const without = (name: string) => Object.fromEntries(Object.entries(PRODUCTION_ENV).filter(([k]) => k !== name));
    const refusals: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [without('SESSION_SECRET'), /SESSION_SECRET is required/],
      [{ ...PRODUCTION_ENV, SESSION_SECRET: 'short' }, /SESSION_SECRET must be at least 32 characters/],
      [without('HOST_IDENTITY_SECRET'), /needs HOST_IDENTITY_SECRET or HOST_IDENTITY_JWKS_URL/],
      [{ ...PRODUCTION_ENV, HOST_IDENTITY_SECRET: 'short' }, /HOST_IDENTITY_SECRET must be at least 32/],
      [without('HOST_IDENTITY_AUDIENCE'), /HOST_IDENTITY_ISSUER and HOST_IDENTITY_AUDIENCE are required/],
      [{ ...PRODUCTION_ENV, HOST_IDENTITY_JWKS_URL: 'https://host.example/jwks' }, /not both/],
      [{ ...without('HOST_IDENTITY_SECRET'), HOST_IDENTITY_JWKS_URL: 'http://host.example/jwks' }, /must use https/],
      [{ ...PRODUCTION_ENV, DECK_TEST_MODE: '1' }, /DECK_TEST_MODE cannot be used/],
    ];
    for (const [env, message] of refusals) assert.throws(() => modeFromEnv(env), (err: unknown) => err instanceof StartupError && message.test(err.message));

    const mode = modeFromEnv(PRODUCTION_ENV);
    assert.equal(mode.production, true);
    assert.equal(mode.devSignIn, false);
    assert.equal(mode.testMode, false);
    assert.equal(mode.secureCookies, true);
    assert.equal(mode.trustProxy, false);
    assert.equal(mode.sessionSecret, SESSION_SECRET);
    // Without DECK_PRODUCTION the demo keeps its dev sign-in.
    assert.equal(modeFromEnv({}).production, undefined);
  });

  test('DECK_PRODUCTION: 1 or true is production, unset or empty the demo, any other value refuses to start', () => {
    assert.equal(modeFromEnv({ ...PRODUCTION_ENV, DECK_PRODUCTION: 'true' }).production, true);
    assert.equal(modeFromEnv({ ...PRODUCTION_ENV, DECK_PRODUCTION: '' }).production, undefined);
    for (const value of ['yes', 'TRUE', 'on', 'True', '0', 'false', ' 1']) {
      assert.throws(
        () => modeFromEnv({ ...PRODUCTION_ENV, DECK_PRODUCTION: value }),
        (err: unknown) => err instanceof StartupError && /DECK_PRODUCTION=.* is not understood: set DECK_PRODUCTION=1/.test(err.message),
        value,
      );
    }
  });

  test('TRUST_PROXY: none unless configured, and only as a list of proxy addresses or CIDRs', () => {
    assert.equal(trustProxyFromEnv(undefined), false);
    assert.equal(trustProxyFromEnv('0'), false);
    assert.deepEqual(trustProxyFromEnv('10.0.0.1, 192.168.0.0/16, ::1, fd00::/8, loopback'), ['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
    for (const value of ['1', 'true']) {
      assert.throws(() => trustProxyFromEnv(value), (err: unknown) => err instanceof StartupError && /TRUST_PROXY=.* would believe X-Forwarded-For from anyone.*list the addresses or CIDRs/.test(err.message), value);
      assert.throws(() => modeFromEnv({ ...PRODUCTION_ENV, TRUST_PROXY: value }), StartupError, value);
    }
    for (const value of ['balancer.internal', '10.0.0.0/33', '10.0.0.1/8/8', '2']) {
      assert.throws(() => trustProxyFromEnv(value), (err: unknown) => err instanceof StartupError && err.message.startsWith('TRUST_PROXY:'), value);
    }
  });

  test('every configuration problem is reported at once, each naming its variable', () => {
    const env = { DECK_PRODUCTION: 'yes', SESSION_SECRET: 'short', TRUST_PROXY: 'true', HOST_IDENTITY_SECRET: HOST_SECRET } as NodeJS.ProcessEnv;
    assert.throws(
      () => modeFromEnv(env),
      (err: unknown) => {
        assert.ok(err instanceof StartupError);
        const names = err.problems.map((p) => p.match(/^[A-Z_]+/)?.[0]);
        assert.deepEqual(names, ['DECK_PRODUCTION', 'TRUST_PROXY', 'HOST_IDENTITY_ISSUER', 'SESSION_SECRET']);
        return true;
      },
    );
  });

  test('the server process exits with a clear message when SESSION_SECRET is missing', () => {
    const env = { ...process.env, ...PRODUCTION_ENV, PORT: '0', HOST: '127.0.0.1' } as NodeJS.ProcessEnv;
    delete env.SESSION_SECRET;
    const run = spawnSync(process.execPath, serverProcessArgs(), { env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { level: string; msg: string; variable?: string });
    const secret = lines.find((line) => line.variable === 'SESSION_SECRET');
    assert.equal(secret?.level, 'fatal');
    assert.equal(secret?.msg, 'Cannot start: SESSION_SECRET is required when DECK_PRODUCTION=1.');
  });
});

describe('production mode: routes and host identity', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ ...modeFromEnv(PRODUCTION_ENV), publicOrigin: 'https://deck.example', hostSignIn: { url: 'https://host.example/login?next={return}' }, now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date();
    await t.reset();
  });
  after(() => t.close());

  test('no dev sign-in, sign-out or reset, and no demo listing, signed in or not', async () => {
    const anonymous = new TestClient(t.app);
    for (const url of ['/dev/sign-in?user=alice&next=/', '/dev/sign-out', '/api/v1/demo/']) {
      assert.equal((await anonymous.get(url)).status, 404, url);
    }
    assert.equal((await anonymous.post('/dev/reset')).status, 404);
    // The pages learn that there is no demo here, and where the host signs people in.
    const config = (await anonymous.get('/config.json')).body;
    assert.equal(config.demo, false);
    assert.equal(config.hostSignInUrl, 'https://host.example/login?next={return}');
    const hana = new TestClient(t.app);
    assert.equal((await exchange(hana, await hostToken())).status, 200);
    assert.equal((await hana.get('/api/v1/demo/')).status, 404);
  });

  test("the server's clock cannot be set: no /dev/clock, and no settable clock even if test mode were on", async () => {
    const anonymous = new TestClient(t.app);
    assert.equal((await anonymous.post('/dev/clock', { now: '2030-01-01T00:00:00Z' })).status, 404);
    assert.throws(() => settableClock(() => new Date(), { production: true }), /no settable clock/);
    // Production mode refuses DECK_TEST_MODE at start (above); a configuration that still carried it gets no clock.
    const forced = await createTestApp({ ...modeFromEnv(PRODUCTION_ENV), publicOrigin: 'https://deck.example', testMode: true });
    try {
      assert.equal((await new TestClient(forced.app).post('/dev/clock', { now: '2030-01-01T00:00:00Z' })).status, 404);
    } finally {
      await forced.close();
    }
  });

  test('cookies are Secure', async () => {
    const res = await new TestClient(t.app).get('/api/v1/session/');
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] as string[]);
    assert.equal(cookies.length, 2);
    for (const cookie of cookies) assert.match(cookie, /; Secure/);
  });

  test('a valid host token signs in: the user is created on first sight and reused after', async () => {
    const usersBefore = (await t.db.selectFrom('users').select('id').execute()).length;
    const first = new TestClient(t.app);
    const res = await exchange(first, await hostToken());
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.user.email, 'hana.host@example.com');
    assert.equal(res.body.user.firstName, 'Hana');
    assert.equal(res.body.user.lastName, 'Host');
    assert.equal((await first.get('/api/v1/session/')).body.user.email, 'hana.host@example.com');
    const row = await t.db.selectFrom('users').selectAll().where('email', '=', 'hana.host@example.com').executeTakeFirstOrThrow();
    assert.equal(row.identity_issuer, ISSUER);
    assert.equal(row.identity_subject, 'host-user-1');

    // Later, elsewhere, with a new name: the same user, renamed.
    const second = new TestClient(t.app);
    const again = await exchange(second, await hostToken({ claims: { given_name: undefined, family_name: undefined, name: 'Hana Q. Hostess' } }));
    assert.equal(again.status, 200);
    assert.equal(again.body.user.userId, row.id);
    assert.equal(again.body.user.firstName, 'Hana Q.');
    assert.equal(again.body.user.lastName, 'Hostess');
    assert.equal((await t.db.selectFrom('users').select('id').execute()).length, usersBefore + 1);

    // The token's language and time zone (OpenID Connect's `locale`, `zoneinfo`) are what the user's e-mails are
    // written in; a token without them erases nothing, an unknown zone is ignored.
    assert.equal((await exchange(new TestClient(t.app), await hostToken({ claims: { locale: 'ja-JP', zoneinfo: 'Asia/Tokyo' } }))).status, 200);
    assert.equal((await exchange(new TestClient(t.app), await hostToken({ claims: { zoneinfo: 'Mars/Olympus' } }))).status, 200);
    const reading = await t.db.selectFrom('users').select(['locale', 'time_zone']).where('id', '=', row.id).executeTakeFirstOrThrow();
    assert.deepEqual(reading, { locale: 'ja-JP', time_zone: 'Asia/Tokyo' });

    // A signed-in session works for mutations like any other.
    const referral = await second.get(`/api/v1/referrals/users/${row.oid}/campaigns/spring/`);
    assert.equal(referral.status, 200);
  });

  test('a new user receives the invitations waiting for their e-mail address', async () => {
    const doc = await t.db.selectFrom('documents').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('collaborators').values({ document_id: doc.id, user_id: null, email: 'hana.host@example.com', permission: 'viewer', invited_by: null }).execute();
    const res = await exchange(new TestClient(t.app), await hostToken());
    const pending = await t.db.selectFrom('collaborators').select('user_id').where('email', '=', 'hana.host@example.com').executeTakeFirstOrThrow();
    assert.equal(pending.user_id, res.body.user.userId);
  });

  test('an expired, badly signed, wrong-audience, wrong-issuer, too old or incomplete token is refused and writes nothing', async () => {
    const before = await snapshot(t.db);
    const now = Math.floor(clock.getTime() / 1000);
    const cases: Array<[string, Promise<string> | string, RegExp]> = [
      ['expired', hostToken({ issuedAt: now - 120, expiresIn: now - 60 }), /has expired/],
      ['other secret', hostToken({ secret: 'another-secret-another-secret-0123456' }), /bad signature/],
      ['wrong audience', hostToken({ audience: 'someone-else' }), /"aud" claim/],
      ['wrong issuer', hostToken({ issuer: 'https://evil.example' }), /"iss" claim/],
      ['issued long ago', hostToken({ issuedAt: now - 3600, expiresIn: now + 3600 }), /issued too long ago/],
      ['no e-mail', hostToken({ claims: { email: undefined } }), /"email" claim/],
      ['bad e-mail', hostToken({ claims: { email: 'not-an-address' } }), /"email" claim/],
      ['not a token', 'not.a.token', /not valid/],
      ['unsigned', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'x', iss: ISSUER, aud: AUDIENCE, email: 'x@example.com', iat: now, exp: now + 60 })).toString('base64url')}.`, /not valid/],
    ];
    for (const [what, token, message] of cases) {
      const c = new TestClient(t.app);
      const res = await exchange(c, await token);
      assert.equal(res.status, 401, `${what}: ${res.text}`);
      assert.equal(res.body.code, 'INVALID_IDENTITY_TOKEN', what);
      assert.match(res.body.message, message, what);
      assert.deepEqual((await c.get('/api/v1/session/')).body, { user: null }, what);
    }
    const after = await snapshot(t.db);
    assert.deepEqual(after.users, before.users);
  });

  test('an address the host has not verified joins no existing account and receives no waiting invitation', async () => {
    const alice = await t.db.selectFrom('users').select(['id', 'identity_subject']).where('username', '=', 'alice').executeTakeFirstOrThrow();
    assert.equal(alice.identity_subject, null, 'alice was never named by the host');
    for (const claims of [{ email: 'alice@example.com', email_verified: false }, { email: 'alice@example.com', email_verified: undefined }]) {
      const before = await snapshot(t.db);
      const c = new TestClient(t.app);
      const res = await exchange(c, await hostToken({ subject: 'intruder', claims }));
      assert.equal(res.status, 409, res.text);
      assert.equal(res.body.code, 'IDENTITY_EMAIL_UNVERIFIED');
      assert.deepEqual(await snapshot(t.db), before, 'nothing written');
      assert.deepEqual((await c.get('/api/v1/session/')).body, { user: null });
    }
    // A new user with an unverified address is made, but the invitation waiting for that address stays waiting.
    const doc = await t.db.selectFrom('documents').select('id').orderBy('id').executeTakeFirstOrThrow();
    await t.db.insertInto('collaborators').values({ document_id: doc.id, user_id: null, email: 'hana.host@example.com', permission: 'viewer', invited_by: null }).execute();
    const unverified = await exchange(new TestClient(t.app), await hostToken({ claims: { email_verified: false } }));
    assert.equal(unverified.status, 200, unverified.text);
    const pending = await t.db.selectFrom('collaborators').select('user_id').where('email', '=', 'hana.host@example.com').executeTakeFirstOrThrow();
    assert.equal(pending.user_id, null);
    // Verified ("true" as a string too, as some providers send it), the existing account is joined.
    const verified = await exchange(new TestClient(t.app), await hostToken({ subject: 'host-alice', claims: { email: 'alice@example.com', email_verified: 'true' } }));
    assert.equal(verified.status, 200, verified.text);
    assert.equal(verified.body.user.userId, alice.id);
  });

  test('a token signs in once: the same token again is refused, with or without a jti', async () => {
    const withJti = await hostToken({ jti: 'one-time-jti' });
    assert.equal((await exchange(new TestClient(t.app), withJti)).status, 200);
    const replayed = await exchange(new TestClient(t.app), withJti);
    assert.equal(replayed.status, 401);
    assert.equal(replayed.body.code, 'INVALID_IDENTITY_TOKEN');
    assert.match(replayed.body.message, /used already/);
    // Another token with the same jti is the same token.
    assert.equal((await exchange(new TestClient(t.app), await hostToken({ jti: 'one-time-jti', subject: 'someone-else' }))).status, 401);

    const withoutJti = await new SignJWT({ email: 'nojti@example.com', email_verified: true })
      .setProtectedHeader({ alg: 'HS256' }).setSubject('no-jti').setIssuer(ISSUER).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('2m')
      .sign(new TextEncoder().encode(HOST_SECRET));
    assert.equal((await exchange(new TestClient(t.app), withoutJti)).status, 200);
    assert.equal((await exchange(new TestClient(t.app), withoutJti)).status, 401);
  });

  test('the subject is stored whole: never trimmed or cut, and refused when longer than 255 characters', async () => {
    const long = 'a'.repeat(200);
    const first = await exchange(new TestClient(t.app), await hostToken({ subject: `${long}b`, claims: { email: 'first@example.com' } }));
    const second = await exchange(new TestClient(t.app), await hostToken({ subject: `${long}c`, claims: { email: 'second@example.com' } }));
    const spaced = await exchange(new TestClient(t.app), await hostToken({ subject: ` ${long}b `, claims: { email: 'third@example.com' } }));
    assert.deepEqual([first.status, second.status, spaced.status], [200, 200, 200], second.text + spaced.text);
    assert.equal(new Set([first.body.user.userId, second.body.user.userId, spaced.body.user.userId]).size, 3, 'three subjects, three users');
    const stored = await t.db.selectFrom('users').select('identity_subject').where('email', '=', 'third@example.com').executeTakeFirstOrThrow();
    assert.equal(stored.identity_subject, ` ${long}b `);
    const before = await snapshot(t.db);
    const tooLong = await exchange(new TestClient(t.app), await hostToken({ subject: 'x'.repeat(256), claims: { email: 'long@example.com' } }));
    assert.equal(tooLong.status, 401);
    assert.match(tooLong.body.message, /"sub" claim is longer than 255 characters/);
    assert.deepEqual(await snapshot(t.db), before);
  });

  test('a name with a line break or another control character is refused', async () => {
    for (const claims of [{ given_name: 'Hana\nAccept: https://evil.example' }, { family_name: 'Host\r' }, { given_name: undefined, family_name: undefined, name: 'Hana\u2028Host' }]) {
      const res = await exchange(new TestClient(t.app), await hostToken({ claims }));
      assert.equal(res.status, 401, JSON.stringify(claims));
      assert.match(res.body.message, /contains a line break or another control character/);
    }
  });

  test("an owner is shown by name: no answer to an anonymous visitor carries the owner's e-mail address", async () => {
    const hana = await exchange(new TestClient(t.app), await hostToken());
    assert.equal(hana.status, 200);
    const qr = await t.db.selectFrom('documents').select(['id', 'oid']).where('title', '=', 'Quarterly Review').executeTakeFirstOrThrow();
    await t.db.updateTable('documents').set({ owner_id: hana.body.user.userId, privacy: 'open', published: true }).where('id', '=', qr.id).execute();
    const visitor = new TestClient(t.app);
    const answers = [
      await visitor.get(`/api/v4/presentation/${qr.oid}/?fields=owner`),
      await visitor.get(`/api/v4/presentation/${qr.oid}/`),
      await visitor.post('/api/v4/presentation/search/', { query: 'Quarterly' }),
    ];
    for (const answer of answers) {
      assert.equal(answer.status, 200, answer.text);
      assert.ok(!answer.text.toLowerCase().includes('hana.host@example.com'), answer.text);
    }
    assert.equal(answers[0].body.owner.firstName, 'Hana');
    assert.equal(answers[0].body.owner.username, hana.body.user.userOid, 'the username is the opaque user id');
  });

  test('the exchange needs the CSRF token (no login CSRF)', async () => {
    const c = new TestClient(t.app);
    const refused = await c.post('/api/v1/session/', { token: await hostToken() }, { csrf: false });
    assert.equal(refused.status, 403);
  });

  test('X-Forwarded-* headers are not believed without TRUST_PROXY', async () => {
    const c = new TestClient(t.app);
    const res = await exchange(c, await hostToken());
    const forwarded = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', host: 'deck.internal' };
    // Were X-Forwarded-Host believed, the Origin check would take evil.example for this server's own origin.
    const refused = await c.request('POST', '/api/v1/session/', { body: { token: await hostToken() }, headers: { ...forwarded, origin: 'https://evil.example' } });
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.body.code, 'ORIGIN_NOT_ALLOWED');
    const taken = await c.request('POST', '/api/v1/session/', { body: { token: await hostToken() }, headers: { ...forwarded, origin: 'https://deck.internal' } });
    assert.equal(taken.status, 200, taken.text);
    // Links never follow a request header in production: PUBLIC_ORIGIN (public-origin.test.ts holds every route).
    const referral = await c.request('GET', `/api/v1/referrals/users/${res.body.user.userOid}/campaigns/spring/`, { headers: forwarded });
    assert.match(referral.body.invitation_link, /^https:\/\/deck\.example\//);
  });
});

/**
 * ID tokens as panva's oidc-provider issues them: RS256 with a `kid`, `typ: JWT`, `iss`, `aud`, `sub`, `email`,
 * `email_verified`, `iat`, an hour's `exp`, `auth_time`, `at_hash`, and no `jti` unless asked for.
 */
describe('host identity with OpenID provider ID tokens', () => {
  let t: TestApp;
  let privateKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'oidc-key-1', alg: 'RS256', use: 'sig' };
    const identity: IdentityConfig = { issuer: ISSUER, audience: AUDIENCE, jwks: createLocalJWKSet({ keys: [jwk] }), maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 };
    t = await createTestApp({ identity });
  });
  beforeEach(() => t.reset());
  after(() => t.close());

  function idToken(claims: Record<string, unknown> & { sub: string }, jti?: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const { sub, ...rest } = claims;
    const jwt = new SignJWT({ at_hash: randomBytes(16).toString('base64url'), auth_time: now - 10, ...rest })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'oidc-key-1' })
      .setSubject(sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 3600);
    return (jti ? jwt.setJti(jti) : jwt).sign(privateKey);
  }

  const PRIVATE = D.privateStrategy;
  const collaboratorRow = (email: string) =>
    t.db.selectFrom('collaborators as c').innerJoin('documents as d', 'd.id', 'c.document_id').select(['c.user_id', 'c.permission']).where('d.oid', '=', PRIVATE).where('c.email', '=', email).executeTakeFirst();

  test('an identity that only claims an address owns nothing of it: no share, no invitation, no access request, no hold on the address', async () => {
    const mallory = new TestClient(t.app);
    const claimed = await exchange(mallory, await idToken({ sub: 'mallory', email: 'victim@example.com', email_verified: false }));
    assert.equal(claimed.status, 200, claimed.text);
    // The owner shares a closed document with the address afterwards: it waits for the address's owner.
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'victim@example.com', permission: 'editor' })).status, 200);
    assert.equal((await collaboratorRow('victim@example.com'))?.user_id, null, 'the share is not bound to the claimant');
    assert.equal((await mallory.get(`/api/v4/presentation/${PRIVATE}/`)).status, 403);
    // Nor can the claimant take it with the accept link (had it reached them), or ask for access in the address's name.
    const mail = await t.db.selectFrom('outbox').select('text').where('to_email', '=', 'victim@example.com').executeTakeFirstOrThrow();
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    const accept = await mallory.post('/api/v4/presentation/invitation/', { token });
    assert.equal(accept.status, 403, accept.text);
    assert.equal(accept.body.code, 'EMAIL_UNVERIFIED');
    assert.equal(accept.body.message_code, 'invitation_unverified_address');
    const asked = await mallory.post(`/api/v4/presentation/${PRIVATE}/access-request/`, {});
    assert.equal(asked.status, 403, asked.text);
    assert.equal(asked.body.code, 'EMAIL_UNVERIFIED');
    assert.equal((await mallory.get(`/api/v4/presentation/${PRIVATE}/`)).status, 403);

    // The address's real owner signs in, verified: their own account (no 409), which receives the waiting share.
    const victim = new TestClient(t.app);
    const owner = await exchange(victim, await idToken({ sub: 'victim', email: 'Victim@Example.com', email_verified: true }));
    assert.equal(owner.status, 200, owner.text);
    assert.notEqual(owner.body.user.userId, claimed.body.user.userId);
    assert.deepEqual(await collaboratorRow('victim@example.com'), { user_id: owner.body.user.userId, permission: 'editor' });
    assert.equal((await victim.get(`/api/v4/presentation/${PRIVATE}/`)).status, 200);
    // The claimant comes back: still nothing, and no conflict for either.
    const again = new TestClient(t.app);
    assert.equal((await exchange(again, await idToken({ sub: 'mallory', email: 'victim@example.com', email_verified: false }))).status, 200);
    assert.equal((await again.get(`/api/v4/presentation/${PRIVATE}/`)).status, 403);
    assert.equal((await exchange(new TestClient(t.app), await idToken({ sub: 'victim', email: 'victim@example.com', email_verified: true }))).status, 200);
  });

  test('a returning account keeps its verified address when a token only claims another; a verified change brings what waited for it', async () => {
    const first = await exchange(new TestClient(t.app), await idToken({ sub: 'rita', email: 'rita@example.com', email_verified: true }));
    assert.equal(first.status, 200, first.text);
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'rita.new@example.com', permission: 'viewer', notify: false })).status, 200);
    // An unverified claim of another address changes nothing of the address.
    const rita = new TestClient(t.app);
    const claimed = await exchange(rita, await idToken({ sub: 'rita', email: 'rita.new@example.com', email_verified: false, given_name: 'Rita' }));
    assert.equal(claimed.status, 200, claimed.text);
    assert.equal(claimed.body.user.email, 'rita@example.com');
    assert.equal(claimed.body.user.firstName, 'Rita', 'the name still follows the token');
    assert.equal((await collaboratorRow('rita.new@example.com'))?.user_id, null);
    assert.equal((await rita.get(`/api/v4/presentation/${PRIVATE}/`)).status, 403);
    // Verified, the new address is hers, with the share that waited for it.
    const verified = await exchange(rita, await idToken({ sub: 'rita', email: 'rita.new@example.com', email_verified: true }));
    assert.equal(verified.body.user.email, 'rita.new@example.com');
    assert.equal((await collaboratorRow('rita.new@example.com'))?.user_id, first.body.user.userId);
    assert.equal((await rita.get(`/api/v4/presentation/${PRIVATE}/`)).status, 200);
    // An address another account owns, even vouched for, is a conflict.
    const taken = await exchange(new TestClient(t.app), await idToken({ sub: 'rita', email: 'bob@example.com', email_verified: true }));
    assert.equal(taken.status, 409, taken.text);
    assert.equal(taken.body.code, 'IDENTITY_EMAIL_TAKEN');
  });

  test('a token without jti is remembered by what it signs: no other encoding of it is taken, before or after its one use', async () => {
    const token = await idToken({ sub: 'sam', email: 'sam@example.com', email_verified: true });
    const [header, claims, signature] = token.split('.');
    // A base64url character with its unused low bits set reads as the same bytes.
    const strayBits = (segment: string) => {
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const unused = [0, 0, 4, 2][segment.length % 4];
      assert.ok(unused > 0, 'the segment has unused bits');
      return segment.slice(0, -1) + alphabet[alphabet.indexOf(segment.at(-1)!) | ((1 << unused) - 1)];
    };
    const reencoded = [
      `${token} `,
      `${token}\n`,
      `\t${token}`,
      `${token}=`,
      `${header}.${claims}.${signature}==`,
      `${header}.${claims}.${strayBits(signature)}`,
      ...[header, claims].filter((segment) => segment.length % 4 !== 0).map((segment) => token.replace(segment, strayBits(segment))),
    ];
    const before = await snapshot(t.db);
    for (const copy of reencoded) {
      const res = await exchange(new TestClient(t.app), copy);
      assert.equal(res.status, 401, `${JSON.stringify(copy.slice(-6))}: ${res.text}`);
      assert.equal(res.body.code, 'INVALID_IDENTITY_TOKEN');
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing written');
    assert.equal((await exchange(new TestClient(t.app), token)).status, 200);
    for (const copy of [token, ...reencoded]) assert.equal((await exchange(new TestClient(t.app), copy)).status, 401, JSON.stringify(copy.slice(-6)));
    // The same claims signed again are the same token; a jti names a token whatever else it says.
    const withJti = await idToken({ sub: 'sam', email: 'sam@example.com', email_verified: true }, 'jti-1');
    assert.equal((await exchange(new TestClient(t.app), withJti)).status, 200);
    assert.equal((await exchange(new TestClient(t.app), await idToken({ sub: 'sam2', email: 'sam2@example.com' }, 'jti-1'))).status, 401);
  });

  test('every claim passes the input guard: NUL or a lone surrogate is a 401, never a 500, and never makes two subjects one account', async () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 40; i++) deep = [deep];
    const cases: Array<[string, Record<string, unknown> & { sub: string }, RegExp]> = [
      ['NUL in sub', { sub: 'nul\u0000sub', email: 'nul@example.com' }, /NUL character/],
      ['lone high surrogate in sub', { sub: 'twin\ud800', email: 'twin1@example.com' }, /lone UTF-16 surrogate/],
      ['lone low surrogate in sub', { sub: 'twin\udc00', email: 'twin2@example.com' }, /lone UTF-16 surrogate/],
      ['lone surrogate in a name', { sub: 'named', email: 'named@example.com', given_name: 'Ann\ud800' }, /lone UTF-16 surrogate/],
      ['NUL in the e-mail', { sub: 'mail', email: 'ann\u0000@example.com' }, /NUL character|"email" claim/],
      ['NUL in another claim', { sub: 'groups', email: 'groups@example.com', groups: ['staff\u0000'] }, /NUL character/],
      ['a lone surrogate in a claim name', { sub: 'keys', email: 'keys@example.com', ['x\udfff']: 1 }, /lone UTF-16 surrogate/],
      ['claims nested too deeply', { sub: 'deep', email: 'deep@example.com', deep }, /nested too deeply/],
    ];
    const before = await snapshot(t.db);
    for (const [what, claims, message] of cases) {
      const res = await exchange(new TestClient(t.app), await idToken({ email_verified: true, ...claims }));
      assert.equal(res.status, 401, `${what}: ${res.text}`);
      assert.equal(res.body.code, 'INVALID_IDENTITY_TOKEN', what);
      assert.match(res.body.message, message, what);
    }
    assert.deepEqual(await snapshot(t.db), before, 'no account made');
  });
});

describe('host identity through a JWKS', () => {
  let server: Server;
  let jwk: JWK;
  let privateKey: CryptoKey;
  before(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'ES256' };
    server = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const signed = (key: CryptoKey, kid = 'k1') =>
    new SignJWT({ email: 'kim@example.com', name: 'Kim' })
      .setProtectedHeader({ alg: 'ES256', kid })
      .setSubject('kim')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(key);

  test('an unreachable key set answers 503 and is logged with its reason; nothing is written', async () => {
    const url = `http://127.0.0.1:${await freePort()}/jwks.json`;
    const identity = modeFromEnv({ ...PRODUCTION_ENV, HOST_IDENTITY_SECRET: undefined, HOST_IDENTITY_JWKS_URL: url }).identity!;
    const logs = captureLogs();
    const t = await createTestApp({ identity }, { logger: logs.logger });
    try {
      const before = await snapshot(t.db);
      const res = await exchange(new TestClient(t.app), await signed(privateKey));
      assert.equal(res.status, 503, res.text);
      assert.equal(res.body.code, 'IDENTITY_KEYS_UNAVAILABLE');
      assert.equal(res.headers['retry-after'], '5');
      assert.deepEqual(await snapshot(t.db), before);
      const line = logs.lines().find((l) => l.msg?.startsWith('identity keys unavailable'));
      assert.ok(line, logs.text());
      assert.equal(line.level, 'error');
      assert.match(String(line.reason), /fetch failed: ECONNREFUSED/);
      assert.equal(line.jwks_url, url);
    } finally {
      await t.close();
    }
  });

  test('an ECDSA signature in its other form (s as n − s) signs the same token: once used, refused', async () => {
    const identity: IdentityConfig = { issuer: ISSUER, audience: AUDIENCE, jwks: createLocalJWKSet({ keys: [jwk] }), maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 };
    const t = await createTestApp({ identity });
    try {
      const token = await signed(privateKey);
      const [header, claims, signature] = token.split('.');
      const bytes = Buffer.from(signature, 'base64url');
      const order = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
      const s = BigInt(`0x${bytes.subarray(32).toString('hex')}`);
      const other = Buffer.concat([bytes.subarray(0, 32), Buffer.from((order - s).toString(16).padStart(64, '0'), 'hex')]);
      const twin = `${header}.${claims}.${other.toString('base64url')}`;
      assert.notEqual(twin, token);
      assert.equal((await exchange(new TestClient(t.app), token)).status, 200);
      const replayed = await exchange(new TestClient(t.app), twin);
      assert.equal(replayed.status, 401, replayed.text);
      assert.match(replayed.body.message, /used already/, 'the twin signature verifies: only the remembered use refuses it');
    } finally {
      await t.close();
    }
  });

  for (const source of ['served JWKS URL', 'local key set'] as const) {
    test(`${source}: a token signed with the host's key signs in; another key is refused`, async () => {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks.json`;
      const identity: IdentityConfig =
        source === 'served JWKS URL'
          ? modeFromEnv({ ...PRODUCTION_ENV, HOST_IDENTITY_SECRET: undefined, HOST_IDENTITY_JWKS_URL: url }).identity!
          : { issuer: ISSUER, audience: AUDIENCE, jwks: createLocalJWKSet({ keys: [jwk] }), maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 };
      const t = await createTestApp({ identity });
      try {
        const ok = await exchange(new TestClient(t.app), await signed(privateKey));
        assert.equal(ok.status, 200, ok.text);
        assert.equal(ok.body.user.email, 'kim@example.com');
        const stranger = (await generateKeyPair('ES256')).privateKey;
        const bad = await exchange(new TestClient(t.app), await signed(stranger));
        assert.equal(bad.status, 401);
        // An HS256 token made with the public key as secret (algorithm confusion) is refused.
        const confused = await new SignJWT({ email: 'kim@example.com' })
          .setProtectedHeader({ alg: 'HS256', kid: 'k1' })
          .setSubject('kim').setIssuer(ISSUER).setAudience(AUDIENCE).setIssuedAt().setExpirationTime('2m')
          .sign(new TextEncoder().encode(JSON.stringify(jwk)));
        assert.equal((await exchange(new TestClient(t.app), confused)).status, 401);
      } finally {
        await t.close();
      }
    });
  }
});
