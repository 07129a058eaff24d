import type { PresentationDocument, SharePermissionsResponse, UnifiedPrivacy } from '@deck/shared/api/contract';
import { createFakeServer, type RouteHandler } from '@deck/shared/testing/fake-server';
import { CONTACTS, presentationDocument, quarterlyReviewCollaborators, unifiedPrivacy } from './fixtures';

type Route = RouteHandler | { status?: number; body?: unknown };

export interface DialogServerOptions {
  document?: PresentationDocument;
  privacy?: UnifiedPrivacy;
  collaborators?: SharePermissionsResponse;
  switches?: Record<string, boolean>;
  /** Extra or replacing routes, keyed 'METHOD /path'. */
  routes?: Record<string, Route>;
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
    'POST /api/v1/featureswitches/': { body: { feature_switches: switches } },
    [`GET /api/v1/share/${oid}/permissions/`]: () => ({ body: state.collaborators }),
    'GET /api/v1/contacts/': { body: { data: CONTACTS } },
    'GET /api/v1/session/': { body: { user: null } },
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
