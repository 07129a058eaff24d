/** Refusals of the sharing activity and live routes, and of a sharing change made on stale data. */
export const SHARING_ACTIVITY_MESSAGES = {
  sharingChanged: 'Someone else changed how this document is shared since you opened it. Check the new settings, then try again.',
  folderSharingChanged: 'Someone else changed who is in this folder since you opened it. Check the list, then try again.',
  documentActivityNotAllowed: "Only the document's owner or an admin of the owner's team can see its sharing activity.",
  folderActivityNotAllowed: "Only the folder's owner can see its sharing activity.",
  teamActivityNotAllowed: "Only a team's admins can see its sharing activity.",
  teamActivityBadRange: 'The start of the period must come before its end.',
  badVersion: 'X-Sharing-Version must be a whole number.',
  tooManyStreams: 'This server has too many live share dialogs open; try again in a moment.',
} as const;
