import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { sql } from 'kysely';
import { resetDemoData } from '../db/reset';
import { issueVisitId } from '../services/visit-ids';
import { hashInvitationToken } from '../services/invitations';
import type { Database } from '../db/database';
import { TestClient, clientAs, closeTestDatabases, createTestApp, dataHasher, type TestApp } from '../testing/harness';
import { fakeClientBuild } from '../testing/fake-build';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { SignJWT } from 'jose';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

/**
 * Authorization matrix: every mutating route (PUT, POST, PATCH, DELETE) against every demo
 * role, signed out, users outside the document's team, and a missing, wrong or stale CSRF token; and
 * from a listed host origin with the token (allowed like the product's own page) and from a foreign origin with
 * the token and cookie (refused, beacon intake included).
 * Exactly the listed combinations may change data. A mutating route without an entry fails the
 * test: whoever adds a route adds its row here.
 */

/** The secret createTestApp signs with (server/src/testing/harness.ts). */
const TEST_SESSION_SECRET = 'test-secret-test-secret';
/** One open of a link, the same in a row's setup and its call. */
const MATRIX_OPENED = new Date();
const matrixOpen = (linkId: string) => issueVisitId(TEST_SESSION_SECRET, linkId, MATRIX_OPENED, 'matrix-open-0000001');

const ACTORS = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];
/** alice owns the demo documents; on Quarterly Review bob edits, carol comments, dave views, erin sees it through
 * Acme's team grant; frank has no team and grace is in Globex (another team). */
const SIGNED_IN: Actor[] = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank', 'grace'];
const EVERYONE: Actor[] = [...ACTORS];
const CSRF_VARIANTS = ['missing', 'wrong', 'stale', 'foreign-origin'] as const;
/** The host origin on the test app's CORS list, and one that is not on it. */
const HOST_ORIGIN = 'https://host.example';
const FOREIGN_ORIGIN = 'https://evil.example';

interface Fixtures {
  links: Record<string, string>;
  folders: Record<string, number>;
  users: Record<string, number>;
}

interface Call {
  url: string;
  body?: unknown;
  contentType?: string;
}

interface Entry {
  /** Sends the call for this route. */
  call: (f: Fixtures) => Call;
  /** Brings the data to a state where the call can change something (e.g. something in the trash). */
  setup?: (db: Database, f: Fixtures) => Promise<void>;
  /** The actors whose call changes data; everyone else must be refused (4xx) and change nothing. */
  changes: Actor[];
  /** Others' calls succeed without changing anything: the route only reads, or acts on the caller's own data. */
  othersSucceed?: boolean;
}

const QR = D.quarterlyReview;
const trash = (oid: string) => async (db: Database) => {
  await db.updateTable('documents').set({ deleted_at: new Date() }).where('oid', '=', oid).execute();
};
const everyoneLikes = async (db: Database) => {
  await sql`insert into likes (document_id, user_id) select d.id, u.id from documents d cross join users u where d.oid = ${QR}`.execute(db);
};
/** Acme's webhook, for the routes that change or remove it. */
const acmeWebhook = async (db: Database) => {
  const acme = await db.selectFrom('teams').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
  await db.insertInto('team_webhooks').values({ team_id: acme.id, url: 'https://hooks.example.com/old', secret_sealed: 'v1.sealed', created_at: new Date(), secret_created_at: new Date() }).execute();
};
/** A pending invitation of `email` to Quarterly Review whose accept token is MATRIX_TOKEN. */
const MATRIX_TOKEN = 'matrix-invitation-token-0123456789';
const pendingInvitation = (email: string) => async (db: Database, f: Fixtures) => {
  const doc = await db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow();
  await db.insertInto('collaborators').values({ document_id: doc.id, user_id: null, email, permission: 'viewer', invited_by: f.users.alice }).execute();
  await db
    .insertInto('invitations')
    .values({ inviter_id: f.users.alice, email, document_id: doc.id, created_at: new Date(), token_hash: hashInvitationToken(MATRIX_TOKEN), expires_at: new Date(Date.now() + 86_400_000) })
    .execute();
};
/** frank's pending request for access to Private Strategy (closed, alice's alone), with MATRIX_REQUEST_ID as its id. */
const MATRIX_REQUEST_ID = 4242;
const pendingAccessRequest = async (db: Database, f: Fixtures) => {
  const doc = await db.selectFrom('documents').select('id').where('oid', '=', D.privateStrategy).executeTakeFirstOrThrow();
  await db.insertInto('access_requests').values({ id: MATRIX_REQUEST_ID, document_id: doc.id, requester_id: f.users.frank, created_at: new Date() }).execute();
};
const EVENT = JSON.stringify({
  core: { type: 't', schema_id: 's', client_time: 'now', event_source: 'web', event_type: 'e' },
  platform: 'web',
  user: { session_id: 's' },
  body: { event_name: 'matrix' },
});

export const MATRIX: Record<string, Entry> = {
  'PUT /api/v4/presentation/:oid/unified-privacy/': {
    call: () => ({ url: `/api/v4/presentation/${D.privateStrategy}/unified-privacy/`, body: { unified_privacy: 'open' } }),
    changes: ['alice'],
  },
  'PUT /api/v4/presentation/like/': {
    call: (f) => ({ url: `/api/v4/presentation/like/?auth_key=${f.links.Newsletter}&key_type=prezilink` }),
    changes: SIGNED_IN,
  },
  'DELETE /api/v4/presentation/like/': {
    call: (f) => ({ url: `/api/v4/presentation/like/?auth_key=${f.links.Newsletter}&key_type=prezilink` }),
    setup: everyoneLikes,
    changes: SIGNED_IN,
  },
  'PUT /api/v4/presentation/:oid/like/': { call: () => ({ url: `/api/v4/presentation/${QR}/like/` }), changes: SIGNED_IN },
  'DELETE /api/v4/presentation/:oid/like/': { call: () => ({ url: `/api/v4/presentation/${QR}/like/` }), setup: everyoneLikes, changes: SIGNED_IN },
  'PUT /api/v4/presentation/:oid/view-count/': { call: () => ({ url: `/api/v4/presentation/${QR}/view-count/` }), changes: EVERYONE },
  'PUT /api/v4/presentation/:oid/': { call: () => ({ url: `/api/v4/presentation/${QR}/`, body: { title: 'Matrix' } }), changes: ['alice', 'bob'] },
  'DELETE /api/v4/presentation/:oid/': { call: () => ({ url: `/api/v4/presentation/${QR}/` }), changes: ['alice'] },
  'DELETE /api/v4/presentation-deleted/': {
    // Empties the caller's own trash: for anyone but alice that is an empty trash.
    call: () => ({ url: '/api/v4/presentation-deleted/' }),
    setup: trash(D.classicDeck),
    changes: ['alice'],
    othersSucceed: true,
  },
  'DELETE /api/v4/presentation-deleted/:oid/': {
    call: () => ({ url: `/api/v4/presentation-deleted/${D.classicDeck}/` }),
    setup: trash(D.classicDeck),
    changes: ['alice'],
  },
  'POST /api/v4/presentation-deleted/:oid/restore/': {
    call: () => ({ url: `/api/v4/presentation-deleted/${D.classicDeck}/restore/` }),
    setup: trash(D.classicDeck),
    changes: ['alice'],
  },
  'PUT /api/v4/presentation/:oid/tag/': { call: () => ({ url: `/api/v4/presentation/${QR}/tag/`, body: { tags: [{ text: 'matrix' }] } }), changes: ['alice', 'bob'] },
  'PUT /api/v1/share/:oid/permissions/': {
    call: () => ({ url: `/api/v1/share/${QR}/permissions/`, body: { email: 'newcomer@example.com', permission: 'viewer' } }),
    // Anyone who can view as a collaborator may invite at the viewer level (spec §6); not frank or grace.
    changes: ['alice', 'bob', 'carol', 'dave', 'erin'],
  },
  'DELETE /api/v1/share/:oid/permissions/': {
    call: () => ({ url: `/api/v1/share/${QR}/permissions/`, body: { email: 'dave@example.com' } }),
    // The owner and editors remove others; dave may remove himself.
    changes: ['alice', 'bob', 'dave'],
  },
  'PUT /api/v1/share/:oid/organization-permission/': {
    call: () => ({ url: `/api/v1/share/${QR}/organization-permission/`, body: { permission: 'can_edit' } }),
    changes: ['alice'],
  },
  'DELETE /api/v1/share/:oid/organization-permission/': { call: () => ({ url: `/api/v1/share/${QR}/organization-permission/` }), changes: ['alice'] },
  'POST /api/v1/prezilink/': {
    call: () => ({ url: '/api/v1/prezilink/', body: { presentation_oid: QR, name: 'Matrix', visible_on_analytics: false, viewer_identification: false } }),
    changes: ['alice', 'bob'],
  },
  'PUT /api/v1/prezilink/unlisted/:oid': { call: () => ({ url: `/api/v1/prezilink/unlisted/${QR}` }), changes: ['alice', 'bob'] },
  'DELETE /api/v1/prezilink/unlisted/:oid': {
    call: () => ({ url: `/api/v1/prezilink/unlisted/${QR}` }),
    setup: async (db, f) => {
      const doc = await db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow();
      await db
        .insertInto('view_links')
        .values({ link_id: 'matrixunlisted01', document_id: doc.id, owner_id: f.users.alice, name: 'Unlisted link', is_unlisted: true })
        .execute();
    },
    changes: ['alice', 'bob'],
  },
  'PUT /api/v1/prezilink/:linkId/': { call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/`, body: { name: 'Renamed' } }), changes: ['alice'] },
  'DELETE /api/v1/prezilink/:linkId/': {
    // Bob's link: bob (its creator) and alice (the document's owner).
    call: (f) => ({ url: `/api/v1/prezilink/${f.links['Sales team']}/` }),
    changes: ['alice', 'bob'],
  },
  'POST /api/v1/prezilink/:linkId/visits/': {
    // A visit id as GET …/open/ issues it (signed with the test app's session secret).
    call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/visits/`, body: { open_id: issueVisitId(TEST_SESSION_SECRET, f.links.Newsletter, new Date()) } }),
    changes: EVERYONE,
  },
  'POST /api/v1/prezilink/:linkId/visits/:openId/slides/': {
    // A beacon of a recorded open: whoever holds the open's signed id adds to its slide times, as the visit itself.
    call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/visits/${matrixOpen(f.links.Newsletter)}/slides/`, body: JSON.stringify({ times: [[0, 1000]] }), contentType: 'text/plain' }),
    setup: async (db, f) => {
      const link = await db.selectFrom('view_links').select(['id', 'document_id']).where('link_id', '=', f.links.Newsletter).executeTakeFirstOrThrow();
      await db.insertInto('view_link_visits').values({ document_id: link.document_id, view_link_id: link.id, visited_at: new Date(), user_id: null, viewer_name: null, viewer_email: null, session_id: matrixOpen(f.links.Newsletter) }).execute();
    },
    changes: EVERYONE,
  },
  'POST /api/v1/prezilink/:linkId/unlock/': {
    // Public: a passcode only sets this browser's unlock cookie (no data); a link without one answers 204.
    call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/unlock/`, body: { passcode: 'matrix-passcode' } }),
    changes: [],
    othersSucceed: true,
  },
  'POST /api/v1/prezilink/:linkId/verification/': {
    // Public: anyone holding an allow-listed link may ask for a code for an allowed address (outbox, code hash).
    call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/verification/`, body: { email: 'matrix@allowed.example' } }),
    setup: async (db) => {
      await db.updateTable('view_links').set({ allowed_viewers: ['*@allowed.example'] }).where('name', '=', 'Newsletter').execute();
    },
    changes: EVERYONE,
  },
  'POST /api/v1/prezilink/:linkId/verification/confirm/': {
    // A wrong code changes nothing for anyone (only a right one, which no actor has, sets a cookie).
    call: (f) => ({ url: `/api/v1/prezilink/${f.links.Newsletter}/verification/confirm/`, body: { email: 'matrix@allowed.example', code: '000000' } }),
    setup: async (db) => {
      await db.updateTable('view_links').set({ allowed_viewers: ['*@allowed.example'] }).where('name', '=', 'Newsletter').execute();
    },
    changes: [],
  },
  // The link page's lock forms without JavaScript (routes/link-forms.ts): each the API route of its step, as the visitor.
  'POST /l/:linkId/unlock': {
    call: (f) => ({ url: `/l/${f.links.Newsletter}/unlock`, body: { passcode: 'matrix-passcode' } }),
    changes: [],
    othersSucceed: true,
  },
  'POST /l/:linkId/verification': {
    call: (f) => ({ url: `/l/${f.links.Newsletter}/verification`, body: { email: 'matrix@allowed.example' } }),
    setup: async (db) => {
      await db.updateTable('view_links').set({ allowed_viewers: ['*@allowed.example'] }).where('name', '=', 'Newsletter').execute();
    },
    changes: EVERYONE,
  },
  'POST /l/:linkId/verification/confirm': {
    call: (f) => ({ url: `/l/${f.links.Newsletter}/verification/confirm`, body: { email: 'matrix@allowed.example', code: '000000' } }),
    setup: async (db) => {
      await db.updateTable('view_links').set({ allowed_viewers: ['*@allowed.example'] }).where('name', '=', 'Newsletter').execute();
    },
    changes: [],
    // The page shows the refusal: the form's answer is the way back to it (303), not an error.
    othersSucceed: true,
  },
  'POST /l/:linkId/visits': {
    call: (f) => ({ url: `/l/${f.links.Newsletter}/visits`, body: { open_id: issueVisitId(TEST_SESSION_SECRET, f.links.Newsletter, new Date()) } }),
    changes: EVERYONE,
  },
  'DELETE /api/v1/folders/group/:id/': {
    // Only the folder's owner (alice created Marketing).
    call: (f) => ({ url: `/api/v1/folders/group/${f.folders.Marketing}/` }),
    changes: ['alice'],
  },
  // Sign-out ends the caller's own session (a bookkeeping row): no data changes for anyone, and a bad token is refused.
  'POST /api/v1/session/sign-out/': { call: () => ({ url: '/api/v1/session/sign-out/' }), changes: [], othersSucceed: true },
  'POST /api/v1/session/sign-out-everywhere/': { call: () => ({ url: '/api/v1/session/sign-out-everywhere/' }), changes: [], othersSucceed: true },
  'POST /api/v1/folders/group/:id/users/': {
    call: (f) => ({ url: `/api/v1/folders/group/${f.folders.Marketing}/users/`, body: { email: 'newcomer@example.com', role: 'VIEWER' } }),
    // Marketing lets every member add people: alice (creator), bob and dave.
    changes: ['alice', 'bob', 'dave'],
  },
  'DELETE /api/v1/folders/group/:id/users/:collaboratorId/': {
    call: (f) => ({ url: `/api/v1/folders/group/${f.folders.Marketing}/users/${f.users.dave}/` }),
    changes: ['alice', 'dave'],
  },
  'POST /api/v1/featureswitches/': { call: () => ({ url: '/api/v1/featureswitches/', body: { feature_switches: ['design_analytics_view_links'] } }), changes: [], othersSucceed: true },
  'POST /api/v1/log/': { call: () => ({ url: '/api/v1/log/', body: [{ level: 'info', message: 'matrix' }] }), changes: EVERYONE },
  'POST /api/v1/analytics/events/': { call: () => ({ url: '/api/v1/analytics/events/', body: EVENT, contentType: 'text/plain' }), changes: EVERYONE },
  'POST /api/v4/presentation/invitation/': {
    // Only the invited address accepts: frank's own pending invitation.
    call: () => ({ url: '/api/v4/presentation/invitation/', body: { token: MATRIX_TOKEN } }),
    setup: pendingInvitation('frank@example.com'),
    changes: ['frank'],
  },
  'POST /api/v4/presentation/transfer/': {
    // Only the owner transfers, and only to a collaborator with an account (bob edits Quarterly Review).
    call: () => ({ url: '/api/v4/presentation/transfer/', body: { oid: QR, email: 'bob@example.com' } }),
    changes: ['alice'],
  },
  // ---- The rest of the Presentation API ----
  'POST /api/v4/presentation/': { call: () => ({ url: '/api/v4/presentation/', body: { title: 'Matrix deck' } }), changes: SIGNED_IN },
  'POST /api/v4/presentation/create/': { call: () => ({ url: '/api/v4/presentation/create/', body: { title: 'Matrix deck' } }), changes: SIGNED_IN },
  // Search reads: everyone succeeds (the public gallery for visitors) and nothing changes.
  'POST /api/v4/presentation/search/': { call: () => ({ url: '/api/v4/presentation/search/', body: { query: 'review' } }), changes: [], othersSucceed: true },
  'POST /api/v4/presentation/:oid/revert/': {
    call: () => ({ url: `/api/v4/presentation/${QR}/revert/`, body: { version: 1 } }),
    setup: async (db) => {
      const doc = await db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow();
      await db
        .insertInto('document_versions')
        .values([
          { document_id: doc.id, version: 1, title: 'Matrix first title', description: '', tags: '[]', created_by: null, created_at: new Date() },
          { document_id: doc.id, version: 2, title: 'Quarterly Review', description: '', tags: '[]', created_by: null, created_at: new Date() },
        ])
        .execute();
    },
    changes: ['alice', 'bob'],
  },
  'PUT /api/v4/presentation/:oid/permissions/:userId/': {
    // Dave views Quarterly Review: the owner, the editor and the commenter (at their own level) may make him a commenter.
    call: (f) => ({ url: `/api/v4/presentation/${QR}/permissions/${f.users.dave}/`, body: { permission: 'commenter' } }),
    changes: ['alice', 'bob', 'carol'],
  },
  'DELETE /api/v4/presentation/:oid/permissions/:userId/': {
    call: (f) => ({ url: `/api/v4/presentation/${QR}/permissions/${f.users.dave}/` }),
    changes: ['alice', 'bob', 'dave'],
  },
  'POST /api/v4/presentation/:oid/relation/:direction/': {
    // Quarterly Review (alice owns, bob edits) becomes a child of the reusable Brand Infographic.
    call: () => ({ url: `/api/v4/presentation/${QR}/relation/parent/`, body: { oid: D.brandInfographic } }),
    changes: ['alice', 'bob'],
  },
  'DELETE /api/v4/presentation/:oid/relation/:direction/': {
    // Quarterly Review is a child of Brand Infographic: whoever edits either (alice owns both, bob edits the child) may undo it.
    call: () => ({ url: `/api/v4/presentation/${QR}/relation/parent/`, body: { oid: D.brandInfographic } }),
    setup: async (db) => {
      const [child, parent] = await Promise.all([QR, D.brandInfographic].map((oid) => db.selectFrom('documents').select(['id', 'owner_id']).where('oid', '=', oid).executeTakeFirstOrThrow()));
      await db.insertInto('document_relations').values({ parent_id: parent.id, child_id: child.id, created_by: parent.owner_id, created_at: new Date() }).execute();
    },
    changes: ['alice', 'bob'],
  },
  'POST /api/v4/presentation/:oid/curated-content/': {
    // The owner, or an admin of the owner's team (erin administers Acme).
    call: () => ({ url: `/api/v4/presentation/${D.brandInfographic}/curated-content/`, body: { topic: 'design' } }),
    changes: ['alice', 'erin'],
  },
  'DELETE /api/v4/presentation/:oid/curated-content/': {
    call: () => ({ url: `/api/v4/presentation/${D.brandInfographic}/curated-content/` }),
    setup: async (db) => {
      const doc = await db.selectFrom('documents').select('id').where('oid', '=', D.brandInfographic).executeTakeFirstOrThrow();
      await db.insertInto('curated_content').values({ document_id: doc.id, topic: 'design', created_at: new Date(), curated_by: null }).execute();
    },
    changes: ['alice', 'erin'],
  },
  'PUT /api/v4/presentation/view-count/': { call: () => ({ url: '/api/v4/presentation/view-count/', body: { oids: [QR] } }), changes: EVERYONE },
  'PUT /api/v4/presentation/quality-score-v2/': { call: () => ({ url: '/api/v4/presentation/quality-score-v2/', body: { oid: QR, quality_score: 42 } }), changes: ['alice', 'bob'] },
  'PUT /api/v1/prezilink/': { call: (f) => ({ url: '/api/v1/prezilink/', body: { links: [{ link_id: f.links.Newsletter, name: 'Renamed' }] } }), changes: ['alice'] },
  'POST /api/v4/presentation/:oid/access-request/': {
    // Everyone signed in but its owner cannot see Private Strategy, so they may ask for access.
    call: () => ({ url: `/api/v4/presentation/${D.privateStrategy}/access-request/`, body: { message: 'matrix' } }),
    changes: ['bob', 'carol', 'dave', 'erin', 'frank', 'grace'],
  },
  'POST /api/v4/presentation/:oid/access-requests/:requestId/approve/': {
    // Only whoever manages the collaborators of Private Strategy: its owner.
    call: () => ({ url: `/api/v4/presentation/${D.privateStrategy}/access-requests/${MATRIX_REQUEST_ID}/approve/`, body: { permission: 'viewer' } }),
    setup: pendingAccessRequest,
    changes: ['alice'],
  },
  'POST /api/v4/presentation/:oid/access-requests/:requestId/deny/': {
    call: () => ({ url: `/api/v4/presentation/${D.privateStrategy}/access-requests/${MATRIX_REQUEST_ID}/deny/` }),
    setup: pendingAccessRequest,
    changes: ['alice'],
  },
  'POST /dev/invitation-user': {
    // Demo only: whoever holds the link of an address without an account gets a demo user for it.
    call: () => ({ url: '/dev/invitation-user', body: { token: MATRIX_TOKEN } }),
    setup: pendingInvitation('matrix-newcomer@example.com'),
    changes: EVERYONE,
  },
  // A team's webhook: its admins only (erin is Acme's).
  'PUT /api/v1/team/webhook/': { call: () => ({ url: '/api/v1/team/webhook/', body: { url: 'https://hooks.example.com/deck' } }), changes: ['erin'] },
  'DELETE /api/v1/team/webhook/': { call: () => ({ url: '/api/v1/team/webhook/' }), setup: acmeWebhook, changes: ['erin'] },
  'POST /api/v1/team/webhook/secret/': { call: () => ({ url: '/api/v1/team/webhook/secret/' }), setup: acmeWebhook, changes: ['erin'] },
  // A team's block list for its trackable links: its admins only.
  'PUT /api/v1/team/blocked-viewers/': { call: () => ({ url: '/api/v1/team/blocked-viewers/', body: { entries: ['@rival.example'] } }), changes: ['erin'] },
  'POST /dev/sign-up': {
    // Demo only: anyone may make a new demo account for an address that has none.
    call: () => ({ url: '/dev/sign-up', body: { first_name: 'Matrix', email: 'matrix-signup@example.com' } }),
    changes: EVERYONE,
  },
  'POST /dev/documents': {
    // Test mode only (browser tests of paging): anyone may add demo documents, as anyone may reset.
    call: () => ({ url: '/dev/documents', body: { owner: 'alice', count: 2 } }),
    changes: EVERYONE,
  },
  'POST /dev/feature-switches': {
    // Test mode only (browser tests of a design with the switch off): anyone may set a switch, as anyone may reset.
    call: () => ({ url: '/dev/feature-switches', body: { name: 'design_analytics_view_links', enabled: false } }),
    changes: EVERYONE,
  },
  'POST /dev/clock': {
    // Test mode only (browser tests of what ends at a time): anyone may set the clock, as anyone may reset; back to now.
    call: () => ({ url: '/dev/clock', body: { now: null } }),
    changes: [],
    othersSucceed: true,
  },
  'POST /dev/team-link-rules': {
    // Test mode only (browser tests of a team's rules for new links), as anyone may reset.
    call: () => ({ url: '/dev/team-link-rules', body: { team: 'Acme', require_link_passcode: true, max_link_expiry_days: null, blocked_viewers: ['@rival.example'] } }),
    changes: EVERYONE,
  },
  'POST /dev/reset': {
    call: () => ({ url: '/dev/reset' }),
    setup: async (db) => {
      await db.updateTable('documents').set({ title: 'Before reset' }).where('oid', '=', QR).execute();
    },
    changes: EVERYONE,
  },
};

const MUTATING = new Set(['PUT', 'POST', 'PATCH', 'DELETE']);

async function loadFixtures(db: Database): Promise<Fixtures> {
  const links = await db.selectFrom('view_links').select(['name', 'link_id']).where('is_unlisted', '=', false).execute();
  const folders = await db.selectFrom('folders').select(['name', 'id']).execute();
  const users = await db.selectFrom('users').select(['username', 'id']).execute();
  return {
    links: Object.fromEntries(links.map((l) => [l.name, l.link_id])),
    folders: Object.fromEntries(folders.map((f) => [f.name, f.id])),
    users: Object.fromEntries(users.map((u) => [u.username, u.id])),
  };
}

describe('authorization matrix: every mutating route × every role × CSRF', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ testMode: true, corsAllowedOrigins: [HOST_ORIGIN] });
  });
  after(() => t.close());

  test('every mutating route has a matrix entry, and every entry a route', () => {
    const registered = new Set(t.routes.filter((r) => MUTATING.has(r.method)).map((r) => `${r.method} ${r.url}`));
    const missing = [...registered].filter((key) => !(key in MATRIX));
    assert.deepEqual(missing, [], 'mutating routes without an entry in MATRIX (add them)');
    const stale = Object.keys(MATRIX).filter((key) => !registered.has(key));
    assert.deepEqual(stale, [], 'MATRIX entries for routes that do not exist');
  });

  test('exactly the allowed combinations change data', async () => {
    const hash = await dataHasher(t.db);
    // Each combination starts from the seeded data plus its entry's setup. Resetting is the slow part, so the
    // data is reset only when a request changed it or another entry's setup is applied.
    let changedSinceReset = false;
    let setupApplied: string | null = null;
    let fixtures = await loadFixtures(t.db);
    const prepare = async (key: string, entry: Entry) => {
      if (changedSinceReset || (setupApplied !== null && setupApplied !== key)) {
        await resetDemoData(t.db);
        fixtures = await loadFixtures(t.db);
        changedSinceReset = false;
        setupApplied = null;
      }
      if (entry.setup && setupApplied !== key) {
        await entry.setup(t.db, fixtures);
        setupApplied = key;
      }
    };
    type Variant = (typeof CSRF_VARIANTS)[number] | 'valid' | 'host-origin';
    const clientFor = async (actor: Actor, csrf: Variant): Promise<{ client: TestClient; token: string | false }> => {
      const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
      if (csrf === 'valid' || csrf === 'host-origin' || csrf === 'foreign-origin') return { client, token: client.csrfToken! };
      if (csrf === 'missing') return { client, token: false };
      if (csrf === 'wrong') return { client, token: 'not-the-token-not-the-token' };
      // Stale: the token of an earlier session of the same browser.
      const earlier = client.csrfToken!;
      if (actor === 'anonymous') await client.get('/dev/sign-out?next=/');
      else await client.signIn(actor);
      assert.notEqual(client.csrfToken, earlier);
      return { client, token: earlier };
    };

    const failures: string[] = [];
    for (const [key, entry] of Object.entries(MATRIX)) {
      const [method, routeUrl] = key.split(' ');
      if (!t.routes.some((r) => r.method === method && r.url === routeUrl)) continue;
      const subject: Actor = entry.changes[0] ?? 'alice';
      const combos: Array<{ actor: Actor; csrf: Variant; expectChange: boolean }> = [
        ...ACTORS.map((actor) => ({ actor, csrf: 'valid' as const, expectChange: entry.changes.includes(actor) })),
        { actor: subject, csrf: 'host-origin', expectChange: entry.changes.includes(subject) },
        ...CSRF_VARIANTS.map((csrf) => ({
          actor: subject,
          csrf,
          // The Origin check holds for the beacon intake too: only the token is waived there.
          expectChange:
            csrf !== 'foreign-origin' && entry.changes.includes(subject) && !!t.routes.find((r) => r.method === method && r.url === routeUrl)?.config?.csrfExempt,
        })),
      ];
      // Refusals first: they leave the data as it is, so they share one prepared state.
      combos.sort((a, b) => Number(a.expectChange) - Number(b.expectChange));
      for (const combo of combos) {
        await prepare(key, entry);
        const { client, token } = await clientFor(combo.actor, combo.csrf);
        const call = entry.call(fixtures);
        const before = await hash();
        const origin = combo.csrf === 'host-origin' ? HOST_ORIGIN : combo.csrf === 'foreign-origin' ? FOREIGN_ORIGIN : undefined;
        const res = await client.request(method, call.url, {
          body: call.body,
          contentType: call.contentType,
          csrf: token,
          ...(origin ? { headers: { origin } } : {}),
        });
        const changed = (await hash()) !== before;
        if (changed) changedSinceReset = true;
        const label = `${key} as ${combo.actor} (csrf ${combo.csrf}) → ${res.status}`;
        if (changed !== combo.expectChange) failures.push(`${label}: ${changed ? 'changed data' : 'changed nothing'} ${res.text.slice(0, 160)}`);
        else if (combo.expectChange && res.status >= 400) failures.push(`${label}: changed data but answered an error`);
        else if (!combo.expectChange && !entry.othersSucceed && res.status < 400) failures.push(`${label}: refused nothing yet changed nothing`);
        else if (combo.csrf !== 'valid' && combo.csrf !== 'host-origin' && !combo.expectChange && res.status !== 403) failures.push(`${label}: a bad token is a 403`);
        else if (combo.csrf === 'foreign-origin' && res.body?.code !== 'ORIGIN_NOT_ALLOWED') failures.push(`${label}: a foreign origin is refused by the Origin check`);
      }
    }
    assert.deepEqual(failures, []);
  });
});

/**
 * The pages that name a document or a view link read the database for their status (404 when there is no such
 * document or link, 410 for a deactivated link; server/src/routes/page-status.ts). The status may depend on
 * whether the thing exists, never on who asks: every actor gets the same one, a closed document's page included,
 * and no page request changes data.
 */
describe('authorization matrix: pages naming a document or a link answer every actor alike', () => {
  let t: TestApp;
  let dir: string;
  before(async () => {
    dir = fakeClientBuild();
    t = await createTestApp({ testMode: true }, { staticDir: dir });
  });
  after(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the page routes that look up a status are the ones listed here', () => {
    const pages = t.routes.filter((r) => r.method === 'GET' && /^\/(view|editor|l)\//.test(r.url)).map((r) => r.url);
    assert.deepEqual(pages.sort(), ['/editor/:oid', '/l/:linkId', '/view/:oid']);
  });

  test('the same status for every actor, and nothing changes', async () => {
    const hash = await dataHasher(t.db);
    const alice = await clientAs(t.app, 'alice');
    const [live, deactivated] = (await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}`)).body as Array<{ link_id: string }>;
    assert.equal((await alice.put(`/api/v1/prezilink/${deactivated.link_id}/`, { revoked: true })).status, 200);
    assert.equal((await alice.delete(`/api/v4/presentation/${D.oldTimeline}/`)).status, 204);
    const expected: Array<[string, number]> = [
      [`/view/${QR}`, 200],
      [`/editor/${QR}`, 200],
      // Closed: the page asks the visitor to sign in or request access; its status tells no one more.
      [`/view/${D.privateStrategy}`, 200],
      [`/editor/${D.privateStrategy}`, 200],
      [`/view/${D.oldTimeline}`, 404],
      [`/view/nosuchdoc123`, 404],
      [`/l/${live.link_id}`, 200],
      [`/l/${deactivated.link_id}`, 410],
      ['/l/Ab3dEf6hIj9kLm2nOp5qRs8t', 404],
    ];
    const before = await hash();
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
      for (const [url, status] of expected) {
        const res = await client.request('GET', url, { headers: { accept: 'text/html' }, csrf: false });
        if (res.status !== status) failures.push(`${url} as ${actor} → ${res.status}, expected ${status}`);
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(await hash(), before, 'a page request changed data');
  });
});

/**
 * The sharing activity and live reads (GET, so outside the mutation matrix): each listed with who may read it.
 * The activity of a document is its owner's and the owner's team admins' (erin admins Acme, alice's team); the
 * team's log and its CSV its admins', as are the team's settings (its webhook, delivery log and block list). A live stream is open to exactly those who may read the share list (or the
 * folder's members), which the test asks the server for rather than restating. No read changes data.
 */
const READ_MATRIX: Record<string, { url: (f: Fixtures) => string; readers: Actor[] | { sameAs: (f: Fixtures) => string } }> = {
  'GET /api/v1/share/:oid/activity/': { url: () => `/api/v1/share/${QR}/activity/`, readers: ['alice', 'erin'] },
  'GET /api/v1/team/activity/': { url: () => '/api/v1/team/activity/', readers: ['erin'] },
  'GET /api/v1/team/activity.csv': { url: () => '/api/v1/team/activity.csv', readers: ['erin'] },
  'GET /api/v1/team/activity/choices/': { url: () => '/api/v1/team/activity/choices/', readers: ['erin'] },
  'GET /api/v1/team/webhook/': { url: () => '/api/v1/team/webhook/', readers: ['erin'] },
  'GET /api/v1/team/webhook/deliveries/': { url: () => '/api/v1/team/webhook/deliveries/', readers: ['erin'] },
  'GET /api/v1/team/blocked-viewers/': { url: () => '/api/v1/team/blocked-viewers/', readers: ['erin'] },
  // A folder's log is its owners' (permissions/folders.ts): Alice created both folders; Bob and Dave are members.
  'GET /api/v1/folders/group/:id/activity/': { url: (f) => `/api/v1/folders/group/${f.folders.Marketing}/activity/`, readers: ['alice'] },
  'GET /api/v1/share/:oid/live/': { url: () => `/api/v1/share/${D.privateStrategy}/live/`, readers: { sameAs: () => `/api/v1/share/${D.privateStrategy}/permissions/` } },
  'GET /api/v1/folders/group/:id/live/': {
    url: (f) => `/api/v1/folders/group/${Object.values(f.folders)[0]}/live/`,
    readers: { sameAs: (f) => `/api/v1/folders/group/${Object.values(f.folders)[0]}/users/` },
  },
};

describe('authorization matrix: the sharing activity, live and team settings reads', () => {
  let t: TestApp;
  before(async () => {
    // A stream ends right after its first event here (its lifetime), so each read gets a whole answer.
    t = await createTestApp({ testMode: true, liveStreams: { perUser: 5, perInstance: 100, heartbeatSeconds: 15, lifetimeSeconds: 0 } });
  });
  after(() => t.close());

  test('every activity, live or team route has a row', () => {
    // API reads only: the team pages' HTML (/team/activity, /team/settings) is the shell, served to anyone like every page.
    const registered = t.routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && /\/(activity|live)\b|\/team\//.test(r.url)).map((r) => `GET ${r.url}`);
    assert.deepEqual(registered.sort(), Object.keys(READ_MATRIX).sort());
  });

  test('exactly the listed readers get an answer; nothing changes', async () => {
    const alice = await clientAs(t.app, 'alice');
    // Something in the logs: a document change and a folder change.
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
    await alice.put(`/api/v1/share/${D.privateStrategy}/permissions/`, { email: 'dave@example.com', permission: 'viewer', notify: false });
    await acmeWebhook(t.db);
    const fixtures = await loadFixtures(t.db);
    const hash = await dataHasher(t.db);
    const before = await hash();
    const failures: string[] = [];
    for (const [key, row] of Object.entries(READ_MATRIX)) {
      for (const actor of ACTORS) {
        const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
        const res = await client.get(row.url(fixtures));
        const allowed = Array.isArray(row.readers) ? row.readers.includes(actor) : (await client.get(row.readers.sameAs(fixtures))).status === 200;
        if (allowed !== (res.status === 200)) failures.push(`${key} as ${actor} → ${res.status} (${allowed ? 'a reader' : 'not a reader'})`);
        if (!allowed && res.status < 400) failures.push(`${key} as ${actor}: refused without an error status`);
      }
    }
    assert.deepEqual(failures, []);
    assert.equal(await hash(), before, 'a read changed data');
  });

  test("a trackable link's PDF (a public GET, as the link): no one gets it while the link forbids it, and nothing changes; everyone once it allows it, each recorded", async () => {
    const { links } = await loadFixtures(t.db);
    const url = `/api/v1/prezilink/${links.Newsletter}/download.pdf?open_id=${encodeURIComponent(matrixOpen(links.Newsletter))}`;
    const hash = await dataHasher(t.db);
    const before = await hash();
    const statuses = async () => {
      const out: string[] = [];
      for (const actor of ACTORS) out.push(`${actor} ${(await (await clientAs(t.app, actor === 'anonymous' ? null : actor)).get(url)).status}`);
      return out;
    };
    assert.deepEqual(await statuses(), ACTORS.map((actor) => `${actor} 403`));
    assert.equal(await hash(), before, 'a refused download changed data');
    await t.db.updateTable('view_links').set({ allow_download: true }).where('link_id', '=', links.Newsletter).execute();
    try {
      assert.deepEqual(await statuses(), ACTORS.map((actor) => `${actor} 200`));
      assert.equal((await t.db.selectFrom('link_downloads').select('id').execute()).length, ACTORS.length);
    } finally {
      await t.db.updateTable('view_links').set({ allow_download: false }).where('link_id', '=', links.Newsletter).execute();
    }
  });

  /**
   * A live stream's catch-up (`?last_event_id=0`) replays entries only to those who read the log: a document's owner
   * and the owner's team admins (the activity page's readers), a folder's owner. Anyone else who may open the stream
   * gets a `resync` and no entry, so no address from the history.
   */
  const CATCH_UP: Record<string, { url: (f: Fixtures) => string; history: Actor[] }> = {
    'GET /api/v1/share/:oid/live/': { url: () => `/api/v1/share/${QR}/live/?last_event_id=0`, history: ['alice', 'erin'] },
    'GET /api/v1/folders/group/:id/live/': { url: (f) => `/api/v1/folders/group/${f.folders.Marketing}/live/?last_event_id=0`, history: ['alice'] },
  };

  test("the catch-up replays entries to exactly the log's readers; every other reader of the stream gets a resync", async () => {
    const alice = await clientAs(t.app, 'alice');
    const fixtures = await loadFixtures(t.db);
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'catch-up@example.com', permission: 'viewer', notify: false });
    await alice.request('DELETE', `/api/v1/share/${QR}/permissions/`, { body: { email: 'catch-up@example.com' } });
    assert.equal((await alice.post(`/api/v1/folders/group/${fixtures.folders.Marketing}/users/`, { email: 'catch-up@example.com', role: 'VIEWER', notify: false })).status, 201);
    const failures: string[] = [];
    for (const [key, row] of Object.entries(CATCH_UP)) {
      let readers = 0;
      for (const actor of ACTORS) {
        const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
        const res = await client.get(row.url(fixtures));
        if (res.status !== 200) continue;
        readers += 1;
        const entries = (res.text.match(/^event: sharing-change$/gm) ?? []).length;
        const replays = row.history.includes(actor);
        if (replays !== entries > 0) failures.push(`${key} as ${actor}: ${entries} entries replayed`);
        if (!replays && (!/^event: resync$/m.test(res.text) || res.text.includes('@example.com'))) failures.push(`${key} as ${actor}: no resync, or an address`);
      }
      assert.ok(readers > row.history.length, `${key}: someone besides the log's readers opens the stream`);
    }
    assert.deepEqual(failures, []);
  });

  test('contacts come only from documents the actor may open now: who was added after a grant ended shows only to those still on it', async () => {
    const alice = await clientAs(t.app, 'alice');
    // Every viewer's and commenter's grant on Quarterly Review ends (an editor's never does); then Alice adds someone.
    const qr = await t.db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow();
    await t.db.updateTable('collaborators').set({ expires_at: new Date('2001-01-01T00:00:00Z') }).where('document_id', '=', qr.id).where('permission', '<>', 'editor').execute();
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'added-later@example.com', permission: 'editor', notify: false })).status, 200);
    const sees: Actor[] = ['alice', 'bob'];
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
      const res = await client.get('/api/v1/contacts/?orgmembers=0');
      if (actor === 'anonymous') {
        if (res.status !== 401) failures.push(`anonymous → ${res.status}`);
        continue;
      }
      const shown = res.body.data.some((c: { email: string }) => c.email === 'added-later@example.com');
      if (shown !== sees.includes(actor)) failures.push(`${actor} ${shown ? 'sees' : 'does not see'} the person added later`);
    }
    assert.deepEqual(failures, []);
  });
});

/**
 * What an identity token's claims give (POST /api/v1/session/, with the host's key): a document shared with an
 * address goes to the account that signs in with it only when the host verified the address; a claim that breaks the
 * input rules, or a token in another encoding, signs nobody in and writes nothing.
 */
const HOST = { issuer: 'https://host.example', audience: 'deck-sharing', secret: 'matrix-host-secret-matrix-host-secret-01' };

const CLAIMS_MATRIX: Array<{ what: string; claims: Record<string, unknown>; encode?: (token: string) => string; signsIn: boolean; opens: boolean }> = [
  { what: 'verified address', claims: { email_verified: true }, signsIn: true, opens: true },
  { what: 'verified, as a string', claims: { email_verified: 'true' }, signsIn: true, opens: true },
  { what: 'unverified address', claims: { email_verified: false }, signsIn: true, opens: false },
  { what: 'no email_verified', claims: {}, signsIn: true, opens: false },
  { what: '"false"', claims: { email_verified: 'false' }, signsIn: true, opens: false },
  { what: 'email_verified 1', claims: { email_verified: 1 }, signsIn: true, opens: false },
  { what: 'full-width address, verified', claims: { email: 'ｃｌａｉｍｅｄ@example.com', email_verified: true }, signsIn: true, opens: true },
  { what: 'zero-width address', claims: { email: 'clai\u200bmed@example.com', email_verified: true }, signsIn: false, opens: false },
  { what: 'NUL in sub', claims: { sub: 'claimant\u0000', email_verified: true }, signsIn: false, opens: false },
  { what: 'lone surrogate in sub', claims: { sub: 'claimant\ud800', email_verified: true }, signsIn: false, opens: false },
  { what: 'lone surrogate in a name', claims: { given_name: '\udc00', email_verified: true }, signsIn: false, opens: false },
  { what: 'a line break in a name', claims: { name: 'Claire\nAccept', email_verified: true }, signsIn: false, opens: false },
  { what: 'NUL in an unused claim', claims: { locale: 'en\u0000', email_verified: true }, signsIn: false, opens: false },
  { what: 'trailing space', claims: { email_verified: true }, encode: (token) => `${token} `, signsIn: false, opens: false },
  { what: 'padded signature', claims: { email_verified: true }, encode: (token) => `${token}=`, signsIn: false, opens: false },
];

describe("authorization matrix: what an identity token's claims give", () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ identity: { ...HOST, maxTokenAgeSeconds: 300, clockToleranceSeconds: 30 } });
  });
  after(() => t.close());

  test('a shared document reaches the account only with a verified address; bad claims and other encodings sign nobody in', async () => {
    const failures: string[] = [];
    for (const row of CLAIMS_MATRIX) {
      await t.reset();
      const alice = await clientAs(t.app, 'alice');
      assert.equal((await alice.put(`/api/v1/share/${D.privateStrategy}/permissions/`, { email: 'claimed@example.com', permission: 'viewer', notify: false })).status, 200);
      const { sub = 'claimant', ...claims } = row.claims;
      const token = await new SignJWT({ email: 'claimed@example.com', ...claims })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(sub))
        .setIssuer(HOST.issuer)
        .setAudience(HOST.audience)
        .setIssuedAt()
        .setExpirationTime('2m')
        .sign(new TextEncoder().encode(HOST.secret));
      const hash = await dataHasher(t.db);
      const before = await hash();
      const client = new TestClient(t.app);
      const res = await client.post('/api/v1/session/', { token: row.encode ? row.encode(token) : token });
      if ((res.status === 200) !== row.signsIn) failures.push(`${row.what}: sign-in ${res.status}`);
      if (!row.signsIn && (res.status !== 401 || (await hash()) !== before)) failures.push(`${row.what}: refused with ${res.status}, or wrote`);
      const opened = (await client.get(`/api/v4/presentation/${D.privateStrategy}/`)).status === 200;
      if (opened !== row.opens) failures.push(`${row.what}: ${opened ? 'opens' : 'does not open'} the document shared with the address`);
    }
    assert.deepEqual(failures, []);
  });
});

/**
 * A document with a protected trackable link (docs/decisions.md, *Protected trackable links*): its own address
 * opens only for the people with a grant on it (alice owns Quarterly Review; bob, carol and dave collaborate; erin
 * through Acme's team grant), on every route that opens it by its address; through the link only for a browser that
 * gave the passcode. And the team's link rules (Acme's, alice's team) hold for every actor: nobody makes an unlisted
 * link or a link without a passcode while Acme requires one.
 */
describe('authorization matrix: a document with a protected link, and its team rules', () => {
  let t: TestApp;
  const PASSCODE = 'matrix-4821';
  const GRANTED: Actor[] = ['alice', 'bob', 'carol', 'dave', 'erin'];
  const READS: Array<{ route: string; url: string; method?: 'GET' | 'PUT' }> = [
    { route: 'GET /api/v4/presentation/:oid/', url: `/api/v4/presentation/${QR}/` },
    { route: 'GET /api/v4/presentation/:oid/unified-privacy/', url: `/api/v4/presentation/${QR}/unified-privacy/` },
    { route: 'GET /api/v4/presentation/:oid/permissions-for-user/', url: `/api/v4/presentation/${QR}/permissions-for-user/` },
    { route: 'GET /api/v4/presentation/:oid/token/', url: `/api/v4/presentation/${QR}/token/` },
    { route: 'GET /api/v4/presentation/:oid/relation/:direction/', url: `/api/v4/presentation/${QR}/relation/child/` },
    { route: 'PUT /api/v4/presentation/:oid/view-count/', url: `/api/v4/presentation/${QR}/view-count/`, method: 'PUT' },
  ];
  before(async () => {
    t = await createTestApp({ testMode: true });
  });
  after(() => t.close());

  test('the routes that open a document by its address answer only its grants; its link only the browsers that unlocked it', async () => {
    const alice = await clientAs(t.app, 'alice');
    const created = await alice.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Guarded', visible_on_analytics: false, viewer_identification: false, passcode: PASSCODE });
    assert.equal(created.status, 201, created.text);
    const linkId = created.body.link_id as string;
    for (const { route } of READS) assert.ok(t.routes.some((r) => `${r.method} ${r.url}` === route), route);
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
      for (const { route, url, method = 'GET' } of READS) {
        const res = await client.request(method, url);
        if (GRANTED.includes(actor) !== (res.status === 200)) failures.push(`${route} as ${actor} → ${res.status}`);
      }
      const viaLink = `/api/v4/presentation/${QR}/?auth_key=${linkId}&key_type=prezilink`;
      if (!GRANTED.includes(actor) && (await client.get(viaLink)).status === 200) failures.push(`the link as ${actor} before the passcode → 200`);
      assert.equal((await client.post(`/api/v1/prezilink/${linkId}/unlock/`, { passcode: PASSCODE })).status, 204);
      if ((await client.get(viaLink)).status !== 200) failures.push(`the link as ${actor} after the passcode → refused`);
      if (!GRANTED.includes(actor) && (await client.get(`/api/v4/presentation/${QR}/`)).status === 200) failures.push(`the address as ${actor} after the passcode → 200`);
    }
    assert.deepEqual(failures, []);
  });

  test('only an editor on Premium or Pro asks for a verified e-mail or blocks addresses, on a new link or a changed one', async () => {
    await resetDemoData(t.db);
    const newsletter = () => t.db.selectFrom('view_links').select('link_id').where('name', '=', 'Newsletter').executeTakeFirstOrThrow();
    const hash = await dataHasher(t.db);
    const failures: string[] = [];
    for (const controls of [{ require_verification: true }, { blocked_viewers: ['@rival.example'] }]) {
      for (const actor of ACTORS) {
        const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
        const before = await hash();
        const created = await client.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'By address', visible_on_analytics: false, viewer_identification: false, ...controls });
        const changed = await client.put(`/api/v1/prezilink/${(await newsletter()).link_id}/`, controls);
        // alice owns the document on Premium; bob edits it on a standard plan; no one else manages its links.
        const expected = actor === 'alice' ? [201, 200] : [403, 403];
        const statuses = [created.status, changed.status];
        if (statuses[0] !== expected[0] || (statuses[1] < 400) !== (expected[1] < 400)) failures.push(`${actor} ${JSON.stringify(controls)}: ${statuses.join(', ')}`);
        if (actor !== 'alice' && (await hash()) !== before) failures.push(`${actor} ${JSON.stringify(controls)}: changed data`);
        if (actor === 'alice') await resetDemoData(t.db);
      }
    }
    assert.deepEqual(failures, []);
  });

  test("nobody makes an unlisted link, or a link without the team's passcode, while the team requires one", async () => {
    await resetDemoData(t.db);
    await t.db.updateTable('teams').set({ require_link_passcode: true }).where('name', '=', 'Acme').execute();
    const hash = await dataHasher(t.db);
    const failures: string[] = [];
    for (const actor of ACTORS) {
      const client = await clientAs(t.app, actor === 'anonymous' ? null : actor);
      const before = await hash();
      const unlisted = await client.put(`/api/v1/prezilink/unlisted/${QR}`);
      const bare = await client.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Bare', visible_on_analytics: false, viewer_identification: false });
      if (unlisted.status < 400 || bare.status < 400 || (await hash()) !== before) failures.push(`${actor}: unlisted ${unlisted.status}, bare link ${bare.status}`);
    }
    assert.deepEqual(failures, []);
    // The editors (alice owns, bob edits) still make links that keep the rule.
    for (const actor of ['alice', 'bob'] as const) {
      const client = await clientAs(t.app, actor);
      const guarded = await client.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Guarded', visible_on_analytics: false, viewer_identification: false, passcode: PASSCODE });
      assert.equal(guarded.status, 201, `${actor}: ${guarded.text}`);
    }
  });
});
