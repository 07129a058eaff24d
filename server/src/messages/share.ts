/** Refusals of the share routes that the shared catalogue (permissions/messages.ts) does not hold. */
export const SHARE_MESSAGES = {
  addSelf: 'You cannot add yourself as a collaborator; ask the owner or an editor to add you.',
} as const;
