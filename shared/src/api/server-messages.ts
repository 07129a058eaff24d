import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ApiError } from '@deck/shared/api/errors';

/**
 * The translation of every text the server sends, by its message code (docs/api.md, Message codes; the
 * server's registry is server/src/http/message-codes.ts, and server/src/test/message-codes.test.ts fails
 * for a code missing here). The English texts are the server's, so an English page reads the same.
 */
export const SERVER_MESSAGES: Record<string, MessageDescriptor> = {
  above_own_level: { id: 'serverMessage.above_own_level', defaultMessage: "You can only give access at or below your own level" },
  access_request_already_has_access: { id: 'serverMessage.access_request_already_has_access', defaultMessage: "You can already see this document, so there is nothing to request." },
  access_request_request_not_found: { id: 'serverMessage.access_request_request_not_found', defaultMessage: "This access request does not exist or has already been answered." },
  access_request_requester_is_owner: { id: 'serverMessage.access_request_requester_is_owner', defaultMessage: "The person who asked now owns this document." },
  add_self: { id: 'serverMessage.add_self', defaultMessage: "You cannot add yourself as a collaborator; ask the owner or an editor to add you." },
  analytics_closed: { id: 'serverMessage.analytics_closed', defaultMessage: "Tracking a link in analytics needs the access setting \"Anyone with the link can view\"" },
  analytics_paywall: { id: 'serverMessage.analytics_paywall', defaultMessage: "Analytics on trackable links needs a paid licence. Upgrade to turn it on." },
  body_too_large: { id: 'serverMessage.body_too_large', defaultMessage: "The request is too large." },
  close_with_trackable_links: { id: 'serverMessage.close_with_trackable_links', defaultMessage: "Your document has trackable links, please remove to change access level to \"Only individuals can access\"" },
  collaborator_not_found: { id: 'serverMessage.collaborator_not_found', defaultMessage: "Collaborator not found" },
  conflict: { id: 'serverMessage.conflict', defaultMessage: "The change conflicts with existing data; reload and try again." },
  csrf: { id: 'serverMessage.csrf', defaultMessage: "CSRF token missing or incorrect." },
  dev_account_exists: { id: 'serverMessage.dev_account_exists', defaultMessage: "An account with this address exists: sign in with it to accept the invitation." },
  document_not_found: { id: 'serverMessage.document_not_found', defaultMessage: "Document not found" },
  edit_details: { id: 'serverMessage.edit_details', defaultMessage: "Only the owner or an editor can change the title and description" },
  edit_tags: { id: 'serverMessage.edit_tags', defaultMessage: "Only the owner or an editor can change the tags" },
  embed_collaborators: { id: 'serverMessage.embed_collaborators', defaultMessage: "Only collaborators can access this document" },
  fields_unknown: { id: 'serverMessage.fields_unknown', defaultMessage: "Unknown field(s) in fields: {unknown}. Known fields: {known}." },
  folder_delete: { id: 'serverMessage.folder_delete', defaultMessage: "Only the owner may delete the folder." },
  folder_member_not_found: { id: 'serverMessage.folder_member_not_found', defaultMessage: "Folder collaborator not found" },
  folder_no_access: { id: 'serverMessage.folder_no_access', defaultMessage: "You do not have access to this folder" },
  folder_not_found: { id: 'serverMessage.folder_not_found', defaultMessage: "Folder not found" },
  folder_only_owner_adds: { id: 'serverMessage.folder_only_owner_adds', defaultMessage: "Only the owner of this folder can add collaborators" },
  folder_only_owner_adds_editors: { id: 'serverMessage.folder_only_owner_adds_editors', defaultMessage: "Only the owner of this folder can add editors" },
  folder_only_owner_removes: { id: 'serverMessage.folder_only_owner_removes', defaultMessage: "Only the owner of the folder can remove other collaborators" },
  folder_owner_fixed: { id: 'serverMessage.folder_owner_fixed', defaultMessage: "The owner of the folder cannot be removed" },
  gallery_curate_not_allowed: { id: 'serverMessage.gallery_curate_not_allowed', defaultMessage: "Only the document's owner or an admin of the owner's team can curate it" },
  gallery_curate_not_published: { id: 'serverMessage.gallery_curate_not_published', defaultMessage: "Only documents in the public gallery (published, anyone with the link can view) can be curated" },
  gallery_curated_not_found: { id: 'serverMessage.gallery_curated_not_found', defaultMessage: "Curated content not found" },
  gallery_relation_cycle: { id: 'serverMessage.gallery_relation_cycle', defaultMessage: "This relation would make a document its own ancestor." },
  gallery_relation_edit: { id: 'serverMessage.gallery_relation_edit', defaultMessage: "Only the owner or an editor can change the relations of this document" },
  gallery_relation_self: { id: 'serverMessage.gallery_relation_self', defaultMessage: "A document cannot be related to itself." },
  gallery_score_not_allowed: { id: 'serverMessage.gallery_score_not_allowed', defaultMessage: "Only the owner or an editor can set the quality score" },
  gallery_unknown_topic: { id: 'serverMessage.gallery_unknown_topic', defaultMessage: "Unknown curated topic." },
  higher_target: { id: 'serverMessage.higher_target', defaultMessage: "You cannot change the access of a collaborator whose level is above yours" },
  identity_email_taken: { id: 'serverMessage.identity_email_taken', defaultMessage: "Another account of the host product already uses this e-mail address." },
  identity_token_invalid: { id: 'serverMessage.identity_token_invalid', defaultMessage: "Signing in failed: the sign-in token was not accepted." },
  input_depth: { id: 'serverMessage.input_depth', defaultMessage: "The request is nested too deeply (more than 32 levels)." },
  input_nul: { id: 'serverMessage.input_nul', defaultMessage: "The request contains a NUL character (\\u0000), which is not allowed in any text." },
  internal_error: { id: 'serverMessage.internal_error', defaultMessage: "An error has occurred" },
  invalid_email: { id: 'serverMessage.invalid_email', defaultMessage: "Enter a valid e-mail address." },
  invalid_json: { id: 'serverMessage.invalid_json', defaultMessage: "Body is not valid JSON" },
  invitation_expired: { id: 'serverMessage.invitation_expired', defaultMessage: "This invitation has expired. Ask the person who invited you to send a new one." },
  invitation_not_found: { id: 'serverMessage.invitation_not_found', defaultMessage: "This invitation does not exist. Check that the whole link was copied." },
  invitation_revoked: { id: 'serverMessage.invitation_revoked', defaultMessage: "This invitation was withdrawn: you no longer have access through it." },
  invitation_used: { id: 'serverMessage.invitation_used', defaultMessage: "This invitation has already been used." },
  invitation_wrong_account: { id: 'serverMessage.invitation_wrong_account', defaultMessage: "This invitation was sent to another address. Sign in with the invited address to accept it." },
  invite_rate_limit: { id: 'serverMessage.invite_rate_limit', defaultMessage: "Too many invitations. You can send at most {max} invitations per hour; try again in {minutes} minute(s)." },
  not_likeable: { id: 'serverMessage.not_likeable', defaultMessage: "Only presentations and videos can be liked." },
  like_sign_in: { id: 'serverMessage.like_sign_in', defaultMessage: "You need to sign in to like this content." },
  link_auth: { id: 'serverMessage.link_auth', defaultMessage: "Authentication error" },
  link_not_found: { id: 'serverMessage.link_not_found', defaultMessage: "Link does not exist" },
  link_revoked: { id: 'serverMessage.link_revoked', defaultMessage: "This link has been deactivated and no longer gives access." },
  links_closed: { id: 'serverMessage.links_closed', defaultMessage: "Creating trackable links is not allowed for documents in \"Only individuals can access\"" },
  links_limit: { id: 'serverMessage.links_limit', defaultMessage: "You have reached the trackable link limit of your plan. Upgrade to the Pro plan to create more links." },
  links_manage: { id: 'serverMessage.links_manage', defaultMessage: "You do not have sufficient permission to manage trackable links" },
  links_team: { id: 'serverMessage.links_team', defaultMessage: "Creating trackable links is disabled for your team" },
  no_access: { id: 'serverMessage.no_access', defaultMessage: "You do not have access to this document" },
  no_view_url: { id: 'serverMessage.no_view_url', defaultMessage: "This type of document has no view link." },
  not_allowed: { id: 'serverMessage.not_allowed', defaultMessage: "Not allowed" },
  not_in_trash: { id: 'serverMessage.not_in_trash', defaultMessage: "Document not found in the trash" },
  not_reusable: { id: 'serverMessage.not_reusable', defaultMessage: "This was shared with you and it's not reusable" },
  only_owner_deleted: { id: 'serverMessage.only_owner_deleted', defaultMessage: "Only the owner of the document can restore it or delete it for good" },
  only_owner_privacy: { id: 'serverMessage.only_owner_privacy', defaultMessage: "Only the owner of the document is allowed to set privacy" },
  only_owner_publish: { id: 'serverMessage.only_owner_publish', defaultMessage: "Only the owner of the document is allowed to publish" },
  only_owner_trash: { id: 'serverMessage.only_owner_trash', defaultMessage: "Only the owner of the document can move it to the trash" },
  org_no_team: { id: 'serverMessage.org_no_team', defaultMessage: "The owner of this document is not in a team" },
  org_only_owner: { id: 'serverMessage.org_only_owner', defaultMessage: "Only the owner of the document is allowed to change the team permission" },
  owner_fixed: { id: 'serverMessage.owner_fixed', defaultMessage: "The owner's access cannot be changed" },
  permission_document_or_user_not_found: { id: 'serverMessage.permission_document_or_user_not_found', defaultMessage: "Document or user not found" },
  presentation_revert_not_allowed: { id: 'serverMessage.presentation_revert_not_allowed', defaultMessage: "Only the owner or an editor can revert this document" },
  presentation_unknown_version: { id: 'serverMessage.presentation_unknown_version', defaultMessage: "Version {version} does not exist for this document." },
  privacy_paywall: { id: 'serverMessage.privacy_paywall', defaultMessage: "Privacy control needs a Standard, Plus or Premium licence. Upgrade to change the access level." },
  publish_closed: { id: 'serverMessage.publish_closed', defaultMessage: "Document is restricted: only collaborators can access" },
  rate_limited: { id: 'serverMessage.rate_limited', defaultMessage: "Too many requests. Try again in {seconds} second(s)." },
  recipient_analytics_forbidden: { id: 'serverMessage.recipient_analytics_forbidden', defaultMessage: "Only the person who created this link and the document's owner can see its analytics." },
  recipient_name_required: { id: 'serverMessage.recipient_name_required', defaultMessage: "Enter your name to open this presentation." },
  recipient_unknown_time_zone: { id: 'serverMessage.recipient_unknown_time_zone', defaultMessage: "Unknown time zone." },
  recipient_visit_id_invalid: { id: 'serverMessage.recipient_visit_id_invalid', defaultMessage: "This open of the link has expired. Reload the page." },
  referral_campaign_limit: { id: 'serverMessage.referral_campaign_limit', defaultMessage: "You can have referral links for at most {max} campaigns." },
  referral_user_mismatch: { id: 'serverMessage.referral_user_mismatch', defaultMessage: "userOid not found" },
  remove_others: { id: 'serverMessage.remove_others', defaultMessage: "Only the owner or an editor can remove other collaborators" },
  reusable_not_allowed: { id: 'serverMessage.reusable_not_allowed', defaultMessage: "It is not allowed to set reusable for this document." },
  route_not_found: { id: 'serverMessage.route_not_found', defaultMessage: "Route {method} {path} not found" },
  sign_in_required: { id: 'serverMessage.sign_in_required', defaultMessage: "Authentication credentials were not provided." },
  social_closed: { id: 'serverMessage.social_closed', defaultMessage: "To enable, please change the access setting to “Anyone with the link can view“ from the dropdown." },
  tag_length: { id: 'serverMessage.tag_length', defaultMessage: "Each tag must be 1 to {max} characters long (after trimming)." },
  team_privacy: { id: 'serverMessage.team_privacy', defaultMessage: "Changing privacy is disabled for your team" },
  team_publish: { id: 'serverMessage.team_publish', defaultMessage: "Publishing a document is disabled for this team by the admin" },
  team_sharing: { id: 'serverMessage.team_sharing', defaultMessage: "Sharing is disabled for your team by the admin" },
  transfer_not_collaborator: { id: 'serverMessage.transfer_not_collaborator', defaultMessage: "Ownership can only go to someone who already collaborates on the document with their own account." },
  transfer_owner_only: { id: 'serverMessage.transfer_owner_only', defaultMessage: "Only the owner can transfer the ownership of this document." },
  transfer_self: { id: 'serverMessage.transfer_self', defaultMessage: "You already own this document." },
  unlisted_link_not_found: { id: 'serverMessage.unlisted_link_not_found', defaultMessage: "Unlisted link does not exist" },
  unsupported_media_type: { id: 'serverMessage.unsupported_media_type', defaultMessage: "The request was sent in a format the server does not accept." },
  validation_failed: { id: 'serverMessage.validation_failed', defaultMessage: "The request was not valid. Check what you entered and try again." },
  view_link_deactivation_fields: { id: 'serverMessage.view_link_deactivation_fields', defaultMessage: "A deactivation (revoked: true) carries only visible_on_analytics besides it; rename or change settings separately." },
  view_link_duplicate_links: { id: 'serverMessage.view_link_duplicate_links', defaultMessage: "Each link may appear only once in one request." },
  viewer_identification_needs_analytics: { id: 'serverMessage.viewer_identification_needs_analytics', defaultMessage: "Viewer name and e-mail can be required only when analytics is on." },
};

/** What the server sent about a refusal: its English text, the text's code and the values of its placeholders. */
export interface ServerText {
  message: string | null;
  messageCode?: string | null;
  messageValues?: Record<string, string> | null;
}

/** A refusal as the slices keep it: the status and the server's text (from toApiError). */
export interface ServerRefusal extends ServerText {
  status: number | null;
}

export function refusalOf(error: ApiError | null | undefined): ServerRefusal {
  return {
    status: error?.status ?? null,
    message: error?.message ?? null,
    messageCode: error?.messageCode ?? null,
    messageValues: error?.messageValues ?? null,
  };
}

/**
 * The server's text in the page's language: the translation of its code, the English `message` only for a
 * code this client does not know (a newer server), and null when the server sent no text.
 */
export function serverMessageText(intl: IntlShape, text: ServerText | null | undefined): string | null {
  if (!text) return null;
  const descriptor = text.messageCode ? SERVER_MESSAGES[text.messageCode] : undefined;
  if (descriptor) return intl.formatMessage(descriptor, text.messageValues ?? undefined);
  return text.message;
}

/**
 * The reason a refusal shows: the server's text, translated, when the server answered with one (a 4xx);
 * null for a failure with no server text (a 5xx, the network), where the caller says 'try again later'.
 */
export function refusalReason(intl: IntlShape, refusal: ServerRefusal | null | undefined): string | null {
  if (!refusal?.message || refusal.status === null || refusal.status >= 500) return null;
  return serverMessageText(intl, refusal);
}

/** Spec §8's status texts (shared/src/api/errors.ts statusText), translated. */
const STATUS_TEXT: MessageDescriptor = {
  id: 'shared.error.statusText',
  defaultMessage:
    '{status, select, s400 {Bad Request} s401 {Unauthorized} s403 {Forbidden} s404 {Not Found} s500 {Internal Server Error} s502 {Bad Gateway} s503 {Service Unavailable} other {Generic Error}}',
};

/**
 * A short reason to show inside a sentence: the server's text, translated, when it sent a code;
 * else the translated status text (spec §8 names the failure by its status).
 */
export function failureReason(intl: IntlShape, refusal: ServerRefusal): string {
  if (refusal.messageCode && SERVER_MESSAGES[refusal.messageCode]) return serverMessageText(intl, refusal) ?? '';
  return intl.formatMessage(STATUS_TEXT, { status: `s${refusal.status ?? 0}` });
}
