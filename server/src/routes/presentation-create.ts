import { createHash } from 'node:crypto';
import { liveGrant } from '../services/live-grant';
import { Type } from 'typebox';
import { SingleLineText } from '../http/single-line';
import { sql } from 'kysely';
import type { PresentationDocument } from '@deck/shared/api/contract';
import type { PresentationPage, RevertResponse } from '@deck/shared/api/presentation-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { effectiveLevel, rank } from '../permissions/levels';
import { MESSAGES } from '../permissions/messages';
import { loadDocumentContext, serializeDocument } from '../services/documents';
import { rateLimitHook } from '../services/rate-limits';
import { randomToken } from '../tokens';
import type { CurrentUserRecord, Db } from '../services/users';
import { recordFirstVersion, recordVersion } from '../services/versions';
import { OidParams, requireUser, type App, type RouteDeps } from './common';
import { TagList, normalizeTags } from './presentation-admin';
import { CREATE_MESSAGES } from '../messages/presentation-create';

/** A repeat of the same create body by the same user within this window answers 304 (a double submit). */
export const CREATE_REPEAT_WINDOW_SECONDS = 10 * 60;

const CREATABLE_TYPES = ['PITCH', 'INFOGRAM', 'CORE', 'AIR_LITE', 'AIR_PITCH', 'AIR_VIDEO_LITE', 'AIR_VIDEO_PITCH'] as const;
const ALL_TYPES = [...CREATABLE_TYPES, 'TIMELINE'] as const;

const CreateBody = Type.Object(
  {
    title: SingleLineText({ maxLength: 200, required: true }),
    schema_version_name: Type.Optional(Type.Union(CREATABLE_TYPES.map((t) => Type.Literal(t)))),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    tags: Type.Optional(TagList),
  },
  { additionalProperties: false },
);

const SearchBody = Type.Object(
  {
    query: Type.String({ maxLength: 200 }),
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { maxItems: 10 })),
    schema_version_name: Type.Optional(Type.Array(Type.Union(ALL_TYPES.map((t) => Type.Literal(t))), { maxItems: ALL_TYPES.length })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000 })),
  },
  { additionalProperties: false },
);

const RevertBody = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The documents a visitor may find: the public gallery (open and published) for everyone, plus, signed in,
 * their own, those they collaborate on and those shared with their team. Trash excluded.
 */
function findableDocuments(db: Db, user: CurrentUserRecord | null) {
  return db
    .selectFrom('documents as d')
    .innerJoin('users as o', 'o.id', 'd.owner_id')
    .leftJoin('collaborators as c', (join) => join.onRef('c.document_id', '=', 'd.id').on('c.user_id', '=', user?.id ?? -1).on(liveGrant('c')))
    .leftJoin('document_team_permissions as tp', (join) => join.onRef('tp.document_id', '=', 'd.id').on('tp.team_id', '=', user?.team_id ?? -1))
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('d.privacy', '=', 'open'), eb('d.published', '=', true)]),
        ...(user ? [eb('d.owner_id', '=', user.id), eb('c.id', 'is not', null), eb('tp.can_view', '=', true)] : []),
      ]),
    );
}

export function presentationCreateRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  // ---- Create (POST /presentation/ and /presentation/create/) ----
  const createOptions = { schema: { body: CreateBody }, preHandler: rateLimitHook(db, config, 'create') };
  for (const path of ['/api/v4/presentation/', '/api/v4/presentation/create/']) app.post(path, createOptions, async (request, reply) => {
    const user = requireUser(request);
    const body = request.body;
    const fields = {
      title: body.title.trim(),
      schema_version_name: body.schema_version_name ?? 'PITCH',
      description: body.description ?? '',
      tags: normalizeTags(body.tags ?? []),
    };
    const bodyHash = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
    const result = await db.transaction().execute(async (trx) => {
      // One create at a time per user, so two identical requests racing still make one document.
      await trx.selectFrom('users').select('id').where('id', '=', user.id).forUpdate().executeTakeFirst();
      const now = config.now();
      const repeat = await trx
        .selectFrom('document_creations as dc')
        .innerJoin('documents as d', 'd.id', 'dc.document_id')
        .select('d.oid')
        .where('dc.user_id', '=', user.id)
        .where('dc.body_hash', '=', bodyHash)
        .where('dc.created_at', '>', new Date(now.getTime() - CREATE_REPEAT_WINDOW_SECONDS * 1000))
        .where('d.deleted_at', 'is', null)
        .executeTakeFirst();
      if (repeat) return { created: false as const, oid: repeat.oid };
      const doc = await trx
        .insertInto('documents')
        .values({
          oid: randomToken(9),
          schema_version_name: fields.schema_version_name,
          title: fields.title,
          description: fields.description,
          tags: JSON.stringify(fields.tags),
          privacy: 'open',
          owner_id: user.id,
          created_at: now,
          modified_at: now,
          view_token: randomToken(16),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('document_creations').values({ user_id: user.id, body_hash: bodyHash, document_id: doc.id, created_at: now }).execute();
      await recordFirstVersion(trx, doc, user.id, now);
      const ctx = (await loadDocumentContext(trx, doc.oid, user, ctxOpts))!;
      return { created: true as const, document: serializeDocument(ctx.doc, ctx.owner, { hasLiked: false, level: 'owner', includePermissions: true }) };
    });
    const location = `/api/v4/presentation/${result.created ? result.document.oid : result.oid}/`;
    // Spec §8: the same create again is 'not modified'; Location names the document it made.
    if (!result.created) return reply.code(304).header('Location', location).send();
    return reply.code(201).header('Location', location).send(result.document);
  });

  // ---- Search ----
  app.post(
    '/api/v4/presentation/search/',
    { schema: { body: SearchBody }, preHandler: rateLimitHook(db, config, 'search') },
    async (request, reply): Promise<PresentationPage> => {
      reply.header('Cache-Control', 'no-store');
      const user = request.currentUser;
      const body = request.body;
      let base = findableDocuments(db, user);
      const words = body.query.trim();
      if (words) {
        const pattern = `%${escapeLike(words)}%`;
        base = base.where((eb) =>
          eb.or([
            eb('d.title', 'ilike', pattern),
            eb('d.description', 'ilike', pattern),
            eb.exists(sql`(select 1 from jsonb_array_elements(d.tags) t where t->>'text' ilike ${pattern})`),
          ]),
        );
      }
      for (const tag of body.tags ?? []) {
        base = base.where(sql<boolean>`exists (select 1 from jsonb_array_elements(d.tags) t where lower(t->>'text') = lower(${tag}))`);
      }
      if (body.schema_version_name?.length) base = base.where('d.schema_version_name', 'in', body.schema_version_name);
      const { n } = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('d')
        .select([
          'o.oid as o_oid', 'o.username as o_username', 'o.first_name as o_first_name', 'o.last_name as o_last_name', 'o.email as o_email',
          'o.team_id as o_team_id', 'c.permission as my_permission', 'tp.can_view as team_view', 'tp.can_comment as team_comment', 'tp.can_edit as team_edit',
        ])
        .orderBy('d.modified_at', 'desc')
        .orderBy('d.id', 'asc')
        .offset(body.offset ?? 0)
        .limit(body.limit ?? 20)
        .execute();
      const results: PresentationDocument[] = rows.map((r) => {
        const level = user
          ? effectiveLevel({
              isOwner: r.owner_id === user.id,
              individual: r.my_permission ?? null,
              teamGrant: r.team_view === null ? null : { can_view: !!r.team_view, can_comment: !!r.team_comment, can_edit: !!r.team_edit },
            })
          : 'no_access';
        return serializeDocument(
          r,
          { id: r.owner_id, oid: r.o_oid, username: r.o_username, first_name: r.o_first_name, last_name: r.o_last_name, email: r.o_email, team_id: r.o_team_id },
          { level, includePermissions: true },
        );
      });
      return { count: Number(n), results };
    },
  );

  // ---- Revert ----
  app.post('/api/v4/presentation/:oid/revert/', { schema: { params: OidParams, body: RevertBody } }, async (request): Promise<RevertResponse> => {
    const user = requireUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await loadDocumentContext(trx, request.params.oid, user, { ...ctxOpts, forUpdate: true });
      if (!ctx) throw notFound(MESSAGES.documentNotFound);
      if (!ctx.canView) throw forbidden(MESSAGES.noAccess, 'NOT_ALLOWED');
      if (rank(ctx.level) < rank('can_edit')) throw forbidden(CREATE_MESSAGES.revertNotAllowed, 'NOT_ALLOWED');
      const target = await trx
        .selectFrom('document_versions')
        .select(['title', 'description', 'tags'])
        .where('document_id', '=', ctx.doc.id)
        .where('version', '=', request.body.version)
        .executeTakeFirst();
      if (!target) throw badRequest(CREATE_MESSAGES.unknownVersion.replace('{version}', String(request.body.version)), 'INVALID_VERSION');
      const now = config.now();
      await trx
        .updateTable('documents')
        .set({ title: target.title, description: target.description, tags: JSON.stringify(target.tags), modified_at: now })
        .where('id', '=', ctx.doc.id)
        .execute();
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, user, ctxOpts))!;
      const version = await recordVersion(trx, ctx.doc, fresh.doc, user.id, now);
      return { version, document: serializeDocument(fresh.doc, fresh.owner, { hasLiked: fresh.hasLiked, level: fresh.level, includePermissions: true }) };
    });
  });
}
