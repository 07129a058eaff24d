import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  ACTIVITY_EXPORT_MAX,
  ACTIVITY_PAGE_MAX,
  ACTIVITY_PAGE_SIZE,
  SHARING_ACTIONS,
  TEAM_ACTIVITY_CHOICES_MAX,
  LIVE_CATCH_UP_MAX,
  LIVE_EVENT_ACCESS_ENDED,
  LIVE_EVENT_CHANGE,
  LIVE_EVENT_HELLO,
  LIVE_EVENT_REPLACED,
  type ActivityEntry,
  type ActivityPage,
  type LiveHello,
  type TeamActivityChoices,
  type TeamActivityFilters,
} from '@deck/shared/domains/sharing-activity/activity-contract';
import { badRequest, forbidden, notFound } from '../http/errors';
import { DateTimeText } from '../http/date-time';
import { MESSAGES, coded } from '../permissions/messages';
import { hasCollaboratorLevel, isOwnerOrOwnerTeamAdmin, seesLinkNames } from '../permissions/document-rules';
import { sessionIdHashOf } from '../http/session';
import { liveSessions } from '../services/sessions';
import { loadSessionUser } from '../services/users';
import { SHARING_ACTIVITY_MESSAGES } from '../messages/sharing-activity';
import { sharingVersion } from '../services/activity-log';
import { readActivity, readTeamActivity, readTeamActivityChoices, type ActivityScope } from '../repositories/sharing-activity';
import { activityCsv } from '../services/activity-csv';
import { loadDocumentContext, type DocumentContext } from '../services/documents';
import { readCacheOf } from '../db/read-cache';
import { LiveChanges, type LiveScope } from '../services/live-changes';
import { ServiceRefusal } from '../services/refusal';
import type { CurrentUserRecord, Db } from '../services/users';
import { findFolder, folderMembership } from '../repositories/folders';
import { folderMemberLevel, folderRoleOf, folderRules, mayReadFolderHistory } from '../permissions/folders';
import { Identifier, OidParams, noStore, requireUser, type App, type RouteDeps } from './common';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open live sharing streams of this instance (shutdown ends them: ops/shutdown.ts). */
    liveStreams: LiveStreams;
  }
}

const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ACTIVITY_PAGE_MAX })),
  before: Type.Optional(Type.Integer({ minimum: 1 })),
});
/** The team log's filters (TeamActivityFilters), on its page and its CSV alike. */
const TeamFilterFields = {
  actor: Type.Optional(Type.Integer({ minimum: 1 })),
  action: Type.Optional(Type.Union(SHARING_ACTIONS.map((action) => Type.Literal(action)))),
  document: Type.Optional(Identifier),
  folder: Type.Optional(Type.Integer({ minimum: 1 })),
  from: Type.Optional(DateTimeText()),
  to: Type.Optional(DateTimeText()),
};
const TeamPageQuery = Type.Object({ ...PageQuery.properties, ...TeamFilterFields });
const TeamExportQuery = Type.Object(TeamFilterFields);
const FolderParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** A new EventSource cannot send Last-Event-ID: the client passes the last id it applied here instead. */
const LiveQuery = Type.Object({ last_event_id: Type.Optional(Type.Integer({ minimum: 0 })) });

/** The page with its cursor: one more row than asked tells whether there is an older page. */
async function page(db: Db, scope: ActivityScope, limit: number, before: number | undefined): Promise<ActivityPage> {
  const rows = await readActivity(db, scope, { limit: limit + 1, before });
  const results = rows.slice(0, limit);
  return { results, next_before: rows.length > limit ? results[results.length - 1].id : null };
}

/**
 * What a live stream shows someone below editor: a link's name is for those who manage links (spec §4), so
 * link entries reach them without it.
 */
function visibleEntry(entry: ActivityEntry, level: DocumentContext['level']): ActivityEntry {
  if (seesLinkNames(level) || !entry.action.startsWith('link_')) return entry;
  return { ...entry, subject: null, before: null, after: null };
}

/** One open stream. */
interface Stream {
  userId: number;
  /** The hash of the session it was opened with: it ends with that session. */
  session: string;
  end(): void;
  /** Ends it with a last event that tells the dialog not to reconnect (its user opened one past the limit). */
  replace(): void;
}

/**
 * The open streams of this instance, with the per-user and per-instance limits (config.liveStreams). A user past
 * their limit has their oldest stream ended rather than the new one refused: a reload or a tab closed behind a
 * proxy that keeps the connection open leaves a stream nobody reads, and the newest dialog is the one in use. The
 * oldest is told so (LIVE_EVENT_REPLACED) and does not reconnect, so two dialogs never take turns ending each other
 * (docs/decisions.md, *Live dialog*).
 */
export class LiveStreams {
  private readonly open = new Set<Stream>();
  /** Each user's streams, oldest first. */
  private readonly byUser = new Map<number, Stream[]>();
  private closing = false;

  constructor(
    private readonly limits: { perUser: number; perInstance: number },
    /** Which of these sessions are still live (services/sessions.ts). */
    private readonly sessionsLive: (idHashes: string[]) => Promise<Set<string>> = async (idHashes) => new Set(idHashes),
  ) {}

  count(): number {
    return this.open.size;
  }

  /** Ends the streams of a session this instance ended (sign-out; sign-out everywhere ends the user's: endUser). */
  endSession(idHash: string): void {
    for (const stream of [...this.open]) if (stream.session === idHash) stream.end();
  }

  endUser(userId: number): void {
    for (const stream of [...(this.byUser.get(userId) ?? [])]) stream.end();
  }

  /**
   * A change was announced (db/read-cache.ts notices, from any instance): the streams of the sessions it names (all
   * of them for `*`, when notices may have been missed) end unless their session is still live. A session ended on
   * another instance (a sign-out there) ends its streams here too.
   */
  sessionsChanged(tags: readonly string[]): void {
    const everything = tags.includes('*');
    const named = new Set(tags.filter((tag) => tag.startsWith('s:')).map((tag) => tag.slice(2)));
    const concerned = [...this.open].filter((stream) => everything || named.has(stream.session));
    if (concerned.length === 0) return;
    this.sessionsLive([...new Set(concerned.map((stream) => stream.session))]).then(
      (live) => {
        for (const stream of concerned) if (!live.has(stream.session)) stream.end();
      },
      // The database is away: each stream's own check (heartbeat, delivery) decides when it is back.
      () => undefined,
    );
  }

  /** Takes a place for a new stream (ending the user's oldest past their limit), or refuses (429) when the instance is full. */
  admit(stream: Stream): () => void {
    for (let mine = this.byUser.get(stream.userId) ?? []; mine.length >= this.limits.perUser; mine = this.byUser.get(stream.userId) ?? []) mine[0].replace();
    if (this.closing || this.open.size >= this.limits.perInstance) {
      throw new ServiceRefusal('too_many', coded(SHARING_ACTIVITY_MESSAGES, 'tooManyStreams'), 'TOO_MANY_STREAMS', 5);
    }
    this.open.add(stream);
    this.byUser.set(stream.userId, [...(this.byUser.get(stream.userId) ?? []), stream]);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open.delete(stream);
      const left = (this.byUser.get(stream.userId) ?? []).filter((other) => other !== stream);
      if (left.length > 0) this.byUser.set(stream.userId, left);
      else this.byUser.delete(stream.userId);
    };
  }

  /** Ends every stream and takes no new one (a shutdown): browsers reconnect, through the balancer, to another instance. */
  closeAll(): void {
    this.closing = true;
    for (const stream of [...this.open]) stream.end();
  }
}

const sse = (fields: { id?: number; event?: string; data?: unknown; retry?: number; comment?: string }) => {
  let out = '';
  if (fields.comment !== undefined) out += `: ${fields.comment}\n`;
  if (fields.retry !== undefined) out += `retry: ${fields.retry}\n`;
  if (fields.id !== undefined) out += `id: ${fields.id}\n`;
  if (fields.event !== undefined) out += `event: ${fields.event}\n`;
  if (fields.data !== undefined) out += `data: ${JSON.stringify(fields.data)}\n`;
  return `${out}\n`;
};

/** How soon a browser reconnects after a stream ends (the EventSource's `retry`). */
const RECONNECT_MS = 1000;
/**
 * The `retry` of a replaced stream's last event: a browser that does not know LIVE_EVENT_REPLACED (an older
 * dialog) waits this long (the largest delay browsers keep) instead of a second before it reconnects.
 */
const REPLACED_RETRY_MS = 2_147_483_647;

export function sharingActivityRoutes(app: App, { db, config }: RouteDeps): void {
  const live = new LiveChanges(db, (err, attempt) => app.log.warn({ err, attempt }, 'live sharing changes: listening connection lost; reconnecting'));
  const streams = new LiveStreams(config.liveStreams, (idHashes) => liveSessions(db, idHashes, config.now()));
  app.decorate('liveStreams', streams);
  const fastify = app as unknown as FastifyInstance;
  // Sessions ended on any instance announce it (migration 0017's notices): their streams here end too.
  const unwatch = readCacheOf(db)?.watch((tags) => streams.sessionsChanged(tags));
  if (unwatch) fastify.addHook('onClose', async () => void unwatch());
  // Open streams never finish by themselves: they end before the server closes, so app.close() (and SIGTERM) drains.
  fastify.addHook('preClose', async () => {
    streams.closeAll();
  });
  fastify.addHook('onClose', async () => {
    await live.close();
  });

  app.get('/api/v1/share/:oid/activity/', { schema: { params: OidParams, querystring: PageQuery } }, async (request, reply): Promise<ActivityPage> => {
    noStore(reply);
    const user = requireUser(request);
    const ctx = await loadDocumentContext(db, request.params.oid, user, { viewLinkLimit: config.viewLinkLimit, collaboratorsOnly: true });
    if (!ctx || !ctx.canView) throw notFound(coded(MESSAGES, 'documentNotFound'));
    if (!isOwnerOrOwnerTeamAdmin(ctx, user)) throw forbidden(coded(SHARING_ACTIVITY_MESSAGES, 'documentActivityNotAllowed'), 'NOT_ALLOWED');
    // Decided on the primary above; the log itself may come from a replica (db/read-replica.ts).
    return page(await request.reads(), { documentId: ctx.doc.id }, request.query.limit ?? ACTIVITY_PAGE_SIZE, request.query.before);
  });

  /** The folder dialog's Activity section: the folder's sharing changes, for those the folder rules let read them. */
  app.get('/api/v1/folders/group/:id/activity/', { schema: { params: FolderParams, querystring: PageQuery } }, async (request, reply): Promise<ActivityPage> => {
    noStore(reply);
    const user = requireUser(request);
    const folderId = request.params.id;
    const [folder, membership] = await Promise.all([findFolder(db, folderId), folderMembership(db, folderId, user.id)]);
    if (!folder) throw notFound(coded(MESSAGES, 'folderNotFound'));
    const rules = folderRules(folder, user.id, folderRoleOf(folder, user.id, membership?.role));
    if (!rules.canRead) throw forbidden(coded(MESSAGES, 'folderNoAccess'), 'NOT_ALLOWED');
    if (!rules.canReadActivity) throw forbidden(coded(SHARING_ACTIVITY_MESSAGES, 'folderActivityNotAllowed'), 'NOT_ALLOWED');
    return page(await request.reads(), { folderId }, request.query.limit ?? ACTIVITY_PAGE_SIZE, request.query.before);
  });

  /** The admin's own team: the only team whose log they may read. */
  function adminTeam(request: FastifyRequest): number {
    const user = requireUser(request);
    if (!user.is_team_admin || user.team_id === null) throw forbidden(coded(SHARING_ACTIVITY_MESSAGES, 'teamActivityNotAllowed'), 'NOT_ALLOWED');
    return user.team_id;
  }

  /** The filters as the read takes them; a period that ends before it starts is refused (with its code). */
  function teamFilters(query: TeamActivityFilters): TeamActivityFilters {
    const { actor, action, document, folder, from, to } = query;
    if (from !== undefined && to !== undefined && Date.parse(from) >= Date.parse(to)) throw badRequest(coded(SHARING_ACTIVITY_MESSAGES, 'teamActivityBadRange'), 'INVALID_INPUT');
    return { actor, action, document, folder, from, to };
  }

  app.get('/api/v1/team/activity/', { schema: { querystring: TeamPageQuery } }, async (request, reply): Promise<ActivityPage> => {
    noStore(reply);
    const teamId = adminTeam(request);
    const filters = teamFilters(request.query);
    const limit = request.query.limit ?? ACTIVITY_PAGE_SIZE;
    // One more row than asked tells whether there is an older page.
    const rows = await readTeamActivity(await request.reads(), teamId, filters, { limit: limit + 1, before: request.query.before });
    const results = rows.slice(0, limit).map((row) => row.entry);
    return { results, next_before: rows.length > limit ? results[results.length - 1].id : null };
  });

  app.get('/api/v1/team/activity/choices/', async (request, reply): Promise<TeamActivityChoices> => {
    noStore(reply);
    const teamId = adminTeam(request);
    return readTeamActivityChoices(await request.reads(), teamId, TEAM_ACTIVITY_CHOICES_MAX);
  });

  /** The filtered view as CSV: the same filters and the same read as the page, its newest ACTIVITY_EXPORT_MAX entries. */
  app.get('/api/v1/team/activity.csv', { schema: { querystring: TeamExportQuery } }, async (request, reply) => {
    noStore(reply);
    const teamId = adminTeam(request);
    const entries = await readTeamActivity(await request.reads(), teamId, teamFilters(request.query), { limit: ACTIVITY_EXPORT_MAX });
    const day = config.now().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="sharing-activity-${day}.csv"`)
      .send(activityCsv(entries));
  });

  /**
   * The stream itself (text/event-stream): `hello` with the version, then one `sharing-change` per change with the
   * log entry's id as the event id, a comment line as heartbeat. A reconnect names the last id it has and gets what
   * it missed first (at most LIVE_CATCH_UP_MAX; past it a `resync` tells the dialog to read everything again).
   */
  async function openStream(
    request: FastifyRequest,
    reply: FastifyReply,
    user: CurrentUserRecord,
    scope: LiveScope,
    /** Re-checks access before each delivery (access can end while a stream is open); null: no longer allowed. */
    access: () => Promise<DocumentContext['level'] | null>,
    /**
     * Whether the reader may read the sharing history (the permission module's decision, the one of the activity
     * page): only then does a reconnect get the entries it missed; anyone else gets a `resync`, which re-reads the
     * current state they may see, and nothing from before their stream opened.
     */
    readsHistory: boolean,
  ) {
    const body = new PassThrough();
    let ended = false;
    let heartbeat: NodeJS.Timeout | null = null;
    let lifetime: NodeJS.Timeout | null = null;
    let unsubscribe = () => {};
    const session = sessionIdHashOf(request)!;
    // A stream lives no longer than its session (sign-out, sign-out everywhere, expiry), checked from memory while
    // the read cache is current; the sessions' notices end it sooner (LiveStreams.sessionsChanged).
    const sessionLive = async () => (await loadSessionUser(db, session, config.now())) !== null;
    const stream: Stream = {
      userId: user.id,
      session,
      end() {
        if (ended) return;
        ended = true;
        if (heartbeat) clearInterval(heartbeat);
        if (lifetime) clearTimeout(lifetime);
        unsubscribe();
        release();
        body.end();
      },
      replace() {
        if (ended) return;
        body.write(sse({ retry: REPLACED_RETRY_MS, event: LIVE_EVENT_REPLACED, data: { limit: config.liveStreams.perUser } }));
        stream.end();
      },
    };
    const release = streams.admit(stream);
    request.raw.on('close', () => stream.end());

    const versionScope = 'documentId' in scope ? { documentId: scope.documentId } : { folderId: scope.folderId };
    const current = await sharingVersion(db, versionScope);
    const header = request.headers['last-event-id'];
    // The browser's own reconnect names the last id it received (newer than the URL's, which it keeps).
    const fromHeader = typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
    const claimed = fromHeader ?? (request.query as { last_event_id?: number }).last_event_id;
    // An id from another database's history (a reset) would skip changes: it counts as the current version. Someone
    // who may not read the history starts at the current version whatever id they name.
    const behind = claimed !== undefined && claimed < current;
    let lastId = behind && readsHistory ? claimed : current;

    // Deliveries run one at a time, in order; each reads the log after the last id sent.
    let chain = Promise.resolve();
    const pull = () => {
      chain = chain.then(async () => {
        if (ended) return;
        try {
          // The change's notice to the read cache was committed with it but comes on another connection: apply
          // it first, so the access decided next is the one after the change (db/read-cache.ts).
          await readCacheOf(db)?.barrier();
          if (!(await sessionLive())) return stream.end();
          const level = await access();
          // Said before the end, so the dialog says at once that access is gone instead of reconnecting.
          if (level === null) {
            body.write(sse({ event: LIVE_EVENT_ACCESS_ENDED, data: {} }));
            return stream.end();
          }
          const scopeOf: ActivityScope = 'documentId' in scope ? { documentId: scope.documentId } : { folderId: scope.folderId };
          const entries = await readActivity(db, scopeOf, { limit: LIVE_CATCH_UP_MAX + 1, after: lastId });
          if (entries.length > LIVE_CATCH_UP_MAX) {
            lastId = await sharingVersion(db, versionScope);
            body.write(sse({ event: 'resync', data: { version: lastId } }));
            return;
          }
          for (const entry of entries) {
            lastId = entry.id;
            body.write(sse({ id: entry.id, event: LIVE_EVENT_CHANGE, data: visibleEntry(entry, level) }));
          }
        } catch (err) {
          // The database is unreachable: the stream ends and the browser reconnects (and catches up) later.
          request.log.warn({ err }, 'live sharing stream: could not read the log');
          stream.end();
        }
      });
    };
    unsubscribe = live.subscribe(scope, { change: pull, resync: pull });
    await live.ensureListening();

    noStore(reply);
    reply.header('Content-Type', 'text/event-stream; charset=utf-8');
    // Proxies must pass each event on at once (nginx buffers a response unless told not to: docs/deploying.md).
    reply.header('X-Accel-Buffering', 'no');
    body.write(sse({ retry: RECONNECT_MS, comment: 'sharing changes' }));
    // Behind: the history reader catches up from the log; anyone else is told to read the current state again.
    if (behind && readsHistory) pull();
    else if (behind) body.write(sse({ event: 'resync', data: { version: current } }));
    chain = chain.then(() => {
      if (ended) return;
      // With the version as its id, so the browser's own reconnect names it even when no change came since.
      body.write(sse({ id: lastId, event: LIVE_EVENT_HELLO, data: { version: lastId } satisfies LiveHello }));
      lifetime = setTimeout(() => stream.end(), config.liveStreams.lifetimeSeconds * 1000);
      lifetime.unref();
    });
    heartbeat = setInterval(() => {
      if (ended) return;
      body.write(sse({ comment: 'heartbeat' }));
      sessionLive().then(
        (alive) => alive || stream.end(),
        () => undefined,
      );
    }, config.liveStreams.heartbeatSeconds * 1000);
    heartbeat.unref();
    return reply.send(body);
  }

  app.get(
    '/api/v1/share/:oid/live/',
    { schema: { params: OidParams, querystring: LiveQuery }, compress: false },
    async (request, reply) => {
      const user = requireUser(request);
      const opts = { viewLinkLimit: config.viewLinkLimit, collaboratorsOnly: true };
      const ctx = await loadDocumentContext(db, request.params.oid, user, opts);
      if (!ctx || !ctx.canView) throw notFound(coded(MESSAGES, 'documentNotFound'));
      // The same access as the share list: anyone the dialog shows the collaborators to.
      if (!hasCollaboratorLevel(ctx.level)) throw forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
      const documentId = ctx.doc.id;
      return openStream(
        request,
        reply,
        user,
        { documentId },
        async () => {
          const now = await loadDocumentContext(db, request.params.oid, user, opts);
          return now && now.canView && hasCollaboratorLevel(now.level) ? now.level : null;
        },
        isOwnerOrOwnerTeamAdmin(ctx, user),
      );
    },
  );

  app.get(
    '/api/v1/folders/group/:id/live/',
    { schema: { params: FolderParams, querystring: LiveQuery }, compress: false },
    async (request, reply) => {
      const user = requireUser(request);
      const folderId = request.params.id;
      const memberLevel = async (): Promise<DocumentContext['level'] | null> => {
        const row = await folderMembership(db, folderId, user.id);
        return row ? folderMemberLevel(row, user.id, row.role) : null;
      };
      const level = await memberLevel();
      if (level === null) throw notFound(coded(MESSAGES, 'folderNotFound'));
      return openStream(request, reply, user, { folderId }, memberLevel, mayReadFolderHistory(level));
    },
  );
}
