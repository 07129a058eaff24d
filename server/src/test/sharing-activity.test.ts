import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { clientAs, closeTestDatabases, createTestDatabase, type TestClient, type TestDatabase, TEST_READ_CACHE } from '../testing/harness';
import { openEventStream } from '../testing/event-stream';
import { DEMO_DOCUMENT_OIDS as D, DEMO_FOLDER_UUIDS } from '../db/seed';
import { recordSharingChange, type SharingChange } from '../services/activity-log';
import { pruneExpired } from '../services/retention';
import { defaultConfig } from '../config';
import { activityCsv, csvCell } from '../services/activity-csv';
import { LiveStreams } from '../routes/sharing-activity';
import { gracefulShutdown } from '../ops/shutdown';
import { silentLogger } from '../ops/logger';
import type { Database } from '../db/database';
import { LIVE_EVENT_ACCESS_ENDED } from '@deck/shared/domains/sharing-activity/activity-contract';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const SECRET = 'test-secret-test-secret';

async function appOn(db: Database, config: Record<string, unknown> = {}): Promise<FastifyInstance> {
  const app = await buildApp({ db, config: { readCache: TEST_READ_CACHE, sessionSecret: SECRET, ...config } });
  await app.ready();
  return app;
}

/** A fresh database and one app on it per test. */
function oneApp() {
  const env = {} as { t: TestDatabase; app: FastifyInstance };
  beforeEach(async () => {
    env.t = await createTestDatabase();
    env.app = await appOn(env.t.db);
  });
  afterEach(async () => {
    await env.app.close();
    await env.t.cleanup();
  });
  return env;
}

const cookieOf = (c: TestClient) => [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ');

describe('sharing activity log', () => {
  const env = oneApp();

  test('records each sharing change once, with who, when, before and after, and never a link id', async () => {
    const alice = await clientAs(env.app, 'alice');
    const bob = await clientAs(env.app, 'bob');
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false })).status, 200);
    // Bob (an editor) moves Dave; the one-statement path records it too.
    assert.equal((await bob.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'commenter' })).status, 200);
    assert.equal((await alice.request('DELETE', `/api/v1/share/${QR}/permissions/`, { body: { email: 'zoe@example.com' } })).status, 200);
    assert.equal((await alice.put(`/api/v1/share/${QR}/organization-permission/`, { permission: 'can_edit' })).status, 200);
    const link = await alice.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Board', visible_on_analytics: false, viewer_identification: false });
    assert.equal(link.status, 201);
    const expiresAt = new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();
    const protect = await alice.put(`/api/v1/prezilink/${link.body.link_id}/`, { passcode: 'tulip-4821', expires_at: expiresAt, allowed_viewers: ['zoe@example.com', '*@partner.example'] });
    assert.equal(protect.status, 200, JSON.stringify(protect.body));
    assert.equal((await alice.request('DELETE', `/api/v1/prezilink/${link.body.link_id}/`)).status, 200);
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/unified-privacy/`, { reusable: true })).status, 200);

    const page = await alice.get(`/api/v1/share/${QR}/activity/`);
    assert.equal(page.status, 200);
    const summary = page.body.results.map((e: any) => [e.action, e.actor?.name, e.subject, e.before, e.after]);
    assert.deepEqual(summary, [
      ['privacy_changed', 'Alice Anderson', null, { privacy: 'open', published: false, reusable: false }, { privacy: 'open', published: false, reusable: true }],
      ['link_deactivated', 'Alice Anderson', 'Board', { revoked: false }, { revoked: true, data_deleted: false }],
      [
        'link_changed',
        'Alice Anderson',
        'Board',
        { name: 'Board', visible_on_analytics: false, viewer_identification: false, passcode: 'none', expires_at: null, allowed_viewers: null },
        { name: 'Board', visible_on_analytics: false, viewer_identification: false, passcode: 'new', expires_at: expiresAt, allowed_viewers: 'zoe@example.com *@partner.example' },
      ],
      ['link_created', 'Alice Anderson', 'Board', null, { visible_on_analytics: false, viewer_identification: false, passcode: 'none', expires_at: null, allowed_viewers: null }],
      ['team_permission_changed', 'Alice Anderson', null, { permission: 'can_view' }, { permission: 'can_edit' }],
      ['collaborator_removed', 'Alice Anderson', 'zoe@example.com', { permission: 'viewer' }, null],
      ['collaborator_changed', 'Bob Brown', 'dave@example.com', { permission: 'viewer' }, { permission: 'commenter' }],
      ['collaborator_added', 'Alice Anderson', 'zoe@example.com', null, { permission: 'viewer' }],
    ]);
    // No secret in the log: the link's id (what opens it) and the document's view token appear nowhere.
    const doc = await env.t.db.selectFrom('documents').select('view_token').where('oid', '=', QR).executeTakeFirstOrThrow();
    const raw = JSON.stringify(await env.t.db.selectFrom('sharing_activity').selectAll().execute());
    assert.ok(!raw.includes(link.body.link_id) && !raw.includes(doc.view_token), 'no token in the log');
    const { passcode_hash: hash } = await env.t.db.selectFrom('view_links').select('passcode_hash').where('link_id', '=', link.body.link_id).executeTakeFirstOrThrow();
    assert.ok(hash && !raw.includes(hash) && !raw.includes('tulip-4821'), 'no passcode or hash in the log');
  });

  test('a change that changes nothing records nothing; a refused change records nothing', async () => {
    const alice = await clientAs(env.app, 'alice');
    const dave = await clientAs(env.app, 'dave');
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'viewer' });
    assert.equal((await dave.put(`/api/v1/share/${QR}/permissions/`, { email: 'zed@example.com', permission: 'editor' })).status, 403);
    assert.equal((await env.t.db.selectFrom('sharing_activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n, '0');
  });

  test('paginates with a limit and a cursor', async () => {
    const alice = await clientAs(env.app, 'alice');
    for (const level of ['commenter', 'editor', 'viewer', 'commenter', 'editor'] as const) {
      await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: level });
    }
    const first = await alice.get(`/api/v1/share/${QR}/activity/?limit=2`);
    assert.equal(first.body.results.length, 2);
    const second = await alice.get(`/api/v1/share/${QR}/activity/?limit=2&before=${first.body.next_before}`);
    const third = await alice.get(`/api/v1/share/${QR}/activity/?limit=2&before=${second.body.next_before}`);
    assert.deepEqual(third.body.results.length, 1);
    assert.equal(third.body.next_before, null);
    const ids = [...first.body.results, ...second.body.results, ...third.body.results].map((e: any) => e.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
    assert.equal(new Set(ids).size, 5);
    assert.equal((await alice.get(`/api/v1/share/${QR}/activity/?limit=201`)).status, 400);
  });

  test('the owner and the team admin read a document log; an editor does not; the team log and CSV are the admin’s', async () => {
    const alice = await clientAs(env.app, 'alice');
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false });
    await env.t.db.updateTable('documents').set({ title: '=HYPERLINK("http://evil")' }).where('oid', '=', QR).execute();
    const bob = await clientAs(env.app, 'bob');
    const erin = await clientAs(env.app, 'erin');
    // Told why, with the code the dialog translates (spec §5's error body).
    const refused = await bob.get(`/api/v1/share/${QR}/activity/`);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message_code, 'activity_document_activity_not_allowed');
    assert.equal((await erin.get(`/api/v1/share/${QR}/activity/`)).status, 200);
    assert.equal((await bob.get('/api/v1/team/activity/')).status, 403);
    const team = await erin.get('/api/v1/team/activity/');
    assert.equal(team.status, 200);
    assert.equal(team.body.results[0].document.oid, QR);
    const csv = await erin.get('/api/v1/team/activity.csv');
    assert.equal(csv.status, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    assert.match(String(csv.headers['content-disposition']), /attachment; filename="sharing-activity-\d{4}-\d\d-\d\d\.csv"/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    assert.equal(lines[0], '"id","time","time_zone","action","actor_id","actor","actor_email","document","folder","subject","before","after"');
    // The actor by id and address too (two people may share a name); the time as spreadsheets read a date-time.
    const aliceId = (await env.t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id;
    assert.match(
      lines[1],
      new RegExp(`^"\\d+","\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d","UTC","collaborator_added","${aliceId}","Alice Anderson","alice@example.com","'=HYPERLINK\\(""http:\\/\\/evil""\\) \\(qv7n2kx9d4rm\\)","","zoe@example.com","","permission=viewer"$`),
    );
    assert.equal((await bob.get('/api/v1/team/activity.csv')).status, 403);
  });

  test('the team log filters by person, action, document, folder and period, pages inside the filter, and the CSV exports the filtered view', async () => {
    const db = env.t.db;
    const idOf = async (username: string) => (await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    const docOf = async (oid: string) => (await db.selectFrom('documents').select('id').where('oid', '=', oid).executeTakeFirstOrThrow()).id;
    const [alice, bob, qr, deck, franks] = await Promise.all([idOf('alice'), idOf('bob'), docOf(QR), docOf(D.classicDeck), docOf(D.franksPitch)]);
    const marketing = (await db.selectFrom('folders').select('id').where('uuid', '=', DEMO_FOLDER_UUIDS.marketing).executeTakeFirstOrThrow()).id;
    const log = (change: Omit<SharingChange, 'at'>, at: string) => recordSharingChange(db, { ...change, at: new Date(at) });
    const e1 = await log({ action: 'collaborator_added', actorId: alice, documentId: qr, subject: 'zoe@example.com' }, '2026-01-10T10:00:00Z');
    const e2 = await log({ action: 'collaborator_changed', actorId: bob, documentId: qr, subject: 'dave@example.com' }, '2026-02-10T10:00:00Z');
    const e3 = await log({ action: 'link_created', actorId: alice, documentId: deck, subject: 'Board' }, '2026-03-10T10:00:00Z');
    const e4 = await log({ action: 'folder_member_added', actorId: alice, folderId: marketing, subject: 'zoe@example.com' }, '2026-03-11T10:00:00Z');
    const e5 = await log({ action: 'link_created', actorId: bob, documentId: qr, subject: 'Sales' }, '2026-03-12T10:00:00Z');
    // Frank has no team: his document's entry is in no team's log.
    await log({ action: 'collaborator_added', actorId: alice, documentId: franks, subject: 'zoe@example.com' }, '2026-03-13T10:00:00Z');

    const erin = await clientAs(env.app, 'erin');
    const ids = async (query: string) => {
      const res = await erin.get(`/api/v1/team/activity/?${query}`);
      assert.equal(res.status, 200, `${query}: ${JSON.stringify(res.body)}`);
      return res.body.results.map((e: any) => e.id);
    };
    assert.deepEqual(await ids(''), [e5, e4, e3, e2, e1]);
    assert.deepEqual(await ids(`actor=${bob}`), [e5, e2]);
    assert.deepEqual(await ids('action=link_created'), [e5, e3]);
    assert.deepEqual(await ids(`document=${QR}`), [e5, e2, e1]);
    assert.deepEqual(await ids(`folder=${marketing}`), [e4]);
    // `from` inclusive, `to` exclusive, each an instant with its offset (the start of a day in the admin's zone).
    assert.deepEqual(await ids(`from=${encodeURIComponent('2026-02-10T11:00:00+01:00')}&to=${encodeURIComponent('2026-03-11T10:00:00Z')}`), [e3, e2]);
    assert.deepEqual(await ids(`actor=${alice}&document=${QR}`), [e1]);
    // Pages stay inside the filter: the cursor goes on where the last filtered page ended.
    const first = await erin.get(`/api/v1/team/activity/?actor=${alice}&limit=2`);
    assert.deepEqual(first.body.results.map((e: any) => e.id), [e4, e3]);
    const second = await erin.get(`/api/v1/team/activity/?actor=${alice}&limit=2&before=${first.body.next_before}`);
    assert.deepEqual([second.body.results.map((e: any) => e.id), second.body.next_before], [[e1], null]);

    // The export is the filtered view: the same filters, the same rows.
    const csv = await erin.get(`/api/v1/team/activity.csv?actor=${bob}&action=link_created`);
    assert.equal(csv.status, 200);
    const rows = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1);
    assert.deepEqual(
      rows.map((row) => row.split(',').slice(0, 5).join(',')),
      [`"${e5}","2026-03-12 10:00:00","UTC","link_created","${bob}"`],
    );

    // A period that ends before it starts, or an unknown action, is refused with its code; nothing is read.
    const backwards = await erin.get(`/api/v1/team/activity/?from=${encodeURIComponent('2026-03-01T00:00:00Z')}&to=${encodeURIComponent('2026-02-01T00:00:00Z')}`);
    assert.deepEqual([backwards.status, backwards.body.message_code], [400, 'activity_team_activity_bad_range']);
    assert.equal((await erin.get(`/api/v1/team/activity.csv?from=${encodeURIComponent('2026-03-01T00:00:00Z')}&to=${encodeURIComponent('2026-03-01T00:00:00Z')}`)).status, 400);
    assert.equal((await erin.get('/api/v1/team/activity/?action=deleted_everything')).status, 400);
    assert.equal((await erin.get('/api/v1/team/activity/?from=2026-02-30T00:00:00Z')).status, 400);

    // The filters' choices: the team's people, documents and folders, for its admins only.
    const choices = await erin.get('/api/v1/team/activity/choices/');
    assert.equal(choices.status, 200);
    assert.ok(choices.body.people.some((p: any) => p.id === bob && p.name === 'Bob Brown' && p.email === 'bob@example.com'));
    assert.ok(choices.body.documents.some((d: any) => d.oid === QR) && !choices.body.documents.some((d: any) => d.oid === D.franksPitch));
    assert.deepEqual(choices.body.folders.map((f: any) => f.name).sort(), ['Board Only', 'Marketing']);
    const bobClient = await clientAs(env.app, 'bob');
    for (const url of [`/api/v1/team/activity/?actor=${bob}`, `/api/v1/team/activity.csv?actor=${bob}`, '/api/v1/team/activity/choices/']) {
      const refused = await bobClient.get(url);
      assert.deepEqual([url, refused.status, refused.body?.message_code], [url, 403, 'activity_team_activity_not_allowed']);
    }
  });

  test("a folder's activity is its owners' to read (the folder rules); its other members are told why, outsiders get no log", async () => {
    const marketing = (await env.t.db.selectFrom('folders').select('id').where('uuid', '=', DEMO_FOLDER_UUIDS.marketing).executeTakeFirstOrThrow()).id;
    const alice = await clientAs(env.app, 'alice');
    assert.equal((await alice.post(`/api/v1/folders/group/${marketing}/users/`, { email: 'zoe@example.com', role: 'VIEWER', notify: false })).status, 201);
    assert.equal((await alice.post(`/api/v1/folders/group/${marketing}/users/`, { email: 'yan@example.com', role: 'VIEWER', notify: false })).status, 201);
    const first = await alice.get(`/api/v1/folders/group/${marketing}/activity/?limit=1`);
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.results.map((e: any) => [e.action, e.actor?.name, e.subject, e.folder?.name]),
      [['folder_member_added', 'Alice Anderson', 'yan@example.com', 'Marketing']],
    );
    const older = await alice.get(`/api/v1/folders/group/${marketing}/activity/?before=${first.body.next_before}`);
    assert.deepEqual([older.body.results.map((e: any) => e.subject), older.body.next_before], [['zoe@example.com'], null]);
    // The details say who may read it, so the dialog shows the section only to them (the client decides nothing).
    assert.equal((await alice.get(`/api/v1/folders/group/${marketing}/details/`)).body.folder_restrictions.can_read_activity, true);
    const bob = await clientAs(env.app, 'bob');
    assert.equal((await bob.get(`/api/v1/folders/group/${marketing}/details/`)).body.folder_restrictions.can_read_activity, false);
    const editor = await bob.get(`/api/v1/folders/group/${marketing}/activity/`);
    assert.deepEqual([editor.status, editor.body.message_code], [403, 'activity_folder_activity_not_allowed']);
    const outsider = await (await clientAs(env.app, 'frank')).get(`/api/v1/folders/group/${marketing}/activity/`);
    assert.equal(outsider.status, 403);
    assert.equal(outsider.body.results, undefined);
    assert.equal((await alice.get('/api/v1/folders/group/999999/activity/')).status, 404);
  });

  test('CSV cells that a spreadsheet would run are escaped, at the start and after any separator it may split on', () => {
    assert.equal(csvCell('=1+1'), `"'=1+1"`);
    assert.equal(csvCell('+1'), `"'+1"`);
    assert.equal(csvCell('-1'), `"'-1"`);
    assert.equal(csvCell('@SUM(A1)'), `"'@SUM(A1)"`);
    assert.equal(csvCell('\t=1'), `"'\t'=1"`);
    assert.equal(csvCell('a,b'), '"a,b"');
    // Every cell is quoted, plain ones too.
    assert.equal(csvCell('plain'), '"plain"');
    assert.equal(csvCell(''), '""');
    // A spreadsheet that splits on ; (or a tab, a pipe, a line end) starts a cell after it: a formula there is text too.
    assert.equal(csvCell('Q3;=HYPERLINK("http://evil")'), `"Q3;'=HYPERLINK(""http://evil"")"`);
    assert.equal(csvCell('a; =1|+2\t-3,@4\r\n=5'), `"a; '=1|'+2\t'-3,'@4\r\n'=5"`);
    // Not after a separator: left as it is.
    assert.equal(csvCell('Jean-Luc a=b x@y.example'), '"Jean-Luc a=b x@y.example"');
  });

  test('CSV: two people of one name are two actors; times inside a change are date-times too; an allow list is its entries', () => {
    const entry = (id: number, actor: { id: number; name: string }) => ({
      id,
      at: '2026-11-28T17:05:09.123Z',
      action: 'link_changed' as const,
      actor,
      subject: 'Board',
      before: { expires_at: null, allowed_viewers: null },
      after: { expires_at: '2026-12-01T09:30:00.000Z', allowed_viewers: 'zoe@example.com *@partner.example' },
      document: null,
      folder: null,
    });
    const csv = activityCsv([
      { entry: entry(2, { id: 7, name: 'Sam Lee' }), actorEmail: 'sam.lee@acme.example' },
      { entry: entry(1, { id: 9, name: 'Sam Lee' }), actorEmail: 'sam@other.example' },
    ]);
    const [, first, second] = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    const settings = '"expires_at=; allowed_viewers=","expires_at=2026-12-01 09:30:00 UTC; allowed_viewers=zoe@example.com *@partner.example"';
    assert.equal(first, `"2","2026-11-28 17:05:09","UTC","link_changed","7","Sam Lee","sam.lee@acme.example","","","Board",${settings}`);
    assert.equal(second, `"1","2026-11-28 17:05:09","UTC","link_changed","9","Sam Lee","sam@other.example","","","Board",${settings}`);
  });

  test('append-only: the database refuses updates and deletes; only the retention service prunes, by age', async () => {
    const alice = await clientAs(env.app, 'alice');
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'editor' });
    await assert.rejects(sql`update sharing_activity set subject = 'x'`.execute(env.t.db), /append-only/);
    await assert.rejects(sql`delete from sharing_activity`.execute(env.t.db), /append-only/);
    const config = { ...defaultConfig(), activityRetentionDays: 30 };
    await sql`insert into sharing_activity (created_at, action) values (now() - interval '31 days', 'privacy_changed')`.execute(env.t.db);
    const pruned = await pruneExpired(env.t.db, config);
    assert.equal(pruned.sharingActivity, 1);
    const left = await env.t.db.selectFrom('sharing_activity').select('action').execute();
    assert.deepEqual(left.map((r) => r.action), ['collaborator_changed']);
  });

  test('no route writes to the log except through recordSharingChange (no route edits or deletes entries)', () => {
    const root = join(__dirname, '..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'test' && name !== 'testing') walk(path);
        } else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
          const text = readFileSync(path, 'utf8');
          const touches = /(updateTable|deleteFrom)\('sharing_activity'\)|(update|delete from)\s+sharing_activity/i.test(text);
          const allowed = path.endsWith(join('services', 'activity-log.ts')) || path.includes(join('db', 'migrations'));
          if (touches && !allowed) offenders.push(path);
        }
      }
    };
    walk(root);
    assert.deepEqual(offenders, []);
  });
});

test('an instance past its stream limit refuses new streams (429); a shutdown refuses them too', () => {
  const streams = new LiveStreams({ perUser: 5, perInstance: 2 });
  const stream = (userId: number) => ({ userId, session: `s${userId}`, end: () => undefined, replace: () => undefined });
  streams.admit(stream(1));
  streams.admit(stream(2));
  assert.throws(() => streams.admit(stream(3)), (err: Error & { code?: string }) => err.code === 'TOO_MANY_STREAMS');
  const other = new LiveStreams({ perUser: 5, perInstance: 10 });
  other.closeAll();
  assert.throws(() => other.admit(stream(1)), (err: Error & { code?: string }) => err.code === 'TOO_MANY_STREAMS');
});

test('one person’s six open dialogs each keep their stream under the default limit', () => {
  const streams = new LiveStreams({ perUser: defaultConfig().liveStreams.perUser, perInstance: 1000 });
  let ended = 0;
  for (let tab = 0; tab < 6; tab++) {
    const release: Array<() => void> = [];
    const end = () => {
      ended += 1;
      release[0]();
    };
    release.push(streams.admit({ userId: 1, session: 's1', end, replace: end }));
  }
  assert.equal(ended, 0);
  assert.equal(streams.count(), 6);
});

describe('version check: a change on stale data is refused', () => {
  const env = oneApp();

  test('409 SHARING_CHANGED when someone else changed sharing after the version the dialog saw; nothing written', async () => {
    const alice = await clientAs(env.app, 'alice');
    const bob = await clientAs(env.app, 'bob');
    const seen = '0';
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
    const stale = await bob.request('PUT', `/api/v1/share/${QR}/permissions/`, { body: { email: 'dave@example.com', permission: 'viewer' }, headers: { 'x-sharing-version': seen } });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'SHARING_CHANGED');
    assert.equal(stale.body.message_code, 'activity_sharing_changed');
    const level = await env.t.db.selectFrom('collaborators as c').innerJoin('documents as d', 'd.id', 'c.document_id').select('c.permission').where('d.oid', '=', QR).where('c.email', '=', 'dave@example.com').executeTakeFirstOrThrow();
    assert.equal(level.permission, 'commenter', 'the newer change stands');
    // With the version that includes Alice's change, Bob's change goes through.
    const version = (await alice.get(`/api/v1/share/${QR}/activity/?limit=1`)).body.results[0].id;
    const fresh = await bob.request('PUT', `/api/v1/share/${QR}/permissions/`, { body: { email: 'dave@example.com', permission: 'viewer' }, headers: { 'x-sharing-version': String(version) } });
    assert.equal(fresh.status, 200);
    // The caller's own changes never make their view stale.
    const own = await bob.request('PUT', `/api/v1/share/${QR}/permissions/`, { body: { email: 'dave@example.com', permission: 'commenter' }, headers: { 'x-sharing-version': String(version) } });
    assert.equal(own.status, 200);
    // Privacy too.
    const privacy = await alice.request('PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { body: { reusable: true }, headers: { 'x-sharing-version': '0' } });
    assert.equal(privacy.status, 409);
    assert.equal((await bob.request('PUT', `/api/v1/share/${QR}/permissions/`, { body: { email: 'dave@example.com', permission: 'viewer' }, headers: { 'x-sharing-version': 'abc' } })).status, 400);
  });

  test('on every versioned change the role check comes first: a stale version from someone without the right is a 403, not a 409', async () => {
    const alice = await clientAs(env.app, 'alice');
    const bob = await clientAs(env.app, 'bob');
    const dave = await clientAs(env.app, 'dave');
    // Alice's changes make version 0 stale, for the document and for the Board Only folder.
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false })).status, 200);
    const board = await env.t.db.selectFrom('folders').select('id').where('name', '=', 'Board Only').executeTakeFirstOrThrow();
    const members = `/api/v1/folders/group/${board.id}/users/`;
    assert.equal((await alice.post(members, { email: 'zoe@example.com', role: 'VIEWER', notify: false })).status, 201);
    const zoeInFolder = (await alice.get(members)).body.find((m: { email: string }) => m.email === 'zoe@example.com');
    const carol = await env.t.db.selectFrom('users').select('id').where('username', '=', 'carol').executeTakeFirstOrThrow();
    const stale = { 'x-sharing-version': '0' };
    const before = await env.t.db.selectFrom('sharing_activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    // Dave views the document, Bob edits it (not its owner) and views the folder, whose owner alone changes it.
    const attempts: Array<[string, TestClient, string, string, unknown]> = [
      ['invite', dave, 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'yan@example.com', permission: 'editor', notify: false }],
      ['change a level', dave, 'PUT', `/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'editor' }],
      ['remove someone', dave, 'DELETE', `/api/v1/share/${QR}/permissions/`, { email: 'carol@example.com' }],
      ['team grant', dave, 'PUT', `/api/v1/share/${QR}/organization-permission/`, { permission: 'can_edit' }],
      ['team grant removed', dave, 'DELETE', `/api/v1/share/${QR}/organization-permission/`, undefined],
      ['change a level by user id', dave, 'PUT', `/api/v4/presentation/${QR}/permissions/${carol.id}/`, { permission: 'editor' }],
      ['remove by user id', dave, 'DELETE', `/api/v4/presentation/${QR}/permissions/${carol.id}/`, undefined],
      ['transfer', bob, 'POST', '/api/v4/presentation/transfer/', { oid: QR, email: 'carol@example.com' }],
      ['privacy', dave, 'PUT', `/api/v4/presentation/${QR}/unified-privacy/`, { unified_privacy: 'closed' }],
      ['folder member added', bob, 'POST', members, { email: 'yan@example.com', role: 'VIEWER', notify: false }],
      ['folder member removed', bob, 'DELETE', `${members}${zoeInFolder.id}/`, undefined],
      ['folder deleted', bob, 'DELETE', `/api/v1/folders/group/${board.id}/`, undefined],
    ];
    for (const [what, client, method, url, body] of attempts) {
      const res = await client.request(method, url, { body, headers: stale });
      assert.equal(res.status, 403, `${what}: ${res.text}`);
    }
    const afterwards = await env.t.db.selectFrom('sharing_activity').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    assert.equal(afterwards.n, before.n, 'nothing changed');
  });

  test("a folder's members too: a removal on a stale list is a 409 that removes nobody; with the new version it goes through", async () => {
    const alice = await clientAs(env.app, 'alice');
    const bob = await clientAs(env.app, 'bob');
    const folder = await env.t.db.selectFrom('folders').select('id').where('name', '=', 'Marketing').executeTakeFirstOrThrow();
    const members = `/api/v1/folders/group/${folder.id}/users/`;
    // Alice's folder dialog saw version 0; then Bob (an editor) adds Zoe.
    assert.equal((await bob.post(members, { email: 'zoe@example.com', role: 'VIEWER', notify: false })).status, 201);
    const dave = (await alice.get(members)).body.find((m: { email: string }) => m.email === 'dave@example.com');
    const stale = await alice.request('DELETE', `${members}${dave.id}/`, { headers: { 'x-sharing-version': '0' } });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.code, 'SHARING_CHANGED');
    assert.equal(stale.body.message_code, 'activity_folder_sharing_changed');
    const staleAdd = await alice.request('POST', members, { body: { email: 'yan@example.com', role: 'VIEWER', notify: false }, headers: { 'x-sharing-version': '0' } });
    assert.equal(staleAdd.status, 409);
    const emails = async () => (await alice.get(members)).body.map((m: { email: string }) => m.email);
    assert.ok((await emails()).includes('dave@example.com'), 'nobody was removed');
    assert.ok(!(await emails()).includes('yan@example.com'), 'nobody was added');
    const version = await env.t.db.selectFrom('sharing_activity').select((eb) => eb.fn.max('id').as('id')).where('folder_id', '=', folder.id).executeTakeFirstOrThrow();
    const fresh = await alice.request('DELETE', `${members}${dave.id}/`, { headers: { 'x-sharing-version': String(version.id) } });
    assert.equal(fresh.status, 200);
    assert.ok(!(await emails()).includes('dave@example.com'));
  });
});

describe('live sharing changes over SSE, across two instances', () => {
  let t: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let portB: number;
  beforeEach(async () => {
    t = await createTestDatabase();
    a = await appOn(t.db);
    b = await appOn(await t.connect(), { liveStreams: { ...defaultConfig().liveStreams, perUser: 2, heartbeatSeconds: 1 } });
    await b.listen({ port: 0, host: '127.0.0.1' });
    portB = (b.server.address() as { port: number }).port;
  });
  afterEach(async () => {
    await a.close();
    await b.close();
    await t.cleanup();
  });

  test('a change made on one instance reaches a stream on the other; a reconnect with Last-Event-ID catches up', async () => {
    const alice = await clientAs(a, 'alice');
    const bobOnB = await clientAs(b, 'bob');
    const stream = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bobOnB) });
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers['content-type']), /^text\/event-stream/);
    assert.equal(stream.headers['content-encoding'], undefined);
    const hello = await stream.waitFor((e) => e.event === 'hello');
    assert.equal(hello.data.version, 0);
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
    const change = await stream.waitFor((e) => e.event === 'sharing-change');
    assert.equal(change.data.action, 'collaborator_changed');
    assert.equal(change.data.actor.name, 'Alice Anderson');
    assert.equal(change.id, String(change.data.id));
    await stream.waitFor(() => stream.comments.includes('heartbeat'), 3000).catch(() => undefined);
    assert.ok(stream.comments.includes('heartbeat'), 'a heartbeat comment arrives');
    stream.close();

    // While the stream is closed, two changes; the reconnect names the last id it had. Bob may not read the log:
    // he is told to read the current state again; the owner, who may, gets what she missed.
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'editor' });
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false });
    const again = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bobOnB), 'last-event-id': change.id });
    const current = await again.waitFor((e) => e.event === 'hello');
    assert.deepEqual(again.events.map((e) => e.event), ['resync', 'hello']);
    assert.equal(again.events[0].data.version, current.data.version);
    assert.ok(Number(current.data.version) > Number(change.id));
    again.close();
    const aliceOnB = await clientAs(b, 'alice');
    const owner = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(aliceOnB), 'last-event-id': change.id });
    await owner.waitFor((e) => e.event === 'hello');
    const missed = owner.events.filter((e) => e.event === 'sharing-change').map((e) => e.data.action);
    assert.deepEqual(missed, ['collaborator_changed', 'collaborator_added']);
    owner.close();
  });

  test("the catch-up replays the history only to those who may read the log: a collaborator asking from 0 gets no one's address", async () => {
    const alice = await clientAs(a, 'alice');
    // A history with someone removed since.
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false });
    await alice.request('DELETE', `/api/v1/share/${QR}/permissions/`, { body: { email: 'zoe@example.com' } });
    const folder = await t.db.selectFrom('folders').select('id').where('name', '=', 'Marketing').executeTakeFirstOrThrow();
    assert.equal((await alice.post(`/api/v1/folders/group/${folder.id}/users/`, { email: 'yan@example.com', role: 'VIEWER', notify: false })).status, 201);
    const catchUp = async (user: string, path: string, from: Record<string, string>) => {
      const client = await clientAs(b, user);
      const query = from.query ?? '';
      const stream = await openEventStream(portB, `${path}${query}`, { cookie: cookieOf(client), ...(from.header ? { 'last-event-id': from.header } : {}) });
      await stream.waitFor((e) => e.event === 'hello');
      stream.close();
      return stream.events;
    };
    const document = `/api/v1/share/${QR}/live/`;
    const marketing = `/api/v1/folders/group/${folder.id}/live/`;
    // Dave views the document and the folder, Bob edits the document: neither reads its log.
    for (const [user, path, from] of [
      ['dave', document, { query: '?last_event_id=0' }],
      ['bob', document, { header: '0' }],
      ['dave', marketing, { query: '?last_event_id=0' }],
    ] as const) {
      const events = await catchUp(user, path, from);
      assert.deepEqual(events.map((e) => e.event), ['resync', 'hello'], `${user} ${path}`);
      assert.ok(!JSON.stringify(events).includes('@example.com'), `${user} ${path}: no address`);
    }
    // The owner and the admin of the owner's team (the activity page's readers) get the entries.
    for (const user of ['alice', 'erin']) {
      const events = await catchUp(user, document, { query: '?last_event_id=0' });
      assert.deepEqual(events.filter((e) => e.event === 'sharing-change').map((e) => [e.data.action, e.data.subject]), [
        ['collaborator_added', 'zoe@example.com'],
        ['collaborator_removed', 'zoe@example.com'],
      ], user);
    }
    const folderHistory = await catchUp('alice', marketing, { query: '?last_event_id=0' });
    assert.deepEqual(folderHistory.filter((e) => e.event === 'sharing-change').map((e) => e.data.subject), ['yan@example.com']);
  });

  test("sign-out ends the session's streams, on this instance and on the other; sign-out everywhere ends all of the user's", async () => {
    const first = await clientAs(b, 'bob');
    const second = await clientAs(b, 'bob');
    const one = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(first) });
    const two = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(second) });
    await Promise.all([one.waitFor((e) => e.event === 'hello'), two.waitFor((e) => e.event === 'hello')]);
    const within = (ended: Promise<void>, what: string) =>
      Promise.race([ended, new Promise((_, fail) => setTimeout(() => fail(new Error(`${what} still open`)), 4000))]);
    // The first session signs out through the other instance.
    const signOut = await a.inject({ method: 'POST', url: '/api/v1/session/sign-out/', headers: { cookie: cookieOf(first), 'x-csrftoken': first.csrfToken! } });
    assert.equal(signOut.statusCode, 204);
    await within(one.ended, 'the signed-out stream');
    // The other session's stream goes on.
    const alice = await clientAs(a, 'alice');
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
    await two.waitFor((e) => e.event === 'sharing-change');
    // Sign-out everywhere from a third session, on this instance: the rest end too.
    const third = await clientAs(b, 'bob');
    const three = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(third) });
    await three.waitFor((e) => e.event === 'hello');
    assert.equal((await third.post('/api/v1/session/sign-out-everywhere/')).status, 204);
    await within(two.ended, 'the other session’s stream');
    await within(three.ended, 'the signing-out session’s stream');
    assert.equal(b.liveStreams.count(), 0);
  });

  test("a folder's stream gets its members' changes; someone outside the folder gets no stream", async () => {
    const alice = await clientAs(a, 'alice');
    const dave = await clientAs(b, 'dave');
    const frank = await clientAs(b, 'frank');
    const folder = await t.db.selectFrom('folders').select('id').where('name', '=', 'Marketing').executeTakeFirstOrThrow();
    assert.equal((await openEventStream(portB, `/api/v1/folders/group/${folder.id}/live/`, { cookie: cookieOf(frank) })).status, 404);
    const stream = await openEventStream(portB, `/api/v1/folders/group/${folder.id}/live/`, { cookie: cookieOf(dave) });
    await stream.waitFor((e) => e.event === 'hello');
    assert.equal((await alice.post(`/api/v1/folders/group/${folder.id}/users/`, { email: 'zoe@example.com', role: 'VIEWER', notify: false })).status, 201);
    const change = await stream.waitFor((e) => e.event === 'sharing-change');
    assert.deepEqual([change.data.action, change.data.subject, change.data.folder.name], ['folder_member_added', 'zoe@example.com', 'Marketing']);
    stream.close();
  });

  test('streams need a session and access; past the per-user limit the oldest ends', async () => {
    const anonymous = await openEventStream(portB, `/api/v1/share/${QR}/live/`);
    assert.equal(anonymous.status, 401);
    const frank = await clientAs(b, 'frank');
    assert.equal((await openEventStream(portB, `/api/v1/share/${D.privateStrategy}/live/`, { cookie: cookieOf(frank) })).status, 404);
    const bob = await clientAs(b, 'bob');
    const one = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
    const two = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
    await one.waitFor((e) => e.event === 'hello');
    // Past the limit (2 here) the user's oldest stream ends: a reload behind a proxy that keeps the old connection
    // open must not lock the user out.
    const three = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
    assert.deepEqual([one.status, two.status, three.status], [200, 200, 200]);
    await one.ended;
    assert.equal(b.liveStreams.count(), 2);
    two.close();
    three.close();
  });

  test('past the per-user limit the oldest is ended once and told so: dialogs that reconnect as browsers do never take turns', async () => {
    const bob = await clientAs(b, 'bob');
    const open = async () => {
      const stream = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
      await stream.waitFor((e) => e.event === 'hello');
      return stream;
    };
    // The limit is 2 here: three dialogs.
    const tabs = [await open(), await open()];
    tabs.push(await open());
    // Each dialog reconnects when its stream ends, as an EventSource does, unless it was told it was replaced.
    let evictions = 0;
    for (let round = 0; round < 5; round++) {
      const gone = await Promise.race(tabs.map((tab) => tab.ended.then(() => tab)));
      evictions += 1;
      tabs.splice(tabs.indexOf(gone), 1);
      const last = gone.events.at(-1);
      if (last?.event === 'replaced') {
        assert.deepEqual(last.data, { limit: 2 });
        break;
      }
      tabs.push(await open());
    }
    assert.equal(evictions, 1, 'one stream ended, once');
    assert.equal(b.liveStreams.count(), 2);
    for (const tab of tabs) tab.close();
  });

  test('a collaborator removed while watching: the stream says access ended, then ends', async () => {
    const alice = await clientAs(a, 'alice');
    const dave = await clientAs(b, 'dave');
    const stream = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(dave) });
    await stream.waitFor((e) => e.event === 'hello');
    await alice.request('DELETE', `/api/v1/share/${QR}/permissions/`, { body: { email: 'dave@example.com' } });
    await stream.ended;
    assert.equal(stream.events.filter((e) => e.event === 'sharing-change').length, 0, 'nothing of the document after access ended');
    // The dialog says "You no longer have access" at once, and does not reconnect.
    assert.equal(stream.events.at(-1)?.event, LIVE_EVENT_ACCESS_ENDED);
  });

  test('the listening connection comes back after a database fault and the stream catches up', async () => {
    const alice = await clientAs(a, 'alice');
    const bob = await clientAs(b, 'bob');
    const stream = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
    await stream.waitFor((e) => e.event === 'hello');
    // The database ends the listening connection (as a restart or failover would).
    const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where application_name = 'deck-sharing-live' and datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %' || ${t.schema} || '%'`.execute(t.db);
    assert.equal(killed.rows[0].n, 1);
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'editor' });
    const change = await stream.waitFor((e) => e.event === 'sharing-change', 8000);
    assert.equal(change.data.after.permission, 'editor');
    stream.close();
  });

  test('a shutdown ends the open streams, so the server drains instead of waiting out the grace period', async () => {
    const bob = await clientAs(b, 'bob');
    const stream = await openEventStream(portB, `/api/v1/share/${QR}/live/`, { cookie: cookieOf(bob) });
    await stream.waitFor((e) => e.event === 'hello');
    const exits: number[] = [];
    const shutdown = gracefulShutdown({
      app: b,
      logger: silentLogger(),
      drainSeconds: 0,
      graceSeconds: 5,
      startDraining: () => undefined,
      closeLiveStreams: () => b.liveStreams.closeAll(),
      stopOutbox: async () => undefined,
      closeRest: async () => undefined,
      exit: (code) => exits.push(code),
    });
    await shutdown('SIGTERM');
    await stream.ended;
    assert.deepEqual(exits, [0]);
  });
});
