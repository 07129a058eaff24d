import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { SingleLineText } from '../http/single-line';
import type { PresentationDocument } from '@deck/shared/api/contract';
import type { PresentationPage, RevertResponse } from '@deck/shared/api/presentation-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { effectiveLevel } from '../permissions/levels';
import { mayEdit } from '../permissions/document-rules';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, serializeDocument } from '../services/documents';
import { rateLimitHook } from '../services/rate-limits';
import { randomToken } from '../tokens';
import { recordFirstVersion, recordVersion } from '../services/versions';
import { OidParams, requireUser, type App, type RouteDeps } from './common';
import { TagList, normalizeTags } from './presentation-admin';
import { CREATE_MESSAGES } from '../messages/presentation-create';
import { createDocument, findDocumentVersion, findRepeatedCreation, searchDocuments, updateDocument } from '../repositories/documents';
import { lockUser } from '../repositories/users';

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
      await lockUser(trx, user.id);
      const now = config.now();
      const repeat = await findRepeatedCreation(trx, user.id, bodyHash, new Date(now.getTime() - CREATE_REPEAT_WINDOW_SECONDS * 1000));
      if (repeat) return { created: false as const, oid: repeat.oid };
      const doc = await createDocument(
        trx,
        {
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
        },
        bodyHash,
      );
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
      const { count: n, rows } = await searchDocuments(db, user, {
        words: body.query.trim(),
        tags: body.tags ?? [],
        types: body.schema_version_name ?? [],
        offset: body.offset ?? 0,
        limit: body.limit ?? 20,
      });
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
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      if (!ctx.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      if (!mayEdit(ctx.level)) throw forbidden(coded(CREATE_MESSAGES, 'revertNotAllowed'), 'NOT_ALLOWED');
      const target = await findDocumentVersion(trx, ctx.doc.id, request.body.version);
      if (!target) throw badRequest(coded(CREATE_MESSAGES, 'unknownVersion', { version: String(request.body.version) }), 'INVALID_VERSION');
      const now = config.now();
      await updateDocument(trx, ctx.doc.id, { title: target.title, description: target.description, tags: JSON.stringify(target.tags), modified_at: now });
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, user, ctxOpts))!;
      const version = await recordVersion(trx, ctx.doc, fresh.doc, user.id, now);
      return { version, document: serializeDocument(fresh.doc, fresh.owner, { hasLiked: fresh.hasLiked, level: fresh.level, includePermissions: true }) };
    });
  });
}
