/** Texts the route sends; their codes are in http/message-codes.ts. */
export const DEV_MESSAGES = {
  accountExists: 'An account with this address exists: sign in with it to accept the invitation.',
} as const;
