import { sql, type Kysely } from 'kysely';

/** Initial schema: users, teams, documents, sharing, likes, view links, folders, telemetry. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('disable_privacy_changes', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_publishing', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_sharing', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('disable_trackable_links', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('oid', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique().check(sql`email = lower(email)`))
    .addColumn('licence', 'text', (c) => c.check(sql`licence in ('standard','plus','premium','pro')`))
    .addColumn('team_id', 'integer', (c) => c.references('teams.id').onDelete('set null'))
    .addColumn('is_team_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('documents')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('oid', 'text', (c) => c.notNull().unique())
    .addColumn('schema_version_name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('privacy', 'text', (c) => c.notNull().check(sql`privacy in ('open','closed')`))
    .addColumn('published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('reusable', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('showcase_prohibited', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('modified_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`view_count >= 0`))
    .addColumn('quality_score', 'double precision', (c) => c.notNull().defaultTo(0))
    .addColumn('video_status', 'text')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0).check(sql`likes_count >= 0`))
    .addColumn('page_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('view_token', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema.createIndex('documents_owner_idx').on('documents').column('owner_id').execute();

  await db.schema
    .createTable('collaborators')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('permission', 'text', (c) => c.notNull().check(sql`permission in ('viewer','commenter','editor')`))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('collaborators_document_email_uq', ['document_id', 'email'])
    .execute();
  await db.schema.createIndex('collaborators_user_idx').on('collaborators').column('user_id').execute();

  await db.schema
    .createTable('document_team_permissions')
    .addColumn('document_id', 'integer', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('can_view', 'boolean', (c) => c.notNull())
    .addColumn('can_comment', 'boolean', (c) => c.notNull())
    .addColumn('can_edit', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('likes')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('likes_pk', ['document_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('view_links')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('link_id', 'text', (c) => c.notNull().unique())
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('visible_on_analytics', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('viewer_identification', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('onboarding', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_unlisted', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('view_links_document_idx').on('view_links').column('document_id').execute();
  await db.schema.createIndex('view_links_owner_idx').on('view_links').column('owner_id').execute();
  // At most one live unlisted link per document.
  await sql`create unique index view_links_one_unlisted on view_links (document_id) where is_unlisted and not revoked`.execute(db);

  await db.schema
    .createTable('view_link_visits')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('view_link_id', 'integer', (c) => c.notNull().references('view_links.id').onDelete('cascade'))
    .addColumn('visited_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('viewer_name', 'text')
    .addColumn('viewer_email', 'text')
    .addColumn('session_id', 'text')
    .execute();
  await db.schema.createIndex('view_link_visits_link_idx').on('view_link_visits').column('view_link_id').execute();

  await db.schema
    .createTable('folders')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('creator_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('only_owner_can_add_collaborators', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('folder_members')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull().check(sql`email = lower(email)`))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('VIEWER','OWNER','EDITOR')`))
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('folder_members_folder_email_uq', ['folder_id', 'email'])
    .execute();

  await db.schema
    .createTable('folder_documents')
    .addColumn('folder_id', 'integer', (c) => c.notNull().references('folders.id').onDelete('cascade'))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('documents.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('folder_documents_pk', ['folder_id', 'document_id'])
    .execute();

  await db.schema
    .createTable('feature_switches')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('inviter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('document_id', 'integer', (c) => c.references('documents.id').onDelete('set null'))
    .addColumn('folder_id', 'integer', (c) => c.references('folders.id').onDelete('set null'))
    .addColumn('referral_token', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('invitations_inviter_time_idx').on('invitations').columns(['inviter_id', 'created_at']).execute();

  await db.schema
    .createTable('referral_tokens')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('campaign', 'text', (c) => c.notNull())
    .addColumn('ln_token', 'text', (c) => c.notNull().unique())
    .addColumn('email_token', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('referral_tokens_pk', ['user_id', 'campaign'])
    .execute();

  await db.schema
    .createTable('client_logs')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('level', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('entry', 'jsonb', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'analytics_events', 'client_logs', 'referral_tokens', 'invitations', 'feature_switches', 'folder_documents',
    'folder_members', 'folders', 'view_link_visits', 'view_links', 'likes', 'document_team_permissions',
    'collaborators', 'documents', 'users', 'teams',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
