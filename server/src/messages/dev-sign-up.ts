/** Texts the route sends; their codes are in http/message-codes.ts. */
export const DEV_MESSAGES = {
  accountExists: 'An account with this address exists: sign in with it to accept the invitation.',
  accountExistsSignIn: 'An account with this address exists: sign in with it instead.',
  unknownUser: 'Unknown demo user: {user}',
  unknownTeam: 'Unknown demo team: {team}',
  noSuchEmail: 'No such e-mail',
} as const;
