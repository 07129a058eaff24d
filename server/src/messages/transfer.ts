/** Refusals of the transfer (403 with the reason, nothing written). */
export const TRANSFER_MESSAGES = {
  ownerOnly: 'Only the owner can transfer the ownership of this document.',
  notCollaborator: 'Ownership can only go to someone who already collaborates on the document with their own account.',
  self: 'You already own this document.',
} as const;
