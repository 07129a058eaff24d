import type { PresentationDocument, SharePermissionsResponse, UnifiedPrivacy } from '@deck/shared/api/contract';
import { createFakeServer, type RouteHandler } from '@deck/shared/testing/fake-server';
import { CONTACTS, individual, presentationDocument, quarterlyReviewCollaborators, unifiedPrivacy } from './fixtures';

export const ALICE = {
  userId: 1,
  userOid: 'u-alice',
  username: 'alice',
  firstName: 'Alice',
  lastName: 'Anderson',
  email: 'alice@example.com',
  licence: 'premium' as const,
  teamName: 'Acme',
  isTeamAdmin: false,
};

export const ALICE_REFERRAL = {
  campaign: 'ai-credits',
  reward_credits: 200,
  tokens: { ln: 'ln-token-1', email: 'email-token-1' },
  invitation_link: '/join',
};

type Route = RouteHandler | { status?: number; body?: unknown };

export interface DialogServerOptions {
  document?: PresentationDocument;
  privacy?: UnifiedPrivacy;
  collaborators?: SharePermissionsResponse;
  switches?: Record<string, boolean>;
  /** Extra or replacing routes, keyed 'METHOD /path'. */
  routes?: Record<string, Route>;
}

/**
 * A page of the list as the reference server pages it (docs/api.md): `limit` rows after the owner, the cursor
 * (here the index of the next row), the count on the first page, the search over every row.
 */
function sharePage(list: SharePermissionsResponse, query: URLSearchParams): SharePermissionsResponse {
  if (!query.has('limit') && !query.has('cursor') && !query.has('search')) return list;
  const limit = Number(query.get('limit') ?? 100);
  const search = query.get('search')?.toLowerCase() ?? '';
  const rows = list.individual.filter((row) => !search || row.email.toLowerCase().includes(search) || row.name.toLowerCase().includes(search));
  const start = query.has('cursor') ? Number(query.get('cursor')) : 0;
  // The first page carries the owner beside its `limit` rows.
  const end = start === 0 ? limit + 1 : start + limit;
  return {
    individual: rows.slice(start, end),
    organization: list.organization,
    next_cursor: end < rows.length ? String(end) : null,
    ...(start === 0 ? { total_count: rows.length } : {}),
  };
}

/** A fake server answering the dialog's loads for one document, as the reference server would. */
export function createDialogServer({ document = presentationDocument(), privacy = unifiedPrivacy(), collaborators, switches = {}, routes = {} }: DialogServerOptions = {}) {
  const oid = document.oid;
  const state = { privacy: { ...privacy }, collaborators: collaborators ?? quarterlyReviewCollaborators() };
  const server = createFakeServer({
    [`GET /api/v4/presentation/${oid}/`]: { body: document },
    [`GET /api/v4/presentation/${oid}/unified-privacy/`]: () => ({ body: state.privacy }),
    [`PUT /api/v4/presentation/${oid}/unified-privacy/`]: (call) => {
      const update = call.body as { unified_privacy?: 'open' | 'closed'; published?: boolean; reusable?: boolean };
      state.privacy = {
        ...state.privacy,
        unified_privacy: update.unified_privacy ?? state.privacy.unified_privacy,
        is_published: update.published ?? state.privacy.is_published,
        is_reusable: update.reusable ?? state.privacy.is_reusable,
      };
      return { body: state.privacy };
    },
    [`PUT /api/v1/share/${oid}/permissions/`]: (call) => {
      const { email, permission } = call.body as { email: string; permission: 'viewer' | 'commenter' | 'editor' };
      const existing = state.collaborators.individual.find((person) => person.email === email);
      if (existing) existing.permission = permission;
      else state.collaborators.individual.push(individual({ email, permission, pending_invite: true }));
      return { body: state.collaborators };
    },
    [`DELETE /api/v1/share/${oid}/permissions/`]: (call) => {
      const { email } = call.body as { email: string };
      state.collaborators.individual = state.collaborators.individual.filter((person) => person.email !== email);
      return { status: 204 };
    },
    [`PUT /api/v1/share/${oid}/organization-permission/`]: (call) => {
      const { permission } = call.body as { permission: 'can_view' | 'can_comment' | 'can_edit' };
      if (state.collaborators.organization) {
        const rank = ['can_view', 'can_comment', 'can_edit'].indexOf(permission);
        Object.assign(state.collaborators.organization, { can_view: rank >= 0, can_comment: rank >= 1, can_edit: rank >= 2 });
      }
      return { body: state.collaborators.organization };
    },
    [`DELETE /api/v1/share/${oid}/organization-permission/`]: () => {
      if (state.collaborators.organization) Object.assign(state.collaborators.organization, { can_view: false, can_comment: false, can_edit: false });
      return { status: 204 };
    },
    'POST /api/v1/featureswitches/': { body: { feature_switches: switches } },
    [`GET /api/v1/share/${oid}/permissions/`]: (call) => ({ body: sharePage(state.collaborators, call.query) }),
    'GET /api/v1/contacts/': { body: { data: CONTACTS } },
    [`GET /api/v4/presentation/${oid}/access-requests/`]: { body: { results: [] } },
    'GET /api/v1/prezilink/': { body: [] },
    'GET /api/v1/session/': { body: { user: ALICE } },
    [`GET /api/v1/referrals/users/${ALICE.userOid}/campaigns/ai-credits/`]: { body: ALICE_REFERRAL },
    ...routes,
  });
  return { ...server, state, oid };
}

/** Mutations need the CSRF cookie the server sets. */
export function setCsrfCookie() {
  document.cookie = 'csrftoken=test-token; path=/';
}

export function createModalRoot(id = 'deck-modal-root'): HTMLElement {
  const root = document.createElement('div');
  root.id = id;
  document.body.appendChild(root);
  return root;
}
