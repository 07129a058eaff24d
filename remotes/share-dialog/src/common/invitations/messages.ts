import { defineMessage } from 'react-intl';

/** The add forms' shared pieces (document and folder dialogs). Ids keep the document dialog's names. */
export const invitationMessages = {
  notify: defineMessage({ id: 'shareDialog.collaborators.notify', defaultMessage: 'Notify people' }),
  inviteMessage: defineMessage({ id: 'shareDialog.collaborators.inviteMessage', defaultMessage: 'Message (optional)' }),
  chips: defineMessage({ id: 'shareDialog.collaborators.chips', defaultMessage: 'Addresses to add' }),
  removeChip: defineMessage<{ email: string }>({ id: 'shareDialog.collaborators.removeChip', defaultMessage: 'Remove {email}' }),
  addressProblem: defineMessage<{ address: string; reason: string }>({ id: 'shareDialog.collaborators.addressProblem', defaultMessage: '{address}: {reason}' }),
  deliveryQueued: defineMessage({ id: 'shareDialog.collaborators.delivery.queued', defaultMessage: 'E-mail being sent' }),
  deliverySent: defineMessage({ id: 'shareDialog.collaborators.delivery.sent', defaultMessage: 'E-mail sent' }),
  deliveryRetrying: defineMessage({ id: 'shareDialog.collaborators.delivery.retrying', defaultMessage: 'E-mail not delivered yet, retrying' }),
  deliveryFailed: defineMessage({ id: 'shareDialog.collaborators.delivery.failed', defaultMessage: 'E-mail could not be delivered' }),
  invitationsLeft: defineMessage<{ count: number }>({
    id: 'shareDialog.invitations.left',
    defaultMessage:
      '{count, plural, =0 {You cannot invite more people this hour.} one {You can invite # more person this hour.} other {You can invite # more people this hour.}}',
  }),
  inviteLimitReached: defineMessage<{ count: number; minutes: number }>({
    id: 'shareDialog.invitations.limitReached',
    defaultMessage:
      'You have reached the invitation limit. {count, plural, =0 {} one {# address was not sent and stays below. } other {# addresses were not sent and stay below. }}You can invite more people in {minutes, plural, one {# minute} other {# minutes}}.',
  }),
};
