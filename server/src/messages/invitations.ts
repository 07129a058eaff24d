/** Refusals of the invitation routes (403 with one of these reasons, nothing written). */
export const INVITATION_MESSAGES = {
  notFound: 'This invitation does not exist. Check that the whole link was copied.',
  used: 'This invitation has already been used.',
  expired: 'This invitation has expired. Ask the person who invited you to send a new one.',
  revoked: 'This invitation was withdrawn: you no longer have access through it.',
  wrongAccount: 'This invitation was sent to another address. Sign in with the invited address to accept it.',
  unverifiedAddress:
    'Your e-mail address has not been verified by the product you signed in with, so this account cannot accept invitations sent to it. Verify your address there, then sign in again.',
} as const;
