import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { buildApp } from '../app';
import { crossOriginFromEnv } from '../http/cors';
import { StartupError } from '../production';
import { clientAs, closeTestDatabases, createTestApp, createTestDatabase, type TestApp, type TestClient } from '../testing/harness';
import { serverProcessArgs } from '../testing/server-process';
import { DEMO_DOCUMENT_OIDS as D, DEMO_USER_OIDS } from '../db/seed';

after(closeTestDatabases);

const PUBLIC = 'https://deck.example';
const EVIL = 'evil.example';
const QR: string = D.quarterlyReview;

/**
 * Host-header poisoning: a request whose Host and X-Forwarded-Host name the attacker's site (forwarded
 * headers believed, as behind a trusted proxy) must still get, and make the product e-mail, links to PUBLIC_ORIGIN.
 */
const FORGED = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'http' };

function forged(c: TestClient, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
  return c.request(method, url, { body, headers: FORGED });
}

/** Every URL in a text, so a test sees each link, not only the first. */
const urlsIn = (text: string) => text.match(/https?:\/\/[^\s"'<>)]+/g) ?? [];

function assertPublicLinks(text: string, label: string, least = 1): void {
  const urls = urlsIn(text);
  assert.ok(urls.length >= least, `${label}: ${urls.length} links in ${text.slice(0, 300)}`);
  for (const url of urls) assert.ok(url.startsWith(`${PUBLIC}/`), `${label}: ${url} is not under ${PUBLIC}`);
  assert.ok(!text.includes(EVIL), `${label} names the forged host`);
}

describe('links come from PUBLIC_ORIGIN, never from the request Host', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ publicOrigin: PUBLIC, trustProxy: ['127.0.0.1'] });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  const outbox = () => t.db.selectFrom('outbox').select(['kind', 'html', 'text']).orderBy('id').execute();

  async function assertMailLinks(kind: string): Promise<void> {
    const mails = (await outbox()).filter((m) => m.kind === kind);
    assert.equal(mails.length, 1, `one ${kind} e-mail`);
    assertPublicLinks(mails[0].text, `${kind} text`);
    assertPublicLinks(mails[0].html, `${kind} html`);
  }

  test('a document invitation e-mail links to PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await forged(alice, 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' });
    assert.equal(res.status, 200, res.text);
    const [mail] = await outbox();
    assert.match(mail.html, new RegExp(`href="${PUBLIC}/invitation/[A-Za-z0-9_-]{32}"`));
    await assertMailLinks(mail.kind);
  });

  test('a folder invitation e-mail links to PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const marketing = (await alice.get('/api/v1/demo/')).body.folders.find((f: { name: string }) => f.name === 'Marketing').id;
    const res = await forged(alice, 'POST', `/api/v1/folders/group/${marketing}/users/`, { email: 'newcomer@example.com', role: 'VIEWER' });
    assert.equal(res.status, 201, res.text);
    const [mail] = await outbox();
    assert.match(mail.text, new RegExp(`${PUBLIC}/invitation/`));
    await assertMailLinks(mail.kind);
  });

  test('the ownership-transfer e-mail links to PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await forged(alice, 'POST', '/api/v4/presentation/transfer/', { oid: QR, email: 'bob@example.com' });
    assert.equal(res.status, 200, res.text);
    assert.match((await outbox())[0].html, new RegExp(`href="${PUBLIC}/editor/${QR}"`));
    await assertMailLinks('ownership-transfer');
  });

  test('the access-request e-mail to the owner and the decision e-mail to the requester link to PUBLIC_ORIGIN', async () => {
    const PS: string = D.privateStrategy;
    const frank = await clientAs(t.app, 'frank');
    assert.equal((await forged(frank, 'POST', `/api/v4/presentation/${PS}/access-request/`, { message: 'please' })).status, 201);
    assert.match((await outbox())[0].html, new RegExp(`href="${PUBLIC}/editor/${PS}\\?share=access-requests"`));
    await assertMailLinks('access-request');

    const alice = await clientAs(t.app, 'alice');
    const id = (await alice.get(`/api/v4/presentation/${PS}/access-requests/`)).body.results[0].id;
    const approved = await forged(alice, 'POST', `/api/v4/presentation/${PS}/access-requests/${id}/approve/`, { permission: 'viewer' });
    assert.equal(approved.status, 200, approved.text);
    await assertMailLinks('access-approved');
  });

  test('view, default and embed links of unified-privacy use PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await forged(alice, 'GET', `/api/v4/presentation/${QR}/unified-privacy/`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.view_link, `${PUBLIC}/view/${QR}`);
    assert.equal(res.body.default_link, `${PUBLIC}/view/${QR}`);
    assert.equal(res.body.embed_link, `${PUBLIC}/view/${QR}?embed=1`);
    assertPublicLinks(res.text, 'unified-privacy', 3);
  });

  test('trackable and unlisted view links, and a link\'s analytics, use PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const created = await forged(alice, 'POST', '/api/v1/prezilink/', { presentation_oid: QR, name: 'Board', visible_on_analytics: true, viewer_identification: false });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.url, `${PUBLIC}/l/${created.body.link_id}`);

    const list = await forged(alice, 'GET', `/api/v1/prezilink/?presentation_oid=${QR}`);
    assert.equal(list.status, 200, list.text);
    assertPublicLinks(list.text, 'link list');

    const unlisted = await forged(alice, 'PUT', `/api/v1/prezilink/unlisted/${QR}`);
    assert.equal(unlisted.status, 200, unlisted.text);
    assert.equal(unlisted.body.url, `${PUBLIC}/l/${unlisted.body.link_id}`);

    const analytics = await forged(alice, 'GET', `/api/v1/prezilink/${created.body.link_id}/analytics/`);
    assert.equal(analytics.status, 200, analytics.text);
    assert.equal(analytics.body.link.url, `${PUBLIC}/l/${created.body.link_id}`);
  });

  test('the referral invitation link uses PUBLIC_ORIGIN', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await forged(alice, 'GET', `/api/v1/referrals/users/${DEMO_USER_OIDS.alice}/campaigns/ai-credits/`);
    assert.equal(res.status, 200, res.text);
    assert.match(res.body.invitation_link, new RegExp(`^${PUBLIC}/\\?referral_token=`));
  });

  test('a sent presentation\'s view URL and /config.json use PUBLIC_ORIGIN', async () => {
    const { view_token } = await t.db.selectFrom('documents').select('view_token').where('oid', '=', QR).executeTakeFirstOrThrow();
    const anon = await clientAs(t.app, null);
    const sent = await forged(anon, 'GET', `/api/v4/presentation/sentprezi/${view_token}/`);
    assert.equal(sent.status, 200, sent.text);
    assert.equal(sent.body.view_url, `${PUBLIC}/view/${QR}`);

    const config = await forged(anon, 'GET', '/config.json');
    assert.equal(config.body.apiBase, `${PUBLIC}/api/v4`);
    assert.ok(!config.text.includes(EVIL));
  });
});

describe('without PUBLIC_ORIGIN (demo only)', () => {
  test('links come from the request\'s own origin', async () => {
    const t = await createTestApp();
    try {
      const alice = await clientAs(t.app, 'alice');
      const res = await alice.request('GET', `/api/v4/presentation/${QR}/unified-privacy/`, { headers: { host: 'demo.local:8080' } });
      assert.equal(res.body.view_link, `http://demo.local:8080/view/${QR}`);
    } finally {
      await t.close();
    }
  });
});

describe('PUBLIC_ORIGIN: the start-up rule', () => {
  test('production refuses to start without PUBLIC_ORIGIN, or with one that is not an exact https origin', () => {
    const refusals: Array<[NodeJS.ProcessEnv, RegExp]> = [
      [{}, /PUBLIC_ORIGIN is required when DECK_PRODUCTION=1/],
      [{ PUBLIC_ORIGIN: '  ' }, /PUBLIC_ORIGIN is required/],
      [{ PUBLIC_ORIGIN: 'deck.example' }, /PUBLIC_ORIGIN: "deck.example" is not an origin/],
      [{ PUBLIC_ORIGIN: 'https://deck.example/' }, /not an exact origin/],
      [{ PUBLIC_ORIGIN: 'https://deck.example/app' }, /not an exact origin/],
      [{ PUBLIC_ORIGIN: 'ftp://deck.example' }, /not an exact origin/],
      [{ PUBLIC_ORIGIN: 'http://deck.example' }, /must use https when DECK_PRODUCTION=1/],
    ];
    for (const [env, message] of refusals) {
      assert.throws(() => crossOriginFromEnv(env, true), (err: unknown) => err instanceof StartupError && message.test(err.message), JSON.stringify(env));
    }
    assert.equal(crossOriginFromEnv({ PUBLIC_ORIGIN: ' https://deck.example ' }, true).publicOrigin, 'https://deck.example');
    assert.equal(crossOriginFromEnv({ PUBLIC_ORIGIN: 'http://localhost:8080' }, true).publicOrigin, 'http://localhost:8080');
  });

  test('the demo may leave it unset (the request\'s origin) and may use http; a malformed one is still refused', () => {
    assert.equal(crossOriginFromEnv({}).publicOrigin, null);
    assert.equal(crossOriginFromEnv({ PUBLIC_ORIGIN: 'http://deck.test:8080' }).publicOrigin, 'http://deck.test:8080');
    assert.throws(() => crossOriginFromEnv({ PUBLIC_ORIGIN: 'https://deck.example/' }), StartupError);
  });

  test('buildApp refuses production mode without a public origin', async () => {
    const tdb = await createTestDatabase();
    try {
      await assert.rejects(buildApp({ db: tdb.db, config: { production: true, sessionSecret: 'x'.repeat(32) } }), (err: unknown) => err instanceof StartupError && /PUBLIC_ORIGIN is required/.test(err.message));
    } finally {
      await tdb.cleanup();
    }
  });

  test('the server process exits with a clear message when PUBLIC_ORIGIN is missing in production', () => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DECK_PRODUCTION: '1',
      SESSION_SECRET: 'session-secret-session-secret-session-0123',
      HOST_IDENTITY_SECRET: 'host-secret-host-secret-host-secret-0123',
      HOST_IDENTITY_ISSUER: 'https://host.example',
      HOST_IDENTITY_AUDIENCE: 'deck-sharing',
      PORT: '0',
      HOST: '127.0.0.1',
    };
    delete env.PUBLIC_ORIGIN;
    const run = spawnSync(process.execPath, serverProcessArgs(), { env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    // One JSON line per problem on stdout, each naming its variable.
    const line = run.stdout.split('\n').filter(Boolean).map((text) => JSON.parse(text) as { msg: string; variable?: string }).find((l) => l.variable === 'PUBLIC_ORIGIN');
    assert.match(line?.msg ?? run.stdout, /Cannot start: PUBLIC_ORIGIN is required when DECK_PRODUCTION=1/);
  });
});
