/**
 * The texts of the e-mails the server sends (issue 11). They live with the other messages so the
 * extraction and the translation catalogues cover them; the server formats them with
 * intl-messageformat in the recipient's language.
 */
export const emailMessages = {
  invitationSubject: { id: 'email.invitation.subject', defaultMessage: '{inviter} shared “{title}” with you' },
  invitationBody: {
    id: 'email.invitation.body',
    defaultMessage:
      '{inviter} invited you to {level, select, editor {edit} commenter {comment on} other {view}} the presentation “{title}”.',
  },
  folderInvitationSubject: { id: 'email.folderInvitation.subject', defaultMessage: '{inviter} shared the folder “{title}” with you' },
  folderInvitationBody: {
    id: 'email.folderInvitation.body',
    defaultMessage: '{inviter} invited you to the folder “{title}” as {role, select, EDITOR {an editor} other {a viewer}}.',
  },
  personalMessage: { id: 'email.invitation.personalMessage', defaultMessage: 'Message from {inviter}:' },
  acceptAction: { id: 'email.invitation.accept', defaultMessage: 'Accept the invitation' },
  expiry: {
    id: 'email.invitation.expiry',
    defaultMessage: 'The link works once and expires in {days, plural, one {# day} other {# days}}.',
  },
  transferSubject: { id: 'email.transfer.subject', defaultMessage: '{inviter} made you the owner of “{title}”' },
  transferBody: {
    id: 'email.transfer.body',
    defaultMessage: '{inviter} transferred the ownership of the presentation “{title}” to you. {inviter} stays on it as an editor.',
  },
  openAction: { id: 'email.open', defaultMessage: 'Open the presentation' },
  footer: {
    id: 'email.footer',
    defaultMessage: 'You received this e-mail because {inviter} entered your address. If you did not expect it, you can ignore it.',
  },
} as const;

export type EmailMessageKey = keyof typeof emailMessages;
