import { SINGLE_LINE_FORMAT, SingleLineText } from '../http/single-line';
import { DateTimeText } from '../http/date-time';
import { LINK_TITLE_MAX_LENGTH } from '@deck/shared/domains/view-links/view-link-limits';
import { Type, type Static } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { UnlistedLink, ViewLink, ViewLinkPasscode } from '@deck/shared/api/contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { isAllowed, viewLinkScope } from '../permissions/flags';
import { ownLinkDeactivation, viewLinkExpired } from '../permissions/view-link-access';
import { MESSAGES, coded } from '../permissions/messages';
import { loadDocumentContext, type DocumentContext } from '../services/documents';
import { newViewLinkId } from '../tokens';
import type { CurrentUserRecord, Db } from '../services/users';
import type { ViewLinkRow } from '../db/schema';
import { BoolQuery, Identifier, OidParams, ensure, noStore, linkOrigin, parseBool, type App, type RouteDeps } from './common';
import { recordSharingChange } from '../services/activity-log';
import { VIEW_LINK_MESSAGES } from '../messages/view-links';
import { DEFAULT_LINK_OPEN_NOTICE, LINK_OPEN_NOTICES } from '@deck/shared/domains/view-links/open-notices';
import { FieldViolations } from '../http/field-violations';
import { viewerList } from '../http/viewer-list';
import {
  LINK_ALLOWED_VIEWER_MAX_LENGTH,
  LINK_ALLOWED_VIEWERS_MAX,
  LINK_BLOCKED_VIEWERS_MAX,
  LINK_CONTROL_MESSAGES,
} from '@deck/shared/domains/view-links/link-controls';
import { passcodeWeakness } from '@deck/shared/domains/view-links/passcode-strength';
import { decideLinkControl, expiresBeyond, linkExpiryLimitDays, teamExpiryBroken, teamRequiresPasscode, type LinkRules } from '../permissions/link-controls';
import { hashPasscode, openPasscode, sealPasscode } from '../services/link-secrets';
import {
  deleteLinkVisits,
  documentLinks,
  findListedLink,
  findUnlistedLink,
  insertViewLink,
  linkById,
  linkByLinkId,
  linksOfOwner,
  revokeUnlistedLink,
  updateViewLink,
  type LinkWithSharer,
} from '../repositories/view-links';
import { lockUser } from '../repositories/users';

const LinkName = SingleLineText({ maxLength: LINK_TITLE_MAX_LENGTH, required: true });

/** The view-link controls (link-controls.ts): the passcode's length is checked in the handler, with its own message. */
const ControlFields = {
  // One line: a passcode is typed into one field, and CR or LF in it could never be typed back.
  passcode: Type.Optional(Type.Union([Type.String({ format: SINGLE_LINE_FORMAT, maxLength: 1000 }), Type.Null()])),
  expires_at: Type.Optional(Type.Union([DateTimeText(), Type.Null()])),
  allowed_viewers: Type.Optional(
    Type.Array(Type.String({ minLength: 3, maxLength: LINK_ALLOWED_VIEWER_MAX_LENGTH }), { maxItems: LINK_ALLOWED_VIEWERS_MAX }),
  ),
  require_verification: Type.Optional(Type.Boolean()),
  // Longer lists are refused in the handler, with the field's own message (blockListTooLong).
  blocked_viewers: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: LINK_ALLOWED_VIEWER_MAX_LENGTH }), { maxItems: 1000 })),
  // Download control and watermark (docs/decisions.md, *Download control and watermark*): off unless asked for.
  allow_download: Type.Optional(Type.Boolean()),
  watermark: Type.Optional(Type.Boolean()),
};

const ListQuery = Type.Object({
  presentation_oid: Type.Optional(Identifier),
  user_oid: Type.Optional(Identifier),
  list_all_prezilinks: Type.Optional(BoolQuery),
  include_sharer: Type.Optional(BoolQuery),
});

/** What the link tells its creator when it is opened (open-notices.ts). */
const OpenNotice = Type.Union(LINK_OPEN_NOTICES.map((notice) => Type.Literal(notice)));

const CreateBody = Type.Object(
  {
    presentation_oid: Identifier,
    name: LinkName,
    visible_on_analytics: Type.Boolean(),
    viewer_identification: Type.Boolean(),
    open_notice: Type.Optional(OpenNotice),
    ...ControlFields,
  },
  { additionalProperties: false },
);

const UpdateBody = Type.Object(
  {
    name: Type.Optional(LinkName),
    visible_on_analytics: Type.Optional(Type.Boolean()),
    viewer_identification: Type.Optional(Type.Boolean()),
    open_notice: Type.Optional(OpenNotice),
    revoked: Type.Optional(Type.Boolean()),
    ...ControlFields,
  },
  { minProperties: 1, additionalProperties: false },
);

/** Bulk changes carry no deactivation: that stays one link at a time (PUT /:linkId/ or DELETE). */
const BulkUpdateBody = Type.Object(
  {
    links: Type.Array(
      Type.Object(
        {
          link_id: Identifier,
          name: Type.Optional(LinkName),
          visible_on_analytics: Type.Optional(Type.Boolean()),
          viewer_identification: Type.Optional(Type.Boolean()),
        },
        { minProperties: 2, additionalProperties: false },
      ),
      { minItems: 1, maxItems: 50 },
    ),
  },
  { additionalProperties: false },
);

export const LinkParams = Type.Object({ linkId: Identifier });

const PasscodeAnswer = Type.Object({ passcode: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false });

/** Spec §8: the view-link API answers a missing session with 403 'Authentication error'. */
export function requireLinkUser(request: FastifyRequest): CurrentUserRecord {
  if (!request.currentUser) throw forbidden(coded(MESSAGES, 'linkAuth'), 'NOT_AUTHENTICATED');
  return request.currentUser;
}

/** `base`: linkOrigin(config, request). */
export function viewLinkUrl(base: string, linkId: string): string {
  return `${base}/l/${linkId}`;
}

function serializeLink(base: string, now: Date, link: LinkWithSharer, ctx: DocumentContext, includeSharer: boolean): ViewLink {
  const own = !!ctx.user && link.owner_id === ctx.user.id;
  const d = ctx.permissions.decisions;
  return {
    link_id: link.link_id,
    presentation_oid: link.presentation_oid,
    owner_oid: link.owner_oid,
    name: link.name,
    created_at: new Date(link.created_at).toISOString(),
    revoked: link.revoked,
    visible_on_analytics: link.visible_on_analytics,
    viewer_identification: link.viewer_identification,
    open_notice: link.open_notice,
    onboarding: link.onboarding,
    permissions: {
      can_update: !link.revoked && isAllowed(own ? d.view_link_own_update : d.view_link_all_update),
      can_delete: isAllowed(own ? ownLinkDeactivation(ctx.level, ctx.permissions.decisions) : d.view_link_all_delete),
    },
    sharer_first_name: includeSharer ? link.first_name : '',
    sharer_last_name: includeSharer ? link.last_name : '',
    is_unlisted_implicit: link.is_unlisted,
    is_owner: own,
    url: viewLinkUrl(base, link.link_id),
    has_passcode: link.passcode_hash !== null,
    expires_at: link.expires_at === null ? null : new Date(link.expires_at).toISOString(),
    expired: viewLinkExpired(link, now),
    allowed_viewers: link.allowed_viewers,
    require_verification: link.require_verification,
    blocked_viewers: link.blocked_viewers,
    allow_download: link.allow_download,
    watermark: link.watermark,
  };
}

/**
 * A link's protection as the activity log records it: whether it has a passcode (never the passcode or its
 * hash: 'new' when one was set by this change), its expiry, and the viewers it is limited to (its allow list's
 * entries, separated by spaces, which no entry holds; null without a list), so the log says who was let in; and,
 * only when set, that it asks for a verified e-mail and whom it blocks (its block list's entries, likewise).
 */
function protectionState(
  current: {
    passcode_hash: string | null;
    expires_at: Date | string | null;
    allowed_viewers: string[];
    require_verification: boolean;
    blocked_viewers: string[];
    allow_download: boolean;
    watermark: boolean;
  } | null,
  change: ControlsColumns = {},
): { passcode: string; expires_at: string | null; allowed_viewers: string | null; require_verification?: true; blocked_viewers?: string; allow_download?: true; watermark?: true } {
  const blocked = (change.blocked_viewers ?? current?.blocked_viewers ?? []).join(' ');
  const passcode = change.passcode_hash === undefined ? (current?.passcode_hash ? 'set' : 'none') : change.passcode_hash === null ? 'none' : 'new';
  const expires = change.expires_at !== undefined ? change.expires_at : (current?.expires_at ?? null);
  return {
    passcode,
    expires_at: expires === null ? null : new Date(expires).toISOString(),
    allowed_viewers: (change.allowed_viewers ?? current?.allowed_viewers ?? []).join(' ') || null,
    // Recorded only when set, so the entries of links without them read as before.
    ...((change.require_verification ?? current?.require_verification) ? { require_verification: true as const } : {}),
    ...(blocked ? { blocked_viewers: blocked } : {}),
    ...((change.allow_download ?? current?.allow_download) ? { allow_download: true as const } : {}),
    ...((change.watermark ?? current?.watermark) ? { watermark: true as const } : {}),
  };
}

type ControlsBody = {
  passcode?: string | null;
  expires_at?: string | null;
  allowed_viewers?: string[];
  require_verification?: boolean;
  blocked_viewers?: string[];
  allow_download?: boolean;
  watermark?: boolean;
};
type ControlsColumns = {
  passcode_hash?: string | null;
  passcode_sealed?: string | null;
  expires_at?: Date | null;
  allowed_viewers?: string[];
  require_verification?: boolean;
  blocked_viewers?: string[];
  allow_download?: boolean;
  watermark?: boolean;
};

/** What a new passcode is sealed with for the link's managers (sealPasscode): the server's secret and the link. */
type SealFor = { secret: string; linkId: string };

/**
 * The controls a create or an update sets, checked against the plan (permissions/link-controls.ts), the passcode
 * rule (passcode-strength.ts) and the team rules that hold on the document (a passcode, an expiry at most so many
 * days ahead: the owner's team's and the acting user's, `ctx.permissions.linkRules`), which hold on every change of
 * a link, not only at its creation. `current` is the link as stored (null on create). Only what changes is returned.
 * A control the plan refuses is refused at once; every broken rule of the values is named in one answer, each beside
 * its field (FieldViolations), so the owner fixes them all at one Save.
 */
async function linkControls(
  body: ControlsBody,
  current: ViewLinkRow | null,
  user: CurrentUserRecord,
  team: LinkRules | null,
  now: Date,
  seal: SealFor,
): Promise<ControlsColumns> {
  const out: ControlsColumns = {};
  const broken = new FieldViolations<'passcode' | 'expires_at' | 'allowed_viewers' | 'blocked_viewers'>();
  if (body.passcode !== undefined && body.passcode !== null) ensure(decideLinkControl(user, team, 'passcode'));
  if (body.expires_at !== undefined && body.expires_at !== null) ensure(decideLinkControl(user, team, 'expiry'));
  if (body.allowed_viewers !== undefined && body.allowed_viewers.length > 0) ensure(decideLinkControl(user, team, 'allow_list'));
  if (body.require_verification === true) ensure(decideLinkControl(user, team, 'verification'));
  if (body.blocked_viewers !== undefined && body.blocked_viewers.length > 0) ensure(decideLinkControl(user, team, 'block_list'));

  let newPasscode: string | undefined;
  if (body.passcode !== undefined && body.passcode !== null) {
    const weakness = passcodeWeakness(body.passcode);
    if (weakness === 'length') broken.add('passcode', 400, 'INVALID_PASSCODE', coded(LINK_CONTROL_MESSAGES, 'passcodeLength'));
    else if (weakness === 'weak') broken.add('passcode', 400, 'WEAK_PASSCODE', coded(LINK_CONTROL_MESSAGES, 'passcodeWeak'));
    else newPasscode = body.passcode;
  } else if (body.passcode === null) {
    out.passcode_hash = null;
    out.passcode_sealed = null;
  }
  const hasPasscode = body.passcode !== undefined ? body.passcode !== null : current?.passcode_hash != null;
  if (teamRequiresPasscode(team, hasPasscode)) broken.add('passcode', 403, 'NOT_ALLOWED_IN_ORG', coded(LINK_CONTROL_MESSAGES, 'passcodeRequiredByTeam'));

  let expiresAt: Date | null = current?.expires_at ?? null;
  if (body.expires_at !== undefined && body.expires_at !== null) {
    const at = new Date(body.expires_at);
    const maxDays = linkExpiryLimitDays(team);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
      broken.add('expires_at', 400, 'INVALID_EXPIRY', coded(LINK_CONTROL_MESSAGES, 'expiryInPast'));
    } else if (expiresBeyond(at, maxDays, now)) {
      broken.add('expires_at', 400, 'INVALID_EXPIRY', coded(LINK_CONTROL_MESSAGES, 'expiryTooFar', { days: String(maxDays) }));
    }
    out.expires_at = expiresAt = at;
  } else if (body.expires_at === null) {
    out.expires_at = expiresAt = null;
  }
  const teamMaxDays = broken.has('expires_at') ? null : teamExpiryBroken(team, expiresAt, now);
  if (teamMaxDays !== null) {
    broken.add('expires_at', 403, 'NOT_ALLOWED_IN_ORG', coded(LINK_CONTROL_MESSAGES, 'expiryRequiredByTeam', { days: String(teamMaxDays) }));
  }

  if (body.allowed_viewers !== undefined) out.allowed_viewers = viewerList(body.allowed_viewers, 'allowed_viewers', 'INVALID_ALLOWED_VIEWER', broken);
  if (body.require_verification !== undefined) out.require_verification = body.require_verification;
  if (body.allow_download !== undefined) out.allow_download = body.allow_download;
  if (body.watermark !== undefined) out.watermark = body.watermark;
  if (body.blocked_viewers !== undefined) {
    const entries = viewerList(body.blocked_viewers, 'blocked_viewers', 'INVALID_BLOCKED_VIEWER', broken);
    if (entries.length > LINK_BLOCKED_VIEWERS_MAX) broken.add('blocked_viewers', 400, 'INVALID_BLOCKED_VIEWER', coded(LINK_CONTROL_MESSAGES, 'blockListTooLong'));
    out.blocked_viewers = entries;
  }
  broken.throwIfAny({ code: 'INVALID_LINK_CONTROLS', message: coded(LINK_CONTROL_MESSAGES, 'severalBroken') });
  // Hashed only once every rule holds: the slow hash is not spent on a refused change.
  if (newPasscode !== undefined) {
    out.passcode_hash = await hashPasscode(newPasscode);
    out.passcode_sealed = sealPasscode(seal.secret, seal.linkId, newPasscode);
  }
  return out;
}

function unlistedLink(base: string, linkId: string, documentOid: string): UnlistedLink {
  return { link_id: linkId, presentation_oid: documentOid, url: viewLinkUrl(base, linkId) };
}

/** A link the user may see (its creator or the document owner), else 404 'Link does not exist'. */
export async function loadManagedLink(db: Db, linkId: string, user: CurrentUserRecord, viewLinkLimit: number, forUpdate = false) {
  const link = await findListedLink(db, linkId, forUpdate);
  if (!link) throw notFound(coded(MESSAGES, 'linkNotFound'));
  const ctx = await loadDocumentContext(db, link.presentation_oid, user, { viewLinkLimit });
  if (!ctx) throw notFound(coded(MESSAGES, 'linkNotFound'));
  const own = link.owner_id === user.id;
  if (!own && ctx.level !== 'owner') throw notFound(coded(MESSAGES, 'linkNotFound'));
  return { link, ctx, own };
}

export function viewLinkRoutes(app: App, { db, config }: RouteDeps): void {
  const limit = config.viewLinkLimit;

  app.get('/api/v1/prezilink/', { schema: { querystring: ListQuery } }, async (request, reply) => {
    noStore(reply);
    const user = requireLinkUser(request);
    const q = request.query;
    const includeSharer = parseBool(q.include_sharer, true);
    if (q.user_oid !== undefined && q.user_oid !== user.oid && !q.presentation_oid) {
      throw forbidden(coded(MESSAGES, 'linksManage'), 'NOT_ALLOWED');
    }
    const contexts = new Map<string, DocumentContext>();
    let rows: LinkWithSharer[];
    if (q.presentation_oid) {
      const ctx = await loadDocumentContext(db, q.presentation_oid, user, { viewLinkLimit: limit });
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      ensure(ctx.permissions.decisions.view_link_own_get);
      contexts.set(ctx.doc.oid, ctx);
      const all = parseBool(q.list_all_prezilinks, false) && viewLinkScope(ctx.permissions) === 'all';
      rows = await documentLinks(db, ctx.doc.id, { ownerId: all ? undefined : user.id, ownerOid: q.user_oid });
    } else {
      rows = await linksOfOwner(db, user.id);
    }
    const out: ViewLink[] = [];
    for (const r of rows) {
      let ctx = contexts.get(r.presentation_oid);
      if (!ctx) {
        ctx = (await loadDocumentContext(db, r.presentation_oid, user, { viewLinkLimit: limit }))!;
        contexts.set(r.presentation_oid, ctx);
      }
      out.push(serializeLink(linkOrigin(config, request), config.now(), r, ctx, includeSharer));
    }
    return out;
  });

  app.post('/api/v1/prezilink/', { schema: { body: CreateBody } }, async (request, reply) => {
    const user = requireLinkUser(request);
    const body = request.body;
    if (body.viewer_identification && !body.visible_on_analytics) {
      throw badRequest(coded(MESSAGES, 'viewerIdentificationNeedsAnalytics'), 'INVALID_COMBINATION');
    }
    if (body.open_notice !== undefined && body.open_notice !== 'off' && !body.visible_on_analytics) {
      throw badRequest(coded(VIEW_LINK_MESSAGES, 'openNoticeNeedsAnalytics'), 'INVALID_COMBINATION');
    }
    const created = await db.transaction().execute(async (trx) => {
      // Lock the creator's row so the link limit is counted one request at a time.
      await lockUser(trx, user.id);
      const ctx = await loadDocumentContext(trx, body.presentation_oid, user, { viewLinkLimit: limit, forUpdate: true });
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      ensure(ctx.permissions.decisions.view_link_own_create);
      if (body.visible_on_analytics) ensure(ctx.permissions.decisions.view_link_own_create_with_analytics);
      const linkId = newViewLinkId();
      const controls = await linkControls(body, null, user, ctx.permissions.linkRules, config.now(), { secret: config.sessionSecret, linkId });
      await insertViewLink(trx, {
        link_id: linkId,
        document_id: ctx.doc.id,
        owner_id: user.id,
        name: body.name.trim(),
        visible_on_analytics: body.visible_on_analytics,
        viewer_identification: body.viewer_identification,
        // Notes need recorded opens: a link without analytics sends none.
        open_notice: body.visible_on_analytics ? (body.open_notice ?? DEFAULT_LINK_OPEN_NOTICE) : 'off',
        created_at: config.now(),
        ...controls,
      });
      // The log names a link by its name: its id is what opens it, so it is never recorded.
      await recordSharingChange(trx, {
        action: 'link_created',
        actorId: user.id,
        at: config.now(),
        documentId: ctx.doc.id,
        subject: body.name.trim(),
        after: { visible_on_analytics: body.visible_on_analytics, viewer_identification: body.viewer_identification, ...protectionState(null, controls) },
      });
      const row = await linkByLinkId(trx, linkId);
      const fresh = (await loadDocumentContext(trx, ctx.doc.oid, user, { viewLinkLimit: limit }))!;
      return serializeLink(linkOrigin(config, request), config.now(), row, fresh, true);
    });
    reply.code(201);
    return created;
  });

  app.get('/api/v1/prezilink/unlisted/:oid', { schema: { params: OidParams } }, async (request, reply): Promise<UnlistedLink> => {
    noStore(reply);
    const user = requireLinkUser(request);
    const ctx = await loadDocumentContext(db, request.params.oid, user, { viewLinkLimit: limit });
    if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
    ensure(ctx.permissions.decisions.unlisted_link_get);
    const link = await findUnlistedLink(db, ctx.doc.id);
    if (!link) throw notFound(coded(MESSAGES, 'unlistedLinkNotFound'));
    return unlistedLink(linkOrigin(config, request), link.link_id, ctx.doc.oid);
  });

  app.put('/api/v1/prezilink/unlisted/:oid', { schema: { params: OidParams } }, async (request): Promise<UnlistedLink> => {
    const user = requireLinkUser(request);
    return db.transaction().execute(async (trx) => {
      const ctx = await loadDocumentContext(trx, request.params.oid, user, { viewLinkLimit: limit, forUpdate: true });
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      ensure(ctx.permissions.decisions.unlisted_link_generate);
      let link = await findUnlistedLink(trx, ctx.doc.id);
      if (!link) {
        link = { link_id: newViewLinkId() };
        await insertViewLink(trx, { link_id: link.link_id, document_id: ctx.doc.id, owner_id: user.id, name: 'Unlisted link', is_unlisted: true, created_at: config.now() });
        await recordSharingChange(trx, { action: 'unlisted_link_created', actorId: user.id, at: config.now(), documentId: ctx.doc.id });
      }
      return unlistedLink(linkOrigin(config, request), link.link_id, ctx.doc.oid);
    });
  });

  app.delete('/api/v1/prezilink/unlisted/:oid', { schema: { params: OidParams } }, async (request, reply) => {
    const user = requireLinkUser(request);
    await db.transaction().execute(async (trx) => {
      const ctx = await loadDocumentContext(trx, request.params.oid, user, { viewLinkLimit: limit, forUpdate: true });
      if (!ctx) throw notFound(coded(MESSAGES, 'documentNotFound'));
      ensure(ctx.permissions.decisions.unlisted_link_delete);
      if (!(await revokeUnlistedLink(trx, ctx.doc.id))) throw notFound(coded(MESSAGES, 'unlistedLinkNotFound'));
      await recordSharingChange(trx, { action: 'unlisted_link_deactivated', actorId: user.id, at: config.now(), documentId: ctx.doc.id });
    });
    reply.code(204);
  });

  app.get('/api/v1/prezilink/:linkId/', { schema: { params: LinkParams } }, async (request, reply) => {
    noStore(reply);
    const user = requireLinkUser(request);
    const { link, ctx, own } = await loadManagedLink(db, request.params.linkId, user, limit);
    ensure(own ? ctx.permissions.decisions.view_link_own_get : ctx.permissions.decisions.view_link_all_get);
    return serializeLink(linkOrigin(config, request), config.now(), link, ctx, true);
  });

  /**
   * The link's passcode, for those who may change the link (they send it to the recipients; docs/decisions.md,
   * *Protected trackable links*): opened from its sealed copy, never sent with the link itself. Null when the link has
   * none, or its passcode was set before passcodes were kept (or under another server secret): a new one is then set.
   */
  app.get('/api/v1/prezilink/:linkId/passcode/', { schema: { params: LinkParams, response: { 200: PasscodeAnswer } } }, async (request, reply) => {
    noStore(reply);
    const user = requireLinkUser(request);
    const { link, ctx, own } = await loadManagedLink(db, request.params.linkId, user, limit);
    ensure(own ? ctx.permissions.decisions.view_link_own_update : ctx.permissions.decisions.view_link_all_update);
    const passcode = link.passcode_hash !== null && link.passcode_sealed !== null ? openPasscode(config.sessionSecret, link.link_id, link.passcode_sealed) : null;
    return { passcode } satisfies ViewLinkPasscode;
  });

  /**
   * Deactivation (spec §4): permanent. Deleting the data removes the recorded visits and hides the
   * link from analytics; keeping it shows the link in analytics (visible_on_analytics true). Repeating it is harmless,
   * and a second call may still delete the data a first one kept.
   */
  async function deactivate(request: FastifyRequest, trx: Db, linkId: string, user: CurrentUserRecord, deleteData: boolean) {
    const { link, ctx, own } = await loadManagedLink(trx, linkId, user, limit, true);
    ensure(own ? ownLinkDeactivation(ctx.level, ctx.permissions.decisions) : ctx.permissions.decisions.view_link_all_delete);
    // Spec §4: visible_on_analytics becomes the opposite of 'delete data' (data once deleted stays hidden on a repeat).
    await updateViewLink(trx, link.id, { revoked: true, visible_on_analytics: !deleteData && !(link.revoked && !link.visible_on_analytics) });
    if (deleteData) await deleteLinkVisits(trx, link.id);
    if (!link.revoked || deleteData) {
      await recordSharingChange(trx, {
        action: 'link_deactivated',
        actorId: user.id,
        at: config.now(),
        documentId: ctx.doc.id,
        subject: link.name,
        before: { revoked: link.revoked },
        after: { revoked: true, data_deleted: deleteData },
      });
    }
    const row = await linkById(trx, link.id);
    const fresh = (await loadDocumentContext(trx, ctx.doc.oid, user, { viewLinkLimit: limit }))!;
    return serializeLink(linkOrigin(config, request), config.now(), row, fresh, true);
  }

  /** One link's change (PUT /:linkId/, and each entry of PUT /), inside the caller's transaction. */
  async function updateLink(request: FastifyRequest, trx: Db, linkId: string, user: CurrentUserRecord, body: Static<typeof UpdateBody>) {
    if (body.revoked === true) {
      // Spec §4: removing sets revoked and sets visible_on_analytics to the opposite of 'delete data'.
      if (body.name !== undefined || body.viewer_identification !== undefined || body.passcode !== undefined || body.expires_at !== undefined || body.allowed_viewers !== undefined || body.require_verification !== undefined || body.blocked_viewers !== undefined || body.allow_download !== undefined || body.watermark !== undefined) {
        throw badRequest(coded(VIEW_LINK_MESSAGES, 'deactivationFields'), 'INVALID_COMBINATION');
      }
      return deactivate(request, trx, linkId, user, body.visible_on_analytics === false);
    }
    const { link, ctx, own } = await loadManagedLink(trx, linkId, user, limit, true);
    const d = ctx.permissions.decisions;
    ensure(own ? d.view_link_own_update : d.view_link_all_update);
    if (link.revoked) throw badRequest(coded(MESSAGES, 'linkRevoked'), 'LINK_REVOKED');
    const analytics = body.visible_on_analytics ?? link.visible_on_analytics;
    // Turning analytics off forces viewer identification off.
    const identification = analytics ? (body.viewer_identification ?? link.viewer_identification) : false;
    if (body.viewer_identification === true && !analytics) throw badRequest(coded(MESSAGES, 'viewerIdentificationNeedsAnalytics'), 'INVALID_COMBINATION');
    if (body.open_notice !== undefined && body.open_notice !== 'off' && !analytics) throw badRequest(coded(VIEW_LINK_MESSAGES, 'openNoticeNeedsAnalytics'), 'INVALID_COMBINATION');
    // Turning analytics off turns the notes off too: there are no recorded opens to tell of.
    const openNotice = analytics ? (body.open_notice ?? link.open_notice) : 'off';
    if (analytics && !link.visible_on_analytics) {
      ensure(own ? d.view_link_own_update_with_analytics : d.view_link_all_update);
      if (!own) ensure(d.view_link_own_update_with_analytics);
    }
    // The team rules are the document's owner's team's and the acting user's (linkRulesFor).
    const controls = await linkControls(body, link, user, ctx.permissions.linkRules, config.now(), { secret: config.sessionSecret, linkId: link.link_id });
    await updateViewLink(trx, link.id, {
      name: body.name !== undefined ? body.name.trim() : link.name,
      visible_on_analytics: analytics,
      viewer_identification: identification,
      open_notice: openNotice,
      ...controls,
    });
    const name = body.name !== undefined ? body.name.trim() : link.name;
    const was = { name: link.name, visible_on_analytics: link.visible_on_analytics, viewer_identification: link.viewer_identification, ...protectionState(link) };
    const now = { name, visible_on_analytics: analytics, viewer_identification: identification, ...protectionState(link, controls) };
    const keys = new Set([...Object.keys(was), ...Object.keys(now)] as Array<keyof typeof now>);
    if ([...keys].some((key) => was[key] !== now[key])) {
      await recordSharingChange(trx, { action: 'link_changed', actorId: user.id, at: config.now(), documentId: ctx.doc.id, subject: name, before: was, after: now });
    }
    const row = await linkById(trx, link.id);
    const fresh = (await loadDocumentContext(trx, ctx.doc.oid, user, { viewLinkLimit: limit }))!;
    return serializeLink(linkOrigin(config, request), config.now(), row, fresh, true);
  }

  app.put('/api/v1/prezilink/:linkId/', { schema: { params: LinkParams, body: UpdateBody } }, async (request) => {
    const user = requireLinkUser(request);
    return db.transaction().execute((trx) => updateLink(request, trx, request.params.linkId, user, request.body));
  });

  /** PUT on the collection (spec §7 'PUT /'): several links changed at once, all or nothing, each by PUT /:linkId/'s rules. */
  app.put('/api/v1/prezilink/', { schema: { body: BulkUpdateBody } }, async (request) => {
    const user = requireLinkUser(request);
    const ids = request.body.links.map((l) => l.link_id);
    if (new Set(ids).size !== ids.length) throw badRequest(coded(VIEW_LINK_MESSAGES, 'duplicateLinks'), 'VALIDATION_ERROR');
    return db.transaction().execute(async (trx) => {
      const out: ViewLink[] = [];
      for (const { link_id, ...update } of request.body.links) out.push(await updateLink(request, trx, link_id, user, update));
      return out;
    });
  });

  app.delete(
    '/api/v1/prezilink/:linkId/',
    { schema: { params: LinkParams, querystring: Type.Object({ delete_data: Type.Optional(BoolQuery) }) } },
    async (request) => {
      const user = requireLinkUser(request);
      const deleteData = parseBool(request.query.delete_data, false);
      return db.transaction().execute((trx) => deactivate(request, trx, request.params.linkId, user, deleteData));
    },
  );
}
