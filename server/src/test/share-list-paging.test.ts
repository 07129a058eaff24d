import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { IndividualCollaborator, SharePermissionsResponse } from '@deck/shared/api/contract';
import { SHARE_LIST_PAGE_MAX, SHARE_LIST_UNPAGED_MAX } from '@deck/shared/domains/collaborators/share-list-paging';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const url = `/api/v1/share/${QR}/permissions/`;

/** Adds `count` pending invitations (page<n>@example.com) to the Quarterly Review. */
async function addInvitees(t: TestApp, count: number, prefix = 'page'): Promise<void> {
  await sql`
    insert into collaborators (document_id, user_id, email, permission)
    select d.id, null, ${prefix} || g || '@example.com', 'viewer' from documents d, generate_series(1, ${count}) g
    where d.oid = ${QR}`.execute(t.db);
}

/** Every page from the first, following next_cursor to the end. */
async function allPages(client: TestClient, query: string): Promise<SharePermissionsResponse[]> {
  const pages: SharePermissionsResponse[] = [];
  let cursor: string | null | undefined;
  do {
    const res = await client.get<SharePermissionsResponse>(`${url}?${query}${cursor ? `&cursor=${cursor}` : ''}`);
    assert.equal(res.status, 200, res.text);
    pages.push(res.body);
    cursor = res.body.next_cursor;
    assert.ok(pages.length < 100, 'the pages end');
  } while (cursor);
  return pages;
}

const emails = (rows: IndividualCollaborator[]) => rows.map((row) => row.email);

describe('paging the share list', () => {
  let t: TestApp;
  let alice: TestClient;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    await addInvitees(t, 25);
    alice = await clientAs(t.app, 'alice');
  });
  after(() => t.close());

  test('without paging the answer is as before: the whole list, no paging fields', async () => {
    const res = await alice.get<SharePermissionsResponse>(url);
    assert.equal(res.status, 200);
    assert.equal(res.body.individual.length, 1 + 4 + 25);
    assert.equal('next_cursor' in res.body, false);
    assert.equal('total_count' in res.body, false);
  });

  test('first page: the owner, then `limit` rows in the list order, the cursor and the count of everyone', async () => {
    const whole = (await alice.get<SharePermissionsResponse>(url)).body;
    const res = await alice.get<SharePermissionsResponse>(`${url}?limit=3`);
    assert.equal(res.status, 200);
    assert.deepEqual(emails(res.body.individual), ['alice@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com']);
    assert.equal(typeof res.body.next_cursor, 'string');
    assert.equal(res.body.total_count, whole.individual.length);
    assert.deepEqual(res.body.organization, whole.organization, 'the team comes with every page');
  });

  test('following the cursor gives every row once, in order, and the last page says it is the last', async () => {
    const whole = (await alice.get<SharePermissionsResponse>(url)).body;
    const pages = await allPages(alice, 'limit=7');
    assert.equal(pages.length, Math.ceil((whole.individual.length - 1) / 7));
    assert.equal(pages.at(-1)!.next_cursor, null);
    assert.ok(pages.slice(1).every((page) => !('total_count' in page)), 'the count comes with the first page');
    const rows = pages.flatMap((page) => page.individual);
    // Joined collaborators by id, then pending invitations by id: Gina (invited in the seed) before page1….
    assert.deepEqual(emails(rows), emails(whole.individual));
    assert.equal(new Set(emails(rows)).size, rows.length, 'no row twice');
    assert.deepEqual(emails(rows).slice(-3), ['page23@example.com', 'page24@example.com', 'page25@example.com']);
  });

  test('a collaborator added between pages is on a later page, and no row is repeated or skipped', async () => {
    const first = (await alice.get<SharePermissionsResponse>(`${url}?limit=10`)).body;
    const added = await alice.put(url, { email: 'late.comer@example.com', permission: 'commenter', notify: false });
    assert.equal(added.status, 200, added.text);
    const rest: SharePermissionsResponse[] = [];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = (await alice.get<SharePermissionsResponse>(`${url}?limit=10&cursor=${cursor}`)).body;
      rest.push(page);
      cursor = page.next_cursor;
    }
    const rows = emails([...first.individual, ...rest.flatMap((page) => page.individual)]);
    assert.equal(rows.at(-1), 'late.comer@example.com');
    assert.equal(new Set(rows).size, rows.length);
    const now = emails((await alice.get<SharePermissionsResponse>(url)).body.individual);
    assert.deepEqual(rows, now);
  });

  test("the current user's row comes right after the owner's on the first page only", async () => {
    const carol = await clientAs(t.app, 'carol');
    const pages = await allPages(carol, 'limit=2');
    assert.deepEqual(emails(pages[0].individual), ['alice@example.com', 'carol@example.com', 'bob@example.com', 'dave@example.com']);
    assert.equal(pages[0].individual[1].is_current_user, true);
    const rows = emails(pages.flatMap((page) => page.individual));
    assert.equal(rows.filter((email) => email === 'carol@example.com').length, 1);
    assert.equal(rows.length, pages[0].total_count);
  });

  test('search covers everyone (e-mail and name), pages and counts the matches; hidden names are not searched', async () => {
    const pages = await allPages(alice, 'limit=4&search=PAGE1');
    const rows = emails(pages.flatMap((page) => page.individual));
    const expected = ['page1', ...Array.from({ length: 10 }, (_, i) => `page1${i}`)].map((name) => `${name}@example.com`);
    assert.deepEqual(rows, expected);
    assert.equal(pages[0].total_count, expected.length);

    const byName = (await alice.get<SharePermissionsResponse>(`${url}?limit=10&search=brown`)).body;
    assert.deepEqual(emails(byName.individual), ['bob@example.com']);
    assert.equal(byName.total_count, 1);
    const owner = (await alice.get<SharePermissionsResponse>(`${url}?limit=10&search=anderson`)).body;
    assert.deepEqual(emails(owner.individual), ['alice@example.com']);
    const hidden = (await alice.get<SharePermissionsResponse>(`${url}?limit=10&search=brown&hide_collaborators_name=true`)).body;
    assert.deepEqual(emails(hidden.individual), [], 'a hidden name cannot be found by searching for it');
    const wildcard = (await alice.get<SharePermissionsResponse>(`${url}?limit=10&search=%25`)).body;
    assert.deepEqual(emails(wildcard.individual), [], 'a % in the search is a character, not a wildcard');
  });

  test('without pending invitations the pages hold only people who joined', async () => {
    const pages = await allPages(alice, 'limit=2&include_pending_invites=false');
    assert.deepEqual(emails(pages.flatMap((page) => page.individual)), ['alice@example.com', 'bob@example.com', 'carol@example.com', 'dave@example.com']);
    assert.equal(pages[0].total_count, 4);
  });

  test('bad paging input is a 400 with a message', async () => {
    for (const query of [`limit=0`, `limit=${SHARE_LIST_PAGE_MAX + 1}`, 'limit=ten', 'cursor=abc', 'cursor=2.5', 'cursor=0.0', `search=${'x'.repeat(300)}`]) {
      const res = await alice.get(`${url}?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(typeof res.body.message, 'string');
    }
  });
});

describe('a list longer than the cap without paging', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test(`is cut at ${SHARE_LIST_UNPAGED_MAX.toLocaleString('en')} rows after the owner, with the cursor to go on`, async () => {
    await addInvitees(t, SHARE_LIST_UNPAGED_MAX);
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get<SharePermissionsResponse>(url);
    assert.equal(res.status, 200);
    assert.equal(res.body.individual.length, 1 + SHARE_LIST_UNPAGED_MAX);
    assert.equal(typeof res.body.next_cursor, 'string');
    const rest = await alice.get<SharePermissionsResponse>(`${url}?cursor=${res.body.next_cursor}`);
    // The seed's four collaborators come first, so the last four invitations are left for the next page.
    assert.deepEqual(emails(rest.body.individual), [3, 2, 1, 0].map((back) => `page${SHARE_LIST_UNPAGED_MAX - back}@example.com`));
    assert.equal(rest.body.next_cursor, null);
  });
});
