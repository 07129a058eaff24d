import { defineMessage, defineMessages } from 'react-intl';

type Invitation = { inviter: string; title: string; email: string; level: string; current: string };

export const invitationMessages = {
  ...defineMessages({
    loading: { id: 'shell.invitation.loading', defaultMessage: 'Opening the invitation' },
    accepting: { id: 'shell.invitation.accepting', defaultMessage: 'Accepting the invitation' },
    wrongAccountTitle: { id: 'shell.invitation.wrongAccount.title', defaultMessage: 'This invitation is for another address' },
    usedTitle: { id: 'shell.invitation.used.title', defaultMessage: 'This invitation has already been used' },
    expiredTitle: { id: 'shell.invitation.expired.title', defaultMessage: 'This invitation has expired' },
    revokedTitle: { id: 'shell.invitation.revoked.title', defaultMessage: 'This invitation was withdrawn' },
    missingTitle: { id: 'shell.invitation.missing.title', defaultMessage: 'This invitation does not exist' },
    missingBody: { id: 'shell.invitation.missing.body', defaultMessage: 'Check that you opened the whole link from the e-mail.' },
  }),
  pendingTitle: defineMessage<Invitation>({ id: 'shell.invitation.pending.title', defaultMessage: '{inviter} invited you' }),
  pendingDocument: defineMessage<Invitation>({
    id: 'shell.invitation.pending.document',
    defaultMessage: 'You are invited to {level, select, editor {edit} commenter {comment on} other {view}} “{title}” as {email}.',
  }),
  pendingFolder: defineMessage<Invitation>({ id: 'shell.invitation.pending.folder', defaultMessage: 'You are invited to the folder “{title}” as {email}.' }),
  signInToAccept: defineMessage<Invitation>({ id: 'shell.invitation.signIn', defaultMessage: 'Sign in as {email} to accept it.' }),
  createDemoUser: defineMessage<Invitation>({ id: 'shell.invitation.createDemoUser', defaultMessage: 'Create a demo user for {email} and accept' }),
  wrongAccountBody: defineMessage<Invitation>({
    id: 'shell.invitation.wrongAccount.body',
    defaultMessage: 'It was sent to {email}, but you are signed in as {current}. Sign in with the invited address to accept it.',
  }),
  usedBody: defineMessage<Invitation>({
    id: 'shell.invitation.used.body',
    defaultMessage: 'Each invitation link works once. If you accepted it, open “{title}” from here.',
  }),
  open: defineMessage<Invitation>({ id: 'shell.invitation.open', defaultMessage: 'Open “{title}”' }),
  expiredBody: defineMessage<Invitation>({ id: 'shell.invitation.expired.body', defaultMessage: 'Invitation links work for 14 days. Ask {inviter} to invite you again.' }),
  revokedBody: defineMessage<Invitation>({
    id: 'shell.invitation.revoked.body',
    defaultMessage: '{inviter} removed the invitation, so it no longer gives access. Ask them if you still need it.',
  }),
  failed: defineMessage<{ reason: string }>({ id: 'shell.invitation.failed', defaultMessage: 'The invitation could not be accepted: {reason}' }),
};
