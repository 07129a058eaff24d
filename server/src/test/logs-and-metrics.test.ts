import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import { createMetrics } from '../ops/metrics';
import { loggableUrl, REDACTED } from '../ops/logger';
import { captureLogs } from '../testing/log-capture';
import { clientAs, closeTestDatabases, createTestApp, TestClient } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const HOST_SECRET = 'host-secret-host-secret-host-secret-0123';
const identity = { issuer: 'https://host.example', audience: 'deck-sharing', secret: HOST_SECRET, maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 };

describe('logs: a JSON line per request and per error, and never a secret', () => {
  test('no token, link id, cookie, identity token or password reaches any log line, even at trace level', async () => {
    const logs = captureLogs('trace');
    const dir = fakeClientBuild();
    const t = await createTestApp({ identity }, { logger: logs.logger, staticDir: dir });
    try {
      const alice = await clientAs(t.app, 'alice');
      assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' })).status, 200);
      const mail = await t.db.selectFrom('outbox').select('text').executeTakeFirstOrThrow();
      const invitationToken = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
      const linkId = (await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}`)).body[0].link_id as string;
      const viewToken = (await alice.get(`/api/v4/presentation/${QR}/token/`)).body.token as string;
      await t.db.insertInto('referral_tokens').values({ user_id: 1, campaign: 'spring', ln_token: 'referralLinkToken0123', email_token: 'referralMailToken0123' }).execute();
      const jwt = await new SignJWT({ email: 'hana@example.com', email_verified: true, name: 'Hana Host' })
        .setProtectedHeader({ alg: 'HS256' }).setJti(randomUUID()).setSubject('hana').setIssuer(identity.issuer).setAudience(identity.audience)
        .setIssuedAt().setExpirationTime('2m').sign(new TextEncoder().encode(HOST_SECRET));

      const visitor = new TestClient(t.app);
      const page = { accept: 'text/html' };
      await visitor.get(`/invitation/${invitationToken}`, { headers: page });
      await visitor.get(`/api/v4/presentation/invitation/${invitationToken}/`);
      await visitor.get(`/invitations/${invitationToken}`, { headers: page });
      await visitor.get(`/l/${linkId}`, { headers: page });
      await visitor.get(`/api/v1/prezilink/${linkId}/open/`);
      await visitor.request('PUT', `/api/v4/presentation/like/?auth_key=${linkId}&key_type=prezilink`);
      await visitor.get(`/embed/d/${viewToken}`, { headers: page });
      await visitor.get(`/api/v4/presentation/sentprezi/${viewToken}/`);
      // A protected link: the passcode, its hash, the unlock cookie and an e-mailed code never reach a line.
      const guarded = await alice.post('/api/v1/prezilink/', {
        presentation_oid: QR, name: 'Guarded', visible_on_analytics: false, viewer_identification: false,
        passcode: 'passcode-in-no-log', allowed_viewers: ['*@partner.example'],
      });
      assert.equal(guarded.status, 201, guarded.text);
      const guardedId = guarded.body.link_id as string;
      await visitor.post(`/api/v1/prezilink/${guardedId}/unlock/`, { passcode: 'wrong-passcode-in-no-log' });
      assert.equal((await visitor.post(`/api/v1/prezilink/${guardedId}/unlock/`, { passcode: 'passcode-in-no-log' })).status, 204);
      assert.equal((await visitor.post(`/api/v1/prezilink/${guardedId}/verification/`, { email: 'jo@partner.example' })).status, 202);
      const codeMail = await t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').executeTakeFirstOrThrow();
      const code = /(\d{6})/.exec(codeMail.subject)![1];
      assert.equal((await visitor.post(`/api/v1/prezilink/${guardedId}/verification/confirm/`, { email: 'jo@partner.example', code })).status, 204);
      const passcodeHash = (await t.db.selectFrom('view_links').select('passcode_hash').where('link_id', '=', guardedId).executeTakeFirstOrThrow()).passcode_hash!;
      await visitor.get('/?referral_token=referralLinkToken0123', { headers: page });
      await visitor.get('/api/v1/session/', { headers: { authorization: 'Basic cHJlcHJvZDpzZWNyZXQtcGFzc3dvcmQ=' } });
      const signedIn = await visitor.post('/api/v1/session/', { token: jwt });
      assert.equal(signedIn.status, 200, signedIn.text);
      await visitor.post('/api/v1/session/', { token: jwt });

      const secrets = {
        invitationToken,
        linkId,
        viewToken,
        referralToken: 'referralLinkToken0123',
        jwt,
        jwtSignature: jwt.split('.')[2],
        basicAuth: 'cHJlcHJvZDpzZWNyZXQtcGFzc3dvcmQ=',
        sessionCookie: alice.cookies.get('deck_session')!,
        csrfToken: alice.csrfToken!,
        visitorSession: visitor.cookies.get('deck_session')!,
        passcode: 'passcode-in-no-log',
        wrongPasscode: 'wrong-passcode-in-no-log',
        passcodeHash,
        passcodeHashSalt: passcodeHash.split('$')[4],
        unlockCookie: visitor.cookies.get(`deck_lp_${guardedId}`)!,
        verifiedCookie: visitor.cookies.get(`deck_lv_${guardedId}`)!,
        // Six digits may occur by chance in a number of a line (a duration): the code as a value would be quoted.
        codeAsValue: `"${code}"`,
        guardedId,
      };
      const text = logs.text();
      for (const [name, secret] of Object.entries(secrets)) assert.ok(!text.includes(secret), `${name} is in the log:\n${text}`);
      // The requests are there, their secret parts replaced.
      const urls = logs.lines().map((line) => (line.req as { url?: string } | undefined)?.url).filter(Boolean);
      for (const expected of [
        `/invitation/${REDACTED}`,
        `/api/v4/presentation/invitation/${REDACTED}/`,
        `/invitations/${REDACTED}`,
        `/l/${REDACTED}`,
        `/api/v4/presentation/like/?auth_key=${REDACTED}&key_type=prezilink`,
        `/embed/d/${REDACTED}`,
        `/?referral_token=${REDACTED}`,
      ]) {
        assert.ok(urls.includes(expected), `${expected} in ${JSON.stringify(urls)}`);
      }
      for (const line of logs.lines()) assert.equal(typeof line.time, 'string');
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('loggableUrl: secret path parts and query values are replaced, the rest kept', () => {
    assert.equal(loggableUrl('/api/v1/prezilink/abc123/open/', { pattern: '/api/v1/prezilink/:linkId/open/', params: { linkId: 'abc123' } }), `/api/v1/prezilink/${REDACTED}/open/`);
    assert.equal(loggableUrl(`/api/v4/presentation/${QR}/?fields=owner`, { pattern: '/api/v4/presentation/:oid/', params: { oid: QR } }), `/api/v4/presentation/${QR}/?fields=owner`);
    assert.equal(loggableUrl('/nowhere/abcdefghijklmnopqrstuvwxyz012345/x?token=t&a=1'), `/nowhere/${REDACTED}/x?token=${REDACTED}&a=1`);
  });

  test('a 500 is one error line with its stack and the request id, besides the request line', async () => {
    const logs = captureLogs('info');
    const t = await createTestApp({}, { logger: logs.logger });
    try {
      await sql`drop table client_logs`.execute(t.db);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: { 'content-type': 'application/json', 'x-request-id': 'broken-1' }, payload: '[{"level":"info","message":"m"}]' });
      assert.equal(res.statusCode, 500);
      assert.equal(res.headers['x-request-id'], 'broken-1');
      const failed = logs.lines().find((line) => line.request_id === 'broken-1' && line.msg === 'request failed');
      assert.ok(failed, logs.text());
      assert.equal(failed.level, 'error');
      assert.match(String((failed.err as { stack?: string }).stack), /client_logs/);
      const completed = logs.lines().find((line) => line.request_id === 'broken-1' && line.msg === 'request completed');
      assert.deepEqual(completed?.res, { statusCode: 500 });
    } finally {
      await t.close();
    }
  });
});

test('LOG_LEVEL: at warn, requests write no line and a failure still does', async () => {
  const logs = captureLogs('warn');
  const t = await createTestApp({}, { logger: logs.logger });
  try {
    await t.app.inject({ method: 'GET', url: '/api/v1/session/' });
    assert.deepEqual(logs.lines(), []);
    await sql`drop table client_logs`.execute(t.db);
    await t.app.inject({ method: 'POST', url: '/api/v1/log/', headers: { 'content-type': 'application/json' }, payload: '[{"level":"info","message":"m"}]' });
    assert.deepEqual(logs.lines().map((line) => [line.level, line.msg]), [
      ['error', 'request failed'],
      ['warn', 'request completed'],
    ]);
  } finally {
    await t.close();
  }
});

describe('metrics', () => {
  test('the demo serves /metrics: requests by route and status, and the 429s of the limits', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const t = await createTestApp({ rateLimits: { ...(await import('../config')).defaultConfig().rateLimits, log: { max: 1, windowSeconds: 60 } } }, { metrics });
    try {
      const visitor = await clientAs(t.app, null);
      await visitor.get('/api/v1/session/');
      await visitor.post('/api/v1/log/', [{ level: 'info', message: 'm' }], { csrf: false });
      assert.equal((await visitor.post('/api/v1/log/', [{ level: 'info', message: 'm' }], { csrf: false })).status, 429);
      const res = await t.app.inject({ method: 'GET', url: '/metrics' });
      assert.equal(res.statusCode, 200);
      assert.match(String(res.headers['content-type']), /text\/plain/);
      assert.equal(res.headers['set-cookie'], undefined);
      assert.match(res.body, /deck_http_requests_total\{method="GET",route="\/api\/v1\/session\/",status="200"\} [1-9]/);
      assert.match(res.body, /deck_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/v1\/session\/",status="200"\}/);
      assert.match(res.body, /deck_rate_limit_refusals_total\{route="\/api\/v1\/log\/"\} 1/);
      assert.match(res.body, /deck_outbox_messages/);
    } finally {
      await t.close();
    }
  });

  test('production: no /metrics on the public port without METRICS_TOKEN; with it, only for the bearer token', async () => {
    const production = { production: true, devSignIn: false, publicOrigin: 'https://deck.example' };
    const closed = await createTestApp(production, { metrics: createMetrics({ processMetrics: false }) });
    try {
      assert.equal((await closed.app.inject({ method: 'GET', url: '/metrics' })).statusCode, 404);
    } finally {
      await closed.close();
    }
    const token = 'metrics-token-metrics-token-0123456789';
    const guarded = await createTestApp({ ...production, metricsToken: token }, { metrics: createMetrics({ processMetrics: false }) });
    try {
      const get = (authorization?: string) => guarded.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      assert.equal((await get()).statusCode, 401);
      assert.equal((await get(`Bearer ${token}x`)).statusCode, 401);
      assert.equal((await get(`Bearer ${token}`)).statusCode, 200);
    } finally {
      await guarded.close();
    }
  });
});
