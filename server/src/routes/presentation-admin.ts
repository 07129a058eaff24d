import { Type } from 'typebox';
import { SingleLineText } from '../http/single-line';
import type { FastifyRequest } from 'fastify';
import type { DeletedDocument, DeletedDocumentList, PresentationDocument } from '@deck/shared/api/contract';
import { badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { hasViewUrl } from '../permissions/flags';
import { mayEdit, mayFindById } from '../permissions/document-rules';
import { MESSAGES, coded, type CodedText } from '../permissions/messages';
import { loadDocumentContext, serializeDocument, type DocumentContext } from '../services/documents';
import type { Db } from '../services/users';
import { recordVersion } from '../services/versions';
import { Identifier, OidParams, noStore, requireUser, type App, type RouteDeps } from './common';
import { PRESENTATION_FIELDS, parseFields, projectFields } from '../http/fields';
import { deleteDocument, deleteTrashedDocuments, ownedDocumentCount, tagCounts, trashedDocuments, updateDocument } from '../repositories/documents';
import { SERVER_TEXTS } from '../messages/server-texts';

/**
 * Spec §7 Presentation API endpoints beyond reading and sharing: edit title/description, trash
 * (move, list, restore, delete for good), tags, counts, id/oid lookups and the view token.
 */

/** Title: 1..200 characters with at least one that is not blank (stored trimmed); description ≤ 2000. */
const DetailsBody = Type.Object(
  {
    title: Type.Optional(SingleLineText({ maxLength: 200, required: true })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { minProperties: 1, additionalProperties: false },
);

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;

/** Tag texts are checked again after trimming (1..50); the raw text may carry a little surrounding space. */
export const TagList = Type.Array(
  Type.Object({ text: SingleLineText({ minLength: 1, maxLength: MAX_TAG_LENGTH * 2 }) }, { additionalProperties: false }),
  { maxItems: MAX_TAGS },
);
const TagsBody = Type.Object({ tags: TagList }, { additionalProperties: false });

const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export type { DeletedDocument };

/** The trash pages like the document list; by default it answers up to 100 at once. */
const TrashQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});

/** Trims, refuses empty or over-long texts (400) and drops case-insensitive duplicates (first one kept). */
export function normalizeTags(tags: ReadonlyArray<{ text: string }>): Array<{ text: string }> {
  const seen = new Set<string>();
  const out: Array<{ text: string }> = [];
  for (const t of tags) {
    const text = t.text.trim();
    if (text.length < 1 || text.length > MAX_TAG_LENGTH) {
      throw badRequest(coded(SERVER_TEXTS, 'tag_length', { max: String(MAX_TAG_LENGTH) }), 'VALIDATION_ERROR');
    }
    const key = text.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ text });
  }
  return out;
}

/** Anyone may read a document that opens by its address (document-address.ts); otherwise it needs a level (401 anonymous, 403 otherwise). */
export function ensureCanView(request: FastifyRequest, ctx: DocumentContext): void {
  if (ctx.canView) return;
  if (!request.currentUser) throw unauthorized(coded(MESSAGES, 'signInRequired'));
  throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
}

/** Owner or editor; a user who may not even view gets the usual 'no access'. */
export function ensureCanEdit(ctx: DocumentContext, message: CodedText): void {
  if (mayEdit(ctx.level)) return;
  if (!ctx.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
  throw forbidden(message, 'NOT_ALLOWED');
}

function ensureOwner(ctx: DocumentContext, message: CodedText): void {
  if (ctx.level !== 'owner') throw forbidden(message, 'NOT_ALLOWED');
}

function iso(d: Date | string): string {
  return (d instanceof Date ? d : new Date(d)).toISOString();
}

function serialize(ctx: DocumentContext): PresentationDocument {
  return serializeDocument(ctx.doc, ctx.owner, { hasLiked: ctx.user ? ctx.hasLiked : undefined, level: ctx.level, includePermissions: true });
}

export function presentationAdminRoutes(app: App, { db, config }: RouteDeps): void {
  const ctxOpts = { viewLinkLimit: config.viewLinkLimit };

  /** Loads a live document for a change (row locked); 404 when unknown or in the trash. */
  async function loadForUpdate(trx: Db, oid: string, request: FastifyRequest, includeDeleted = false): Promise<DocumentContext> {
    const user = requireUser(request);
    const ctx = await loadDocumentContext(trx, oid, user, { ...ctxOpts, forUpdate: true, includeDeleted });
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return ctx;
  }

  // ---- Title and description ----
  // Spec §7: `fields` cuts the answer of PUT as it does GET's; an unknown name is refused before anything changes.
  const FieldsQuery = Type.Object({ fields: Type.Optional(Type.String({ maxLength: 500 })) });
  app.put('/api/v4/presentation/:oid/', { schema: { params: OidParams, body: DetailsBody, querystring: FieldsQuery } }, async (request) => {
    requireUser(request);
    const body = request.body;
    const fields = parseFields(request.query.fields, PRESENTATION_FIELDS);
    return db.transaction().execute(async (trx) => {
      const ctx = await loadForUpdate(trx, request.params.oid, request);
      ensureCanEdit(ctx, coded(MESSAGES, 'editDetails'));
      await updateDocument(trx, ctx.doc.id, {
        ...(body.title !== undefined ? { title: body.title.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        modified_at: config.now(),
      });
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, ctx.user, ctxOpts))!;
      await recordVersion(trx, ctx.doc, fresh.doc, ctx.user!.id, config.now());
      return projectFields(serialize(fresh), fields);
    });
  });

  // ---- Trash ----
  app.delete('/api/v4/presentation/:oid/', { schema: { params: OidParams } }, async (request, reply) => {
    requireUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await loadForUpdate(trx, request.params.oid, request);
      if (!ctx.canView) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      ensureOwner(ctx, coded(MESSAGES, 'onlyOwnerTrash'));
      await updateDocument(trx, ctx.doc.id, { deleted_at: config.now() });
    });
    return reply.code(204).send();
  });

  app.get('/api/v4/presentation-deleted/', { schema: { querystring: TrashQuery } }, async (request, reply): Promise<DeletedDocumentList> => {
    noStore(reply);
    const user = requireUser(request);
    const rows = await trashedDocuments(db, user.id, request.query.offset ?? 0, request.query.limit ?? 100);
    const owner = { id: user.id, oid: user.oid, username: user.username, first_name: user.first_name, last_name: user.last_name, email: user.email, team_id: user.team_id };
    const results = rows.map(({ total: _total, ...doc }) => ({
      ...serializeDocument(doc, owner, { level: 'owner', includePermissions: true }),
      deleted_at: iso(doc.deleted_at!),
    }));
    let count = rows.length > 0 ? Number(rows[0].total) : 0;
    if (rows.length === 0 && (request.query.offset ?? 0) > 0) {
      count = await ownedDocumentCount(db, user.id, true);
    }
    return { count, results };
  });

  app.delete('/api/v4/presentation-deleted/', async (request) => {
    const user = requireUser(request);
    // Dependent rows (collaborators, team grants, likes, view links and their visits, folder entries) go by
    // ON DELETE CASCADE; invitations keep their row with document_id set to null.
    const deleted = await db.transaction().execute((trx) => deleteTrashedDocuments(trx, user.id));
    return { deleted: deleted.length, oids: deleted.map((d) => d.oid) };
  });

  /** A document of the trash the user owns (locked), else 404 / 403. */
  async function loadTrashed(trx: Db, oid: string, request: FastifyRequest): Promise<DocumentContext> {
    const ctx = await loadForUpdate(trx, oid, request, true);
    ensureOwner(ctx, coded(MESSAGES, 'onlyOwnerDeleted'));
    if (ctx.doc.deleted_at === null) throw notFound(coded(MESSAGES, 'notInTrash'));
    return ctx;
  }

  app.delete('/api/v4/presentation-deleted/:oid/', { schema: { params: OidParams } }, async (request, reply) => {
    requireUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await loadTrashed(trx, request.params.oid, request);
      await deleteDocument(trx, ctx.doc.id);
    });
    return reply.code(204).send();
  });

  app.post('/api/v4/presentation-deleted/:oid/restore/', { schema: { params: OidParams } }, async (request) => {
    requireUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await loadTrashed(trx, request.params.oid, request);
      await updateDocument(trx, ctx.doc.id, { deleted_at: null });
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, ctx.user, ctxOpts))!;
      return serialize(fresh);
    });
  });

  // ---- Tags ----
  app.get('/api/v4/presentation/tag/', async (request, reply): Promise<{ results: Array<{ text: string; count: number }> }> => {
    noStore(reply);
    const user = requireUser(request);
    return { results: await tagCounts(db, user.id) };
  });

  app.put('/api/v4/presentation/:oid/tag/', { schema: { params: OidParams, body: TagsBody } }, async (request) => {
    requireUser(request);
    const tags = normalizeTags(request.body.tags);
    return db.transaction().execute(async (trx) => {
      const ctx = await loadForUpdate(trx, request.params.oid, request);
      ensureCanEdit(ctx, coded(MESSAGES, 'editTags'));
      await updateDocument(trx, ctx.doc.id, { tags: JSON.stringify(tags), modified_at: config.now() });
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, ctx.user, ctxOpts))!;
      await recordVersion(trx, ctx.doc, fresh.doc, ctx.user!.id, config.now());
      return serialize(fresh);
    });
  });

  // ---- Counts and identifiers ----
  app.get('/api/v4/presentation/count/', async (request, reply): Promise<{ count: number }> => {
    noStore(reply);
    const user = requireUser(request);
    return { count: await ownedDocumentCount(db, user.id, false) };
  });

  app.get('/api/v4/presentation/id2oid/:id/', { schema: { params: IdParams } }, async (request): Promise<{ id: number; oid: string }> => {
    const ctx = await loadDocumentContext(db, '', request.currentUser, { ...ctxOpts, documentId: request.params.id });
    // Ids are sequential: answering 401/403 for a hidden document and 404 for a missing one would tell
    // anyone which ids exist. Both get the same 404.
    if (!ctx || !mayFindById(ctx)) throw notFound(coded(MESSAGES, 'documentNotFound'));
    return { id: ctx.doc.id, oid: ctx.doc.oid };
  });

  app.get(
    '/api/v4/presentation/oid2id/:oid/',
    { schema: { params: Type.Object({ oid: Identifier }) } },
    async (request): Promise<{ id: number; oid: string }> => {
      const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      ensureCanView(request, ctx);
      return { id: ctx.doc.id, oid: ctx.doc.oid };
    },
  );

  // ---- View token ----
  app.get('/api/v4/presentation/:oid/token/', { schema: { params: OidParams } }, async (request, reply): Promise<{ token: string }> => {
    noStore(reply);
    const ctx = await loadDocumentContext(db, request.params.oid, request.currentUser, ctxOpts);
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    ensureCanView(request, ctx);
    return { token: hasViewUrl(ctx.doc.schema_version_name) ? ctx.doc.view_token : '' };
  });
}
