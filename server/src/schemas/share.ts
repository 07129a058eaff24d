import { Type, type Static } from 'typebox';
import type { IndividualCollaborator, OrganizationCollaborator, SharePermissionsResponse } from '@deck/shared/api/contract';
import {
  SHARE_LIST_CURSOR_PATTERN,
  SHARE_LIST_PAGE_MAX,
  SHARE_LIST_SEARCH_MAX_LENGTH,
} from '@deck/shared/domains/collaborators/share-list-paging';
import { DateTimeText } from '../http/date-time';
import { BoolQuery, EmailString, InviteNoticeFields } from '../routes/common';
import type { SameType } from './same-type';

/**
 * The share routes' requests and answers (docs/api.md, *Sharing*), typed against the shared contract: a field the
 * contract gains or loses fails the type check here, so the answer a schema serialises never drops one.
 */

export const CollaboratorLevel = Type.Union([Type.Literal('viewer'), Type.Literal('commenter'), Type.Literal('editor')]);
export const TeamLevel = Type.Union([Type.Literal('can_view'), Type.Literal('can_comment'), Type.Literal('can_edit')]);

export const ShareListQuery = Type.Object({
  include_organization_permission: Type.Optional(BoolQuery),
  hide_collaborators_name: Type.Optional(BoolQuery),
  include_pending_invites: Type.Optional(BoolQuery),
  // Paging (docs/api.md, "Paging the share list").
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: SHARE_LIST_PAGE_MAX })),
  cursor: Type.Optional(Type.String({ pattern: SHARE_LIST_CURSOR_PATTERN })),
  search: Type.Optional(Type.String({ maxLength: SHARE_LIST_SEARCH_MAX_LENGTH })),
});

export const InviteBody = Type.Object(
  {
    email: EmailString,
    permission: CollaboratorLevel,
    trigger_organic_invitation_if_needed: Type.Optional(Type.Boolean()),
    ...InviteNoticeFields,
    // The end of a viewer's or commenter's access (owner only); null removes it.
    expires_at: Type.Optional(Type.Union([DateTimeText(), Type.Null()])),
  },
  { additionalProperties: false },
);

export const InviteQuery = Type.Object({ referral_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' })) });

export const RemoveBody = Type.Object(
  { email: EmailString, trigger_organic_invitation_if_needed: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const TeamGrantBody = Type.Object({ permission: TeamLevel }, { additionalProperties: false });

const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

const IndividualCollaboratorSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  username: nullable(Type.String()),
  role: Type.String(),
  is_owner: Type.Boolean(),
  pending_invite: Type.Boolean(),
  is_current_user: Type.Boolean(),
  permission: nullable(Type.Union([CollaboratorLevel, Type.Literal('owner')])),
  delivery_state: Type.Optional(nullable(Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('retrying'), Type.Literal('failed')]))),
  access_expires_at: Type.Optional(Type.String()),
  access_ended: Type.Optional(Type.Boolean()),
  access_end_keeps_view: Type.Optional(Type.Boolean()),
  may_change_level: Type.Boolean(),
  may_remove: Type.Boolean(),
});

const OrganizationCollaboratorSchema = Type.Object({
  organization_id: Type.Integer(),
  organization_name: Type.String(),
  organization_member_count: Type.Integer(),
  can_view: Type.Boolean(),
  can_comment: Type.Boolean(),
  can_edit: Type.Boolean(),
});

/** The share list's answer, serialised through this schema (Fastify's fast-json-stringify). */
export const SharePermissionsResponseSchema = Type.Object({
  individual: Type.Array(IndividualCollaboratorSchema),
  organization: nullable(OrganizationCollaboratorSchema),
  next_cursor: Type.Optional(nullable(Type.String())),
  total_count: Type.Optional(Type.Integer()),
});

export const contractHeld: [
  SameType<Static<typeof IndividualCollaboratorSchema>, IndividualCollaborator>,
  SameType<Static<typeof OrganizationCollaboratorSchema>, OrganizationCollaborator>,
  SameType<Static<typeof SharePermissionsResponseSchema>, SharePermissionsResponse>,
] = [true, true, true];
