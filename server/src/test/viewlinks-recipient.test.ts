import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { MESSAGES } from '../permissions/messages';
import { newViewLinkId } from '../tokens';
import { issueVisitId } from '../services/visit-ids';
import { RECIPIENT_MESSAGES } from '../messages/recipient';
import { VIEW_LINK_MESSAGES } from '../messages/view-links';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const base = '/api/v1/prezilink/';
const create = (oid: string, name: string, analytics = true, identification = false) => ({
  presentation_oid: oid,
  name,
  visible_on_analytics: analytics,
  viewer_identification: identification,
});
const SECRET = 'test-secret-test-secret';

interface SeededLink {
  link_id: string;
  name: string;
  is_owner: boolean;
}

async function quarterlyLinks(alice: TestClient): Promise<Record<string, SeededLink>> {
  const res = await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`);
  assert.equal(res.status, 200);
  return Object.fromEntries((res.body as SeededLink[]).map((l) => [l.name, l]));
}

describe('view links: recipient side and every refusal', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    await t.reset();
  });
  after(() => t.close());
  /** The id GET …/open/ would issue now for the visits URL's link (one per n, so repeats are the same open). */
  const openId = (n: number, visitsUrl: string) => issueVisitId(SECRET, visitsUrl.split('/')[4], clock, `open-${String(n).padStart(12, '0')}`);

  test('opening a live link gives its document; a deactivated one says so and gives nothing of the document', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const stranger = await clientAs(t.app, null);

    const board = await stranger.get(`${base}${links['Board members'].link_id}/open/`);
    assert.equal(board.status, 200);
    assert.deepEqual(board.body, {
      link_id: links['Board members'].link_id,
      presentation_oid: QR,
      document_title: 'Quarterly Review',
      sharer_first_name: 'Alice',
      sharer_last_name: 'Anderson',
      viewer_identification: true,
      open_id: board.body.open_id,
      verified_email: null,
      can_download: false,
      watermark: false,
      opened_at: '2026-03-10T12:00:00.000Z',
      viewer_name: null,
    });
    assert.equal((await stranger.get(`${base}${links.Newsletter.link_id}/open/`)).body.viewer_identification, false);

    await alice.delete(`${base}${links.Newsletter.link_id}/`);
    const revoked = await stranger.get(`${base}${links.Newsletter.link_id}/open/`);
    assert.equal(revoked.status, 410);
    assert.equal(revoked.body.message, MESSAGES.linkRevoked);
    assert.equal(revoked.body.presentation_oid, undefined);
    assert.ok(!revoked.text.includes(QR), 'no trace of the document');

    const unknown = await stranger.get(`${base}${newViewLinkId()}/open/`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, MESSAGES.linkNotFound);
  });

  test('each open of a tracked link is recorded once, however often the page repeats it', async () => {
    const alice = await clientAs(t.app, 'alice');
    const { Newsletter } = await quarterlyLinks(alice);
    const viewer = await clientAs(t.app, null);
    const url = `${base}${Newsletter.link_id}/visits/`;

    const first = await viewer.post(url, { open_id: openId(1, url) });
    assert.equal(first.status, 201);
    assert.deepEqual(first.body, { recorded: true });
    const repeated = await viewer.post(url, { open_id: openId(1, url) });
    assert.equal(repeated.status, 200);
    assert.deepEqual(repeated.body, { recorded: true });
    assert.equal((await viewer.post(url, { open_id: openId(2, url) })).status, 201);

    const rows = await t.db.selectFrom('view_link_visits').selectAll().execute();
    assert.equal(rows.length, 2);
    assert.ok(rows.every((r) => r.viewer_name === null && r.viewer_email === null), 'nothing unasked is stored');

    // Name and e-mail sent to a link that does not ask for them are not kept.
    await viewer.post(url, { open_id: openId(3, url), viewer_name: 'Nosy', viewer_email: 'nosy@example.com' });
    const third = await t.db.selectFrom('view_link_visits').selectAll().where('session_id', '=', openId(3, url)).executeTakeFirstOrThrow();
    assert.equal(third.viewer_email, null);
  });

  test('a signed-in viewer is recorded as that user', async () => {
    const alice = await clientAs(t.app, 'alice');
    const { Newsletter } = await quarterlyLinks(alice);
    const dave = await clientAs(t.app, 'dave');
    await dave.post(`${base}${Newsletter.link_id}/visits/`, { open_id: openId(7, `${base}${Newsletter.link_id}/visits/`) });
    const row = await t.db.selectFrom('view_link_visits').innerJoin('users', 'users.id', 'view_link_visits.user_id').select('users.username').executeTakeFirstOrThrow();
    assert.equal(row.username, 'dave');
  });

  test('an identified link needs a name and a valid e-mail before the visit counts', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const viewer = await clientAs(t.app, null);
    const url = `${base}${links['Board members'].link_id}/visits/`;
    const before = await snapshot(t.db);

    const noName = await viewer.post(url, { open_id: openId(1, url), viewer_email: 'vera@example.com' });
    assert.equal(noName.status, 400);
    assert.equal(noName.body.message, RECIPIENT_MESSAGES.nameRequired);
    const blankName = await viewer.post(url, { open_id: openId(1, url), viewer_name: '   ', viewer_email: 'vera@example.com' });
    assert.equal(blankName.status, 400);
    for (const email of [undefined, '', 'vera', 'vera@localhost', `${'v'.repeat(65)}@example.com`, `vera@${'d'.repeat(64)}.com`]) {
      const bad = await viewer.post(url, { open_id: openId(1, url), viewer_name: 'Vera', ...(email === undefined ? {} : { viewer_email: email }) });
      assert.equal(bad.status, 400, `e-mail ${email}`);
      assert.equal(bad.body.message, MESSAGES.invalidEmail);
      assert.equal(bad.body.code, 'INVALID_EMAIL');
    }
    const tooLongName = await viewer.post(url, { open_id: openId(1, url), viewer_name: 'V'.repeat(101), viewer_email: 'vera@example.com' });
    assert.equal(tooLongName.status, 400);
    assert.deepEqual(await snapshot(t.db), before, 'no refused visit is stored');

    const ok = await viewer.post(url, { open_id: openId(1, url), viewer_name: '  Vera Viewer ', viewer_email: ' Vera@Example.com ' });
    assert.equal(ok.status, 201);
    const row = await t.db.selectFrom('view_link_visits').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.viewer_name, 'Vera Viewer');
    assert.equal(row.viewer_email, 'vera@example.com');
  });

  test('links hidden from analytics and unlisted links record nothing; a deactivated link takes no visits', async () => {
    const frank = await clientAs(t.app, 'frank');
    const [investors] = (await frank.get(`${base}?presentation_oid=${D.franksPitch}`)).body as SeededLink[];
    const viewer = await clientAs(t.app, null);
    const hidden = await viewer.post(`${base}${investors.link_id}/visits/`, { open_id: openId(1, `${base}${investors.link_id}/visits/`) });
    assert.equal(hidden.status, 200);
    assert.deepEqual(hidden.body, { recorded: false });

    const alice = await clientAs(t.app, 'alice');
    const unlisted = (await alice.put(`${base}unlisted/${QR}`)).body as { link_id: string };
    assert.equal((await viewer.get(`${base}${unlisted.link_id}/open/`)).body.viewer_identification, false);
    assert.deepEqual((await viewer.post(`${base}${unlisted.link_id}/visits/`, { open_id: openId(2, `${base}${unlisted.link_id}/visits/`) })).body, { recorded: false });
    assert.equal((await t.db.selectFrom('view_link_visits').selectAll().execute()).length, 0);

    const { Newsletter } = await quarterlyLinks(alice);
    await alice.delete(`${base}${Newsletter.link_id}/`);
    const late = await viewer.post(`${base}${Newsletter.link_id}/visits/`, { open_id: openId(3, `${base}${Newsletter.link_id}/visits/`) });
    assert.equal(late.status, 410);
    assert.equal(late.body.message, MESSAGES.linkRevoked);
  });

  test('analytics: views per day in the viewer\'s time zone, identified viewers newest first', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const viewer = await clientAs(t.app, null);
    const visit = async (at: string, n: number, who?: [string, string]) => {
      clock = new Date(at);
      const res = await viewer.post(`${base}${links['Board members'].link_id}/visits/`, {
        open_id: openId(n, `${base}${links['Board members'].link_id}/visits/`),
        viewer_name: who?.[0] ?? 'Anon Ymous',
        viewer_email: who?.[1] ?? `anon${n}@example.com`,
      });
      assert.equal(res.status, 201);
    };
    await visit('2026-03-08T09:00:00Z', 1, ['Ada One', 'ada@example.com']);
    await visit('2026-03-08T23:30:00Z', 2, ['Bea Two', 'bea@example.com']);
    await visit('2026-03-09T10:00:00Z', 3, ['Cy Three', 'cy@example.com']);

    const utc = await alice.get(`${base}${links['Board members'].link_id}/analytics/`);
    assert.equal(utc.status, 200);
    assert.equal(utc.body.time_zone, 'UTC');
    assert.equal(utc.body.total_views, 3);
    assert.deepEqual(utc.body.views_by_day, [
      { day: '2026-03-08', views: 2 },
      { day: '2026-03-09', views: 1 },
    ]);
    assert.equal(utc.body.identified_total, 3);
    assert.deepEqual(
      utc.body.identified_viewers.map((v: { name: string; email: string; visited_at: string }) => [v.name, v.email, v.visited_at]),
      [
        ['Cy Three', 'cy@example.com', '2026-03-09T10:00:00.000Z'],
        ['Bea Two', 'bea@example.com', '2026-03-08T23:30:00.000Z'],
        ['Ada One', 'ada@example.com', '2026-03-08T09:00:00.000Z'],
      ],
    );
    assert.equal(utc.body.link.name, 'Board members');
    assert.equal(utc.body.link.document_title, 'Quarterly Review');
    assert.match(utc.body.link.url, new RegExp(`/l/${links['Board members'].link_id}$`));

    // 23:30 UTC on the 8th is already the 9th in Berlin.
    const berlin = await alice.get(`${base}${links['Board members'].link_id}/analytics/?tz=Europe%2FBerlin`);
    assert.deepEqual(berlin.body.views_by_day, [
      { day: '2026-03-08', views: 1 },
      { day: '2026-03-09', views: 2 },
    ]);
    const badZone = await alice.get(`${base}${links['Board members'].link_id}/analytics/?tz=Mars%2FOlympus`);
    assert.equal(badZone.status, 400);
    assert.equal(badZone.body.message, RECIPIENT_MESSAGES.unknownTimeZone);
  });

  test('slide engagement: a visit’s slide times add up per slide, bounded, and show per slide and per visit on the analytics', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const link = links['Board members'].link_id;
    const visits = `${base}${link}/visits/`;
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const viewer = await clientAs(t.app, null);
    /** A beacon: the times as text/plain, no CSRF header. */
    const beacon = (open: string, times: Array<[number, number]>, userAgent = phone) =>
      viewer.request('POST', `${visits}${open}/slides/`, { body: JSON.stringify({ times }), contentType: 'text/plain;charset=UTF-8', csrf: false, headers: { 'user-agent': userAgent } });
    const ada = openId(1, visits);
    const bea = openId(2, visits);
    assert.equal((await viewer.post(visits, { open_id: ada, viewer_name: 'Ada One', viewer_email: 'ada@example.com' })).status, 201);
    assert.equal((await viewer.post(visits, { open_id: bea, viewer_name: 'Bea Two', viewer_email: 'bea@example.com' })).status, 201);

    assert.equal((await beacon(ada, [[0, 4000], [1, 2500]])).status, 204);
    assert.equal((await beacon(ada, [[1, 1500], [2, 500], [8, 9000]])).status, 204, 'a slide past the last (the deck has 8) is left out');
    assert.equal((await beacon(bea, [[0, 1000]], 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0')).status, 204);
    // Refused, and nothing added: a batch longer than a batch can be, an open of another link, a forged open, an
    // open that was never recorded.
    assert.equal((await beacon(ada, [[0, 180_000], [1, 180_000]])).status, 400);
    const otherLink = links.Newsletter.link_id;
    assert.equal((await viewer.request('POST', `${base}${otherLink}/visits/${ada}/slides/`, { body: JSON.stringify({ times: [[0, 1000]] }), contentType: 'text/plain', csrf: false })).status, 400);
    assert.equal((await beacon(`${ada.slice(0, -3)}AAA`, [[0, 1000]])).status, 400);
    assert.equal((await beacon(openId(3, visits), [[0, 1000]])).status, 404);

    const analytics = await alice.get(`${base}${link}/analytics/`);
    assert.equal(analytics.status, 200);
    assert.equal(analytics.body.slides.length, 8, 'every slide of the deck, seen or not');
    assert.deepEqual(analytics.body.slides.slice(0, 4), [
      { slide: 1, visits: 2, seconds: 5 },
      { slide: 2, visits: 1, seconds: 4 },
      { slide: 3, visits: 1, seconds: 0.5 },
      { slide: 4, visits: 0, seconds: 0 },
    ]);
    assert.deepEqual(
      analytics.body.visits.map((v: { name: string; device: string; seconds: number; slides_seen: number }) => [v.name, v.device, v.seconds, v.slides_seen]),
      [
        ['Bea Two', 'desktop', 1, 1],
        ['Ada One', 'phone', 8.5, 3],
      ],
    );

    // One visit's time on one slide stops at two hours (a tab left open).
    await t.db.updateTable('link_slide_times').set({ ms: 2 * 60 * 60 * 1000 - 1000 }).where('slide', '=', 0).execute();
    assert.equal((await beacon(ada, [[0, 5000]])).status, 204);
    const capped = await t.db.selectFrom('link_slide_times').select('ms').where('slide', '=', 0).orderBy('ms', 'desc').executeTakeFirstOrThrow();
    assert.equal(capped.ms, 2 * 60 * 60 * 1000);
  });

  test('opens tell the link’s creator: once per visitor (anonymous opens once a day), or in one digest of the day before', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const board = links['Board members'].link_id;
    const newsletter = links.Newsletter.link_id;
    const mails = async (kind: string) => (await t.db.selectFrom('outbox').select(['to_email', 'subject', 'text']).where('kind', '=', kind).orderBy('id').execute());
    // The seeded links were made before the notes: silent until chosen.
    assert.equal((await alice.get(`${base}${board}/`)).body.open_notice, 'off');
    assert.equal((await alice.put(`${base}${board}/`, { open_notice: 'first_open' })).body.open_notice, 'first_open');
    const viewer = await clientAs(t.app, null);
    const open = (link: string, n: number, who?: [string, string]) =>
      viewer.post(`${base}${link}/visits/`, { open_id: openId(n, `${base}${link}/visits/`), ...(who ? { viewer_name: who[0], viewer_email: who[1] } : {}) });
    assert.equal((await open(board, 1, ['Vera Viewer', 'vera@example.com'])).status, 201);
    assert.equal((await open(board, 2, ['Vera Viewer', 'VERA@example.com'])).status, 201, 'her second open, her address in other letters');
    assert.equal((await open(board, 3, ['Ulf Ulm', 'ulf@example.com'])).status, 201);
    const opened = await mails('link-opened');
    assert.deepEqual(opened.map((m) => [m.to_email, m.subject]), [
      ['alice@example.com', 'Vera Viewer <vera@example.com> opened your link “Board members”'],
      ['alice@example.com', 'Ulf Ulm <ulf@example.com> opened your link “Board members”'],
    ]);
    assert.match(opened[0].text, /for the first time, on March 10, 2026 at 12:00 PM UTC/);
    assert.match(opened[0].text, new RegExp(`/analytics/${board}`));

    // Unnamed opens: the first of each day says so, the others are counted in the analytics only.
    await alice.put(`${base}${newsletter}/`, { open_notice: 'first_open' });
    await open(newsletter, 4);
    await open(newsletter, 5);
    clock = new Date('2026-03-11T09:00:00Z');
    await open(newsletter, 6);
    assert.deepEqual((await mails('link-opened')).slice(2).map((m) => m.subject), ['Your link “Newsletter” was opened', 'Your link “Newsletter” was opened']);

    // A daily digest: nothing as each visitor comes, then one e-mail with the day before, once.
    const investors = await alice.post(base, { ...create(QR, 'Investors', true, true), open_notice: 'daily' });
    assert.equal(investors.body.open_notice, 'daily');
    await open(investors.body.link_id, 7, ['Wes West', 'wes@example.com']);
    await open(investors.body.link_id, 8, ['Wes West', 'wes@example.com']);
    assert.equal((await mails('link-opened')).length, 4, 'no note while the link sends a digest');
    const { sendLinkDigests } = await import('../services/link-open-notices');
    assert.equal(await sendLinkDigests(t.db, new Date('2026-03-11T23:00:00Z')), 0, 'the day is not over');
    assert.equal(await sendLinkDigests(t.db, new Date('2026-03-12T00:30:00Z')), 1);
    assert.equal(await sendLinkDigests(t.db, new Date('2026-03-12T01:30:00Z')), 0, 'once');
    const [digest] = await mails('link-digest');
    assert.equal(digest.to_email, 'alice@example.com');
    assert.equal(digest.subject, 'Your trackable links on March 11, 2026: 2 opens');
    assert.match(digest.text, /“Investors” to “Quarterly Review”: 2 opens, 1 named visitor/);

    // Notes need recorded opens: none without analytics, and turning analytics off turns them off.
    const refused = await alice.put(`${base}${newsletter}/`, { visible_on_analytics: false, open_notice: 'daily' });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, VIEW_LINK_MESSAGES.openNoticeNeedsAnalytics);
    assert.equal((await alice.put(`${base}${newsletter}/`, { visible_on_analytics: false })).body.open_notice, 'off');
    const created = await alice.post(base, create(QR, 'Partners'));
    assert.equal(created.body.open_notice, 'first_open', 'a new link with analytics tells of each new visitor');
    assert.equal((await alice.post(base, create(QR, 'Quiet', false))).body.open_notice, 'off');
  });

  test('analytics belong to the link\'s creator and the document\'s owner only', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const bob = await clientAs(t.app, 'bob');
    const sales = `${base}${links['Sales team'].link_id}/analytics/`;
    const board = `${base}${links['Board members'].link_id}/analytics/`;

    assert.equal((await bob.get(sales)).status, 200, 'the creator');
    assert.equal((await alice.get(sales)).status, 200, 'the document owner');
    for (const who of ['bob', 'carol', 'dave', 'frank', 'erin']) {
      const res = await (await clientAs(t.app, who)).get(board);
      assert.equal(res.status, 403, who);
      assert.equal(res.body.message, RECIPIENT_MESSAGES.analyticsForbidden);
    }
    const anonymous = await (await clientAs(t.app, null)).get(board);
    assert.equal(anonymous.status, 403);
    assert.equal(anonymous.body.message, MESSAGES.linkAuth);
    const unknown = await alice.get(`${base}${newViewLinkId()}/analytics/`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.message, MESSAGES.linkNotFound);

    // A creator who lost access to the document loses the link's analytics with it.
    await alice.delete(`/api/v1/share/${QR}/permissions/`, { email: 'bob@example.com' });
    await t.db.deleteFrom('document_team_permissions').execute();
    const lost = await bob.get(sales);
    assert.equal(lost.status, 403);
    assert.equal(lost.body.message, MESSAGES.linksManage);
  });

  test('deactivating keeps the recorded views unless the data is deleted (DELETE and PUT alike)', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const viewer = await clientAs(t.app, null);
    await viewer.post(`${base}${links.Newsletter.link_id}/visits/`, { open_id: openId(1, `${base}${links.Newsletter.link_id}/visits/`) });
    await viewer.post(`${base}${links['Sales team'].link_id}/visits/`, { open_id: openId(2, `${base}${links['Sales team'].link_id}/visits/`) });
    await viewer.post(`${base}${links['Board members'].link_id}/visits/`, { open_id: openId(3, `${base}${links['Board members'].link_id}/visits/`), viewer_name: 'Vi', viewer_email: 'vi@example.com' });

    const kept = await alice.delete(`${base}${links.Newsletter.link_id}/`);
    assert.equal(kept.body.visible_on_analytics, true);
    const keptStats = await alice.get(`${base}${links.Newsletter.link_id}/analytics/`);
    assert.equal(keptStats.body.total_views, 1);
    assert.equal(keptStats.body.link.revoked, true);

    const dropped = await alice.delete(`${base}${links['Sales team'].link_id}/?delete_data=true`);
    assert.equal(dropped.body.visible_on_analytics, false);
    const droppedStats = await alice.get(`${base}${links['Sales team'].link_id}/analytics/`);
    assert.equal(droppedStats.body.total_views, 0);
    assert.equal(droppedStats.body.link.visible_on_analytics, false);

    // Spec §4's form: PUT revoked with visible_on_analytics = !deleteData.
    const viaPut = await alice.put(`${base}${links['Board members'].link_id}/`, { revoked: true, visible_on_analytics: false });
    assert.equal(viaPut.status, 200);
    assert.equal(viaPut.body.revoked, true);
    assert.equal(viaPut.body.visible_on_analytics, false);
    const remaining = await t.db.selectFrom('view_link_visits').select('session_id').execute();
    assert.deepEqual(remaining.map((r) => r.session_id), [openId(1, `${base}${links.Newsletter.link_id}/visits/`)]);

    // Deleting later what a first deactivation kept.
    await alice.delete(`${base}${links.Newsletter.link_id}/?delete_data=true`);
    assert.equal((await t.db.selectFrom('view_link_visits').selectAll().execute()).length, 0);
  });

  test('every refusal of the view-link API, and nothing changes', async () => {
    const alice = await clientAs(t.app, 'alice');
    const links = await quarterlyLinks(alice);
    const anonymous = await clientAs(t.app, null);
    const bob = await clientAs(t.app, 'bob');
    const carol = await clientAs(t.app, 'carol');
    const dave = await clientAs(t.app, 'dave');
    const frank = await clientAs(t.app, 'frank');
    const grace = await clientAs(t.app, 'grace');
    const [investors] = (await frank.get(`${base}?presentation_oid=${D.franksPitch}`)).body as SeededLink[];
    // A link of grace's made before her team switched trackable links off.
    const gracesLink = newViewLinkId();
    const graceUser = await t.db.selectFrom('users').select('id').where('username', '=', 'grace').executeTakeFirstOrThrow();
    const globex = await t.db.selectFrom('documents').select('id').where('oid', '=', D.globexPlan).executeTakeFirstOrThrow();
    await t.db.insertInto('view_links').values({ link_id: gracesLink, document_id: globex.id, owner_id: graceUser.id, name: 'Old', visible_on_analytics: true }).execute();
    const alicesLink = `${base}${links['Board members'].link_id}/`;
    const unknown = `${base}${newViewLinkId()}/`;

    type Case = [client: TestClient, label: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body: unknown, status: number, message: string, code?: string];
    const cases: Case[] = [
      // No session: spec §8 'Authentication error'.
      [anonymous, 'anonymous', 'GET', `${base}?presentation_oid=${QR}`, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'POST', base, create(QR, 'x'), 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'GET', alicesLink, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'PUT', alicesLink, { name: 'x' }, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'DELETE', alicesLink, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'GET', `${base}unlisted/${QR}`, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'PUT', `${base}unlisted/${QR}`, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      [anonymous, 'anonymous', 'GET', `${alicesLink}analytics/`, undefined, 403, MESSAGES.linkAuth, 'NOT_AUTHENTICATED'],
      // No right to create (commenter, viewer, stranger).
      [carol, 'carol', 'POST', base, create(QR, 'x', false), 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
      [dave, 'dave', 'POST', base, create(QR, 'x', false), 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
      [frank, 'frank', 'GET', `${base}?presentation_oid=${QR}`, undefined, 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
      [frank, 'frank', 'GET', `${base}?user_oid=someone`, undefined, 403, MESSAGES.linksManage, 'NOT_ALLOWED'],
      // Limit, team, closed document, paywall.
      [frank, 'frank', 'POST', base, create(D.franksPitch, 'Second', false), 403, MESSAGES.linksLimit, 'NOT_ALLOWED_LIMIT_REACHED'],
      [frank, 'frank', 'PUT', `${base}${investors.link_id}/`, { visible_on_analytics: true }, 403, MESSAGES.analyticsPaywall, 'NOT_ALLOWED_WITH_CURRENT_FEATURES'],
      [grace, 'grace', 'POST', base, create(D.globexPlan, 'x'), 403, MESSAGES.linksTeam, 'NOT_ALLOWED_IN_ORG'],
      [grace, 'grace', 'PUT', `${base}${gracesLink}/`, { name: 'Renamed' }, 403, MESSAGES.linksTeam, 'NOT_ALLOWED_IN_ORG'],
      [grace, 'grace', 'DELETE', `${base}${gracesLink}/`, undefined, 403, MESSAGES.linksTeam, 'NOT_ALLOWED_IN_ORG'],
      [alice, 'alice', 'POST', base, create(D.privateStrategy, 'x'), 403, MESSAGES.linksClosed, 'NOT_POSSIBLE'],
      [alice, 'alice', 'POST', base, create(D.privateStrategy, 'x', false), 403, MESSAGES.linksClosed, 'NOT_POSSIBLE'],
      // Someone else's link is not there for an editor.
      [bob, 'bob', 'GET', alicesLink, undefined, 404, MESSAGES.linkNotFound],
      [bob, 'bob', 'PUT', alicesLink, { name: 'mine' }, 404, MESSAGES.linkNotFound],
      [bob, 'bob', 'DELETE', alicesLink, undefined, 404, MESSAGES.linkNotFound],
      [bob, 'bob', 'PUT', alicesLink, { revoked: true }, 404, MESSAGES.linkNotFound],
      [bob, 'bob', 'GET', `${alicesLink}analytics/`, undefined, 403, RECIPIENT_MESSAGES.analyticsForbidden, 'NOT_ALLOWED'],
      // Unknown links.
      [alice, 'alice', 'GET', unknown, undefined, 404, MESSAGES.linkNotFound],
      [alice, 'alice', 'PUT', unknown, { name: 'x' }, 404, MESSAGES.linkNotFound],
      [alice, 'alice', 'DELETE', unknown, undefined, 404, MESSAGES.linkNotFound],
      [anonymous, 'anonymous', 'GET', `${unknown}open/`, undefined, 404, MESSAGES.linkNotFound],
      [anonymous, 'anonymous', 'POST', `${unknown}visits/`, { open_id: openId(1, `${unknown}visits/`) }, 404, MESSAGES.linkNotFound],
      // Invalid combinations.
      [alice, 'alice', 'POST', base, create(QR, 'x', false, true), 400, MESSAGES.viewerIdentificationNeedsAnalytics, 'INVALID_COMBINATION'],
      [alice, 'alice', 'PUT', alicesLink, { visible_on_analytics: false, viewer_identification: true }, 400, MESSAGES.viewerIdentificationNeedsAnalytics, 'INVALID_COMBINATION'],
      [alice, 'alice', 'PUT', alicesLink, { revoked: true, name: 'x' }, 400, VIEW_LINK_MESSAGES.deactivationFields, 'INVALID_COMBINATION'],
    ];

    const before = await snapshot(t.db);
    for (const [client, label, method, url, body, status, message, code] of cases) {
      const res = await client.request(method, url, { body });
      const what = `${label} ${method} ${url} ${JSON.stringify(body)}`;
      assert.equal(res.status, status, `${what} → ${res.status} ${res.text}`);
      assert.equal(res.body.message, message, what);
      if (code) assert.equal(res.body.code, code, what);
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing changed');

    // A deactivated link cannot be changed or brought back.
    await alice.delete(alicesLink);
    for (const body of [{ name: 'Back' }, { revoked: false }, { visible_on_analytics: true }]) {
      const res = await alice.put(alicesLink, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.equal(res.body.message, MESSAGES.linkRevoked);
    }
    // Malformed input.
    for (const [url, body] of [
      [`${base}${links.Newsletter.link_id}/visits/`, { open_id: 'short' }],
      [`${base}${links.Newsletter.link_id}/visits/`, { open_id: 'has spaces in it!!' }],
      [`${base}${links.Newsletter.link_id}/visits/`, { open_id: openId(1, `${base}${links.Newsletter.link_id}/visits/`), extra: true }],
      [`${base}bad$id/visits/`, { open_id: openId(1, `${base}bad$id/visits/`) }],
    ] as const) {
      assert.equal((await anonymous.post(url, body)).status, 400, `${url} ${JSON.stringify(body)}`);
    }
  });

  test('link ids: unique, at least 128 bits from a secure source, never derived from the document', async () => {
    const ids = new Set(Array.from({ length: 5000 }, () => newViewLinkId()));
    assert.equal(ids.size, 5000);
    for (const id of ids) {
      assert.match(id, /^[A-Za-z0-9_-]+$/);
      assert.ok(Buffer.from(id, 'base64url').length * 8 >= 128, `${id} carries at least 128 bits`);
    }
    // Every position varies: no fixed prefix or document-derived part.
    const sample = [...ids].slice(0, 500);
    for (let i = 0; i < sample[0].length; i++) {
      assert.ok(new Set(sample.map((id) => id[i])).size > 16, `position ${i} varies`);
    }

    const alice = await clientAs(t.app, 'alice');
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await alice.post(base, create(QR, `Link ${i}`))).body.link_id);
    made.push((await alice.put(`${base}unlisted/${QR}`)).body.link_id);
    const all = await t.db.selectFrom('view_links').select('link_id').execute();
    assert.equal(new Set(all.map((r) => r.link_id)).size, all.length);
    for (const id of made) {
      assert.ok(Buffer.from(id, 'base64url').length >= 16);
      assert.ok(!id.includes(QR));
    }
  });
});
