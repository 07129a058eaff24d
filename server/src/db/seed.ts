import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { newViewLinkId, randomToken } from '../tokens';

/** Stable identifiers of the demo data (the same on every seed). */
export const DEMO_USER_OIDS = {
  alice: 'u7ka2m9xqe4w',
  bob: 'u3bn8r5tpz1c',
  carol: 'u9cv4h2lsm6d',
  dave: 'u2dq7w3kfy8n',
  erin: 'u5er1j6gva3x',
  frank: 'u8fr3c7nwb2k',
  grace: 'u4gz9p1dqt7m',
} as const;

export const DEMO_DOCUMENT_OIDS = {
  quarterlyReview: 'qv7n2kx9d4rm',
  brandInfographic: 'ib3w8pz5ty1c',
  productLaunchVideo: 'av6m1qs8hk3e',
  classicDeck: 'cd4r9tn2wj6p',
  privateStrategy: 'ps2k7vb5mx9a',
  franksPitch: 'fp8d3hq6zn1y',
  globexPlan: 'gp5x1me7rc4t',
  oldTimeline: 'tl9j4cw2bv8s',
} as const;

export const DEMO_FOLDER_UUIDS = {
  marketing: '5f0c2d1e-8a4b-4c3d-9e2f-1a7b6c5d4e3f',
  boardOnly: '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
} as const;

/**
 * The advisory lock Kysely's Migrator holds while it migrates (its PostgresAdapter's LOCK_ID): the seed takes it
 * too, so instances started together seed once, after every migration, instead of racing on the same rows.
 */
const MIGRATION_LOCK_ID = '3853314791062309107';

/**
 * Seeds the demo data when the users table is empty; returns true when it seeded. Only the demo calls it
 * (a production server never holds demo accounts), under the migration lock.
 */
export async function seedDemoData(db: Kysely<DB>): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_ID)}::bigint)`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const acme = await trx.insertInto('teams').values({ name: 'Acme' }).returning('id').executeTakeFirstOrThrow();
    const globex = await trx
      .insertInto('teams')
      .values({
        name: 'Globex',
        disable_privacy_changes: true,
        disable_publishing: true,
        disable_sharing: true,
        disable_trackable_links: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const people = [
      ['alice', 'Alice', 'Anderson', 'premium', acme.id, false],
      ['bob', 'Bob', 'Brown', 'standard', acme.id, false],
      ['carol', 'Carol', 'Clark', null, acme.id, false],
      ['dave', 'Dave', 'Davis', null, null, false],
      ['erin', 'Erin', 'Evans', 'pro', acme.id, true],
      ['frank', 'Frank', 'Foster', null, null, false],
      ['grace', 'Grace', 'Green', 'plus', globex.id, false],
    ] as const;
    const users: Record<string, number> = {};
    for (const [username, first, last, licence, teamId, admin] of people) {
      const row = await trx
        .insertInto('users')
        .values({
          oid: DEMO_USER_OIDS[username],
          username,
          first_name: first,
          last_name: last,
          email: `${username}@example.com`,
          licence,
          team_id: teamId,
          is_team_admin: admin,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      users[username] = row.id;
    }

    const docs: Array<{
      key: keyof typeof DEMO_DOCUMENT_OIDS;
      title: string;
      type: string;
      owner: string;
      privacy: 'open' | 'closed';
      published?: boolean;
      reusable?: boolean;
      likes?: number;
      pages?: number;
      description?: string;
      tags?: string[];
      video_status?: string | null;
    }> = [
      { key: 'quarterlyReview', title: 'Quarterly Review', type: 'PITCH', owner: 'alice', privacy: 'open', likes: 1234, pages: 8, description: 'Results and outlook for the quarter.', tags: ['quarterly', 'review'] },
      { key: 'brandInfographic', title: 'Brand Infographic', type: 'INFOGRAM', owner: 'alice', privacy: 'open', published: true, reusable: true, pages: 1, tags: ['brand'] },
      { key: 'productLaunchVideo', title: 'Product Launch Video', type: 'AIR_VIDEO_PITCH', owner: 'alice', privacy: 'closed', pages: 5, video_status: 'ready' },
      { key: 'classicDeck', title: 'Classic Deck', type: 'CORE', owner: 'alice', privacy: 'open', pages: 6 },
      { key: 'privateStrategy', title: 'Private Strategy', type: 'PITCH', owner: 'alice', privacy: 'closed', pages: 4 },
      { key: 'franksPitch', title: "Frank's Pitch", type: 'PITCH', owner: 'frank', privacy: 'open', pages: 3 },
      { key: 'globexPlan', title: 'Globex Plan', type: 'PITCH', owner: 'grace', privacy: 'open', pages: 5 },
      { key: 'oldTimeline', title: 'Old Timeline', type: 'TIMELINE', owner: 'alice', privacy: 'open', pages: 2 },
    ];
    const docIds: Record<string, number> = {};
    let minutes = 0;
    for (const d of docs) {
      minutes += 90;
      const row = await trx
        .insertInto('documents')
        .values({
          oid: DEMO_DOCUMENT_OIDS[d.key],
          schema_version_name: d.type,
          title: d.title,
          description: d.description ?? '',
          tags: JSON.stringify((d.tags ?? []).map((text) => ({ text }))),
          privacy: d.privacy,
          published: d.published ?? false,
          reusable: d.reusable ?? false,
          owner_id: users[d.owner],
          modified_at: new Date(Date.UTC(2025, 0, 15, 9, 0) + minutes * 60_000),
          page_count: d.pages ?? 1,
          video_status: d.video_status ?? null,
          view_count: d.key === 'quarterlyReview' ? 5678 : 0,
          view_token: randomToken(16),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      docIds[d.key] = row.id;
      // A demo count with no like rows behind it (migration 0019: the count is the sum of the slots).
      if (d.likes) await trx.insertInto('document_like_counts').values({ document_id: row.id, slot: 0, likes: d.likes }).execute();
    }

    const qr = docIds.quarterlyReview;
    await trx
      .insertInto('collaborators')
      .values([
        { document_id: qr, user_id: users.bob, email: 'bob@example.com', permission: 'editor', invited_by: users.alice },
        { document_id: qr, user_id: users.carol, email: 'carol@example.com', permission: 'commenter', invited_by: users.alice },
        { document_id: qr, user_id: users.dave, email: 'dave@example.com', permission: 'viewer', invited_by: users.alice },
        { document_id: qr, user_id: null, email: 'gina@example.com', permission: 'viewer', invited_by: users.alice },
      ])
      .execute();
    await trx
      .insertInto('document_team_permissions')
      .values({ document_id: qr, team_id: acme.id, can_view: true, can_comment: false, can_edit: false })
      .execute();

    await trx
      .insertInto('view_links')
      .values([
        { link_id: newViewLinkId(), document_id: qr, owner_id: users.alice, name: 'Board members', visible_on_analytics: true, viewer_identification: true },
        { link_id: newViewLinkId(), document_id: qr, owner_id: users.alice, name: 'Newsletter', visible_on_analytics: true, viewer_identification: false },
        { link_id: newViewLinkId(), document_id: qr, owner_id: users.bob, name: 'Sales team', visible_on_analytics: true, viewer_identification: false },
        { link_id: newViewLinkId(), document_id: docIds.franksPitch, owner_id: users.frank, name: 'Investors', visible_on_analytics: false, viewer_identification: false },
      ])
      .execute();

    const marketing = await trx
      .insertInto('folders')
      .values({ uuid: DEMO_FOLDER_UUIDS.marketing, name: 'Marketing', creator_id: users.alice })
      .returning('id')
      .executeTakeFirstOrThrow();
    const board = await trx
      .insertInto('folders')
      .values({ uuid: DEMO_FOLDER_UUIDS.boardOnly, name: 'Board Only', creator_id: users.alice, only_owner_can_add_collaborators: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('folder_members')
      .values([
        { folder_id: marketing.id, user_id: users.alice, email: 'alice@example.com', role: 'OWNER' },
        { folder_id: marketing.id, user_id: users.bob, email: 'bob@example.com', role: 'EDITOR', invited_by: users.alice },
        { folder_id: marketing.id, user_id: users.dave, email: 'dave@example.com', role: 'VIEWER', invited_by: users.alice },
        { folder_id: board.id, user_id: users.alice, email: 'alice@example.com', role: 'OWNER' },
        { folder_id: board.id, user_id: users.bob, email: 'bob@example.com', role: 'VIEWER', invited_by: users.alice },
      ])
      .execute();
    await trx.insertInto('folder_documents').values({ folder_id: marketing.id, document_id: qr }).execute();

    await trx
      .insertInto('feature_switches')
      .values([{ name: 'design_analytics_view_links', enabled: true }])
      .execute();
    return true;
  });
}
