import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
/** User-facing refusal texts (spec §8, plus the server's own where the spec says 'not shown'). */
export const MESSAGES = {
  onlyOwnerPrivacy: 'Only the owner of the document is allowed to set privacy',
  onlyOwnerPublish: 'Only the owner of the document is allowed to publish',
  teamPrivacy: 'Changing privacy is disabled for your team',
  teamPublish: 'Publishing a document is disabled for this team by the admin',
  publishClosed: 'Document is restricted: only collaborators can access',
  closeWithTrackableLinks:
    'Your document has trackable links, please remove to change access level to "Only individuals can access"',
  privacyPaywall: 'Privacy control needs a Standard, Plus or Premium licence. Upgrade to change the access level.',
  reusableNotAllowed: 'It is not allowed to set reusable for this document.',
  notReusable: "This was shared with you and it's not reusable",
  linksClosed: 'Creating trackable links is not allowed for documents in "Only individuals can access"',
  linksTeam: 'Creating trackable links is disabled for your team',
  linksLimit: 'You have reached the trackable link limit of your plan. Upgrade to the Pro plan to create more links.',
  linksManage: 'You do not have sufficient permission to manage trackable links',
  linksUnavailable: 'Trackable links are not available for this type of document.',
  analyticsPaywall: 'Analytics on trackable links needs a paid licence. Upgrade to turn it on.',
  analyticsClosed: 'Tracking a link in analytics needs the access setting "Anyone with the link can view"',
  viewerIdentificationNeedsAnalytics: 'Viewer name and e-mail can be required only when analytics is on.',
  socialClosed: 'To enable, please change the access setting to “Anyone with the link can view“ from the dropdown.',
  noViewUrl: 'This type of document has no view link.',
  teamSharing: 'Sharing is disabled for your team by the admin',
  embedCollaborators: 'Only collaborators can access this document',
  orgOnlyOwner: 'Only the owner of the document is allowed to change the team permission',
  orgNoTeam: 'The owner of this document is not in a team',
  aboveOwnLevel: 'You can only give access at or below your own level',
  higherTarget: 'You cannot change the access of a collaborator whose level is above yours',
  removeOthers: 'Only the owner or an editor can remove other collaborators',
  ownerFixed: "The owner's access cannot be changed",
  noAccess: 'You do not have access to this document',
  accessEnded: 'Your access to this presentation has ended, at the time {owner} set for it. You can ask {owner} for access again.',
  signInRequired: 'Authentication credentials were not provided.',
  likeSignIn: 'You need to sign in to like this content.',
  notLikeable: 'Only presentations and videos can be liked.',
  documentNotFound: 'Document not found',
  notInTrash: 'Document not found in the trash',
  editDetails: 'Only the owner or an editor can change the title and description',
  editTags: 'Only the owner or an editor can change the tags',
  onlyOwnerTrash: 'Only the owner of the document can move it to the trash',
  onlyOwnerDeleted: 'Only the owner of the document can restore it or delete it for good',
  linkNotFound: 'Link does not exist',
  unlistedLinkNotFound: 'Unlisted link does not exist',
  unlistedTeamRules: 'Links to this document need a passcode or an expiry date (a team rule), which the unlisted link cannot have.',
  linkRevoked: 'This link has been deactivated and no longer gives access.',
  linkAuth: 'Authentication error',
  collaboratorNotFound: 'Collaborator not found',
  csrf: 'CSRF token missing or incorrect.',
  folderNotFound: 'Folder not found',
  folderNoAccess: 'You do not have access to this folder',
  folderOnlyOwnerAdds: 'Only the owner of this folder can add collaborators',
  folderOnlyOwnerAddsEditors: 'Only the owner of this folder can add editors',
  folderOnlyOwnerRemoves: 'Only the owner of the folder can remove other collaborators',
  folderOwnerFixed: 'The owner of the folder cannot be removed',
  folderMemberNotFound: 'Folder collaborator not found',
  folderDelete: 'Only the owner may delete the folder.',
  invalidEmail: 'Enter a valid e-mail address.',
  inviteRateLimit: 'Too many invitations. You can send at most {max} invitations per hour; try again in {minutes} minute(s).',
  referralUserMismatch: 'userOid not found',
} as const;

/** The stable code of a catalogue key (http/message-codes.ts registers every text under such codes). */
export const messageCode = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The prefix of the view-link controls' codes (http/message-codes.ts registers their texts under it). */
export const LINK_CONTROL_CODE_PREFIX = 'link_control_';

/** A refusal's text with its stable code (and the values of its placeholders), carried by the error that answers it. */
export interface CodedText {
  text: string;
  message_code: string;
  message_values?: Record<string, string>;
}

/** The texts of refused actions' reasons, keyed like the reasons (folder rules: `reasons`). */
export function reasonTexts<K extends string>(reasons: Partial<Record<K, CodedText>>): Partial<Record<K, string>> {
  const texts: Partial<Record<K, string>> = {};
  for (const [key, reason] of Object.entries(reasons) as Array<[K, CodedText]>) texts[key] = reason.text;
  return texts;
}

/** Their codes, carried from where each reason was decided (folder rules: `reason_codes`). */
export function reasonCodes<K extends string>(reasons: Partial<Record<K, CodedText>>): Partial<Record<K, string>> {
  const codes: Partial<Record<K, string>> = {};
  for (const [key, reason] of Object.entries(reasons) as Array<[K, CodedText]>) codes[key] = reason.message_code;
  return codes;
}

const CATALOGUE_PREFIX = new WeakMap<object, string>();

/** Registers a catalogue under its code prefix (http/message-codes.ts registers every catalogue it lists). */
export function registerCatalogue(prefix: string, texts: Record<string, string>): void {
  CATALOGUE_PREFIX.set(texts, prefix);
}

/**
 * A catalogue's text with its code, taken from the catalogue and the key, so the code travels with the refusal
 * instead of being recognised later by its English text. `values` fill the text's `{placeholders}`.
 */
export function coded<T extends Record<string, string>>(catalogue: T, key: keyof T & string, values?: Record<string, string>): CodedText {
  const prefix = CATALOGUE_PREFIX.get(catalogue);
  if (prefix === undefined) throw new Error(`Message catalogue of ${key} is not registered (http/message-codes.ts)`);
  // One pass, so a value that itself holds `{name}` stays as it was given.
  const text = values ? catalogue[key].replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole)) : catalogue[key];
  return { text, message_code: prefix + messageCode(key), ...(values ? { message_values: values } : {}) };
}

// The permission module's own catalogues, so its decisions carry their codes wherever they are made (the HTTP
// registry, http/message-codes.ts, registers them under the same prefixes).
registerCatalogue('', MESSAGES);
registerCatalogue(LINK_CONTROL_CODE_PREFIX, LINK_CONTROL_MESSAGES);

/** A reason of the permission catalogue, with its code. */
export const because = (key: keyof typeof MESSAGES): CodedText => coded(MESSAGES, key);
