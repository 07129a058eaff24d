import { defineMessage, defineMessages } from 'react-intl';

export const collaboratorsMessages = {
  ...defineMessages({
    accessSettings: { id: 'shareDialog.collaborators.accessSettings', defaultMessage: 'Access settings' },
    listLabel: { id: 'shareDialog.collaborators.list', defaultMessage: 'Collaborators' },
    loadingMore: { id: 'shareDialog.collaborators.loadingMore', defaultMessage: 'Loading more people…' },
    pageTitle: { id: 'shareDialog.collaborators.title', defaultMessage: 'Manage Collaborators' },
    search: { id: 'shareDialog.collaborators.search', defaultMessage: 'Search collaborators' },
    pending: { id: 'shareDialog.collaborators.pending', defaultMessage: 'Invitation pending' },
    owner: { id: 'shareDialog.collaborators.owner', defaultMessage: 'Owner' },
    canView: { id: 'shareDialog.collaborators.canView', defaultMessage: 'Can view' },
    canComment: { id: 'shareDialog.collaborators.canComment', defaultMessage: 'Can comment' },
    canEdit: { id: 'shareDialog.collaborators.canEdit', defaultMessage: 'Can edit' },
    noAccess: { id: 'shareDialog.collaborators.noAccess', defaultMessage: 'No access' },
    remove: { id: 'shareDialog.collaborators.remove', defaultMessage: 'Remove' },
    teamOnlyOwner: { id: 'shareDialog.collaborators.teamOnlyOwner', defaultMessage: 'Only the owner of the document is allowed to set privacy' },
    notAllowedToChange: { id: 'shareDialog.collaborators.notAllowedToChange', defaultMessage: 'Not allowed to change' },

    addLabel: { id: 'shareDialog.collaborators.addLabel', defaultMessage: 'Add people by name or e-mail' },
    addPlaceholder: { id: 'shareDialog.collaborators.addPlaceholder', defaultMessage: 'Name or e-mail' },
    addPermission: { id: 'shareDialog.collaborators.addPermission', defaultMessage: 'Permission for new collaborator' },
    add: { id: 'shareDialog.collaborators.add', defaultMessage: 'Add' },
    suggestions: { id: 'shareDialog.collaborators.suggestions', defaultMessage: 'Contacts' },
    noAddRight: { id: 'shareDialog.collaborators.noAddRight', defaultMessage: 'You are not allowed to add collaborators to this document' },
    teamSharingOff: { id: 'shareDialog.collaborators.teamSharingOff', defaultMessage: 'Sharing is disabled for your team by the admin' },
    cannotAdd: { id: 'shareDialog.collaborators.cannotAdd', defaultMessage: 'Not allowed to add collaborators' },
    changeFailed: { id: 'shareDialog.collaborators.changeFailed', defaultMessage: 'Your change was not saved.' },
    dismiss: { id: 'shareDialog.collaborators.dismiss', defaultMessage: 'Dismiss' },

    emailEmpty: { id: 'shareDialog.collaborators.emailEmpty', defaultMessage: 'Enter an e-mail address.' },
    emailTooLong: { id: 'shareDialog.collaborators.emailTooLong', defaultMessage: 'This e-mail address is longer than 254 characters.' },
    emailLocalTooLong: {
      id: 'shareDialog.collaborators.emailLocalTooLong',
      defaultMessage: 'The part before the @ may have at most 64 characters.',
    },
    emailLabelTooLong: {
      id: 'shareDialog.collaborators.emailLabelTooLong',
      defaultMessage: 'Each part of the domain after the @ may have at most 63 characters.',
    },
    emailShape: { id: 'shareDialog.collaborators.emailShape', defaultMessage: 'Enter a valid e-mail address, like name@example.com.' },

    leaveTitle: { id: 'shareDialog.collaborators.leaveTitle', defaultMessage: 'Remove yourself from this document?' },
    leaveText: { id: 'shareDialog.collaborators.leaveText', defaultMessage: 'You will lose access to it unless someone adds you again.' },
    leaveConfirm: { id: 'shareDialog.collaborators.leaveConfirm', defaultMessage: 'Remove me' },
    cancel: { id: 'shareDialog.collaborators.cancel', defaultMessage: 'Cancel' },
  }),
  manage: defineMessage<{ count: number }>({ id: 'shareDialog.collaborators.manage', defaultMessage: 'Manage collaborators ({count, number})' }),
  noMatches: defineMessage<{ filter: string }>({ id: 'shareDialog.collaborators.noMatches', defaultMessage: 'No collaborator matches "{filter}".' }),
  you: defineMessage<{ name: string }>({ id: 'shareDialog.collaborators.you', defaultMessage: '{name} (You)' }),
  permissionFor: defineMessage<{ name: string }>({ id: 'shareDialog.collaborators.permissionFor', defaultMessage: 'Permission for {name}' }),
  teamName: defineMessage<{ team: string }>({ id: 'shareDialog.collaborators.teamName', defaultMessage: '{team} team' }),
  teamMembers: defineMessage<{ count: number }>({ id: 'shareDialog.collaborators.teamMembers', defaultMessage: '{count, plural, one {# member} other {# members}}' }),
  removed: defineMessage<{ name: string }>({ id: 'shareDialog.collaborators.removed', defaultMessage: '{name} was removed.' }),
  permissionChanged: defineMessage<{ name: string; level: string }>({
    id: 'shareDialog.collaborators.permissionChanged',
    defaultMessage: 'Permission for {name} changed to {level}.',
  }),
  invited: defineMessage<{ email: string }>({ id: 'shareDialog.collaborators.invited', defaultMessage: '{email} was added. We sent them an e-mail.' }),
  /** 'Notify people' off: nothing was sent, so nothing says it was. */
  invitedQuietly: defineMessage<{ email: string }>({ id: 'shareDialog.collaborators.invitedQuietly', defaultMessage: '{email} was added. No e-mail was sent.' }),
  makeOwner: defineMessage({ id: 'shareDialog.collaborators.makeOwner', defaultMessage: 'Make owner' }),
  transferTitle: defineMessage<{ name: string }>({ id: 'shareDialog.collaborators.transferTitle', defaultMessage: 'Make {name} the owner?' }),
  transferText: defineMessage<{ name: string }>({
    id: 'shareDialog.collaborators.transferText',
    defaultMessage:
      '{name} will own this document and decide who can use it. You will stay on it as an editor and cannot undo this yourself. We will send {name} an e-mail.',
  }),
  transferConfirm: defineMessage({ id: 'shareDialog.collaborators.transferConfirm', defaultMessage: 'Make owner' }),
  transferred: defineMessage<{ name: string }>({
    id: 'shareDialog.collaborators.transferred',
    defaultMessage: '{name} is now the owner of this document. You are an editor.',
  }),
  linkOnlyTitle: defineMessage({ id: 'shareDialog.collaborators.linkOnlyTitle', defaultMessage: 'You are viewing through the link' }),
  linkOnlyBody: defineMessage<{ owner: string }>({
    id: 'shareDialog.collaborators.linkOnlyBody',
    defaultMessage:
      'Anyone with the link can view this document, and so can you. You can copy the link and share it. Only people {owner} invited can see who has access, invite others or create trackable links: ask {owner} to invite you.',
  }),
  accessUntil: defineMessage<{ date: string }>({ id: 'shareDialog.collaborators.accessUntil', defaultMessage: 'Access until {date}' }),
  accessEnded: defineMessage<{ date: string }>({ id: 'shareDialog.collaborators.accessEnded', defaultMessage: 'Access ended {date}' }),
  accessUntilKeepsView: defineMessage<{ date: string }>({
    id: 'shareDialog.collaborators.accessUntilKeepsView',
    defaultMessage: 'Invited until {date}, then views as anyone with the link',
  }),
  accessEndedKeepsView: defineMessage<{ date: string }>({
    id: 'shareDialog.collaborators.accessEndedKeepsView',
    defaultMessage: 'Invitation ended {date}; still views as anyone with the link',
  }),
  setEndDate: defineMessage<{ name: string }>({ id: 'shareDialog.collaborators.setEndDate', defaultMessage: 'End date for {name}' }),
  endDateButton: defineMessage({ id: 'shareDialog.collaborators.endDateButton', defaultMessage: 'End date' }),
  endDateLabel: defineMessage({ id: 'shareDialog.collaborators.endDateLabel', defaultMessage: 'Access ends at' }),
  endDateHint: defineMessage({
    id: 'shareDialog.collaborators.endDateHint',
    defaultMessage: 'Your local time. The person is told by e-mail a few days before.',
  }),
  saveEndDate: defineMessage({ id: 'shareDialog.collaborators.saveEndDate', defaultMessage: 'Save end date' }),
  removeEndDate: defineMessage({ id: 'shareDialog.collaborators.removeEndDate', defaultMessage: 'No end date' }),
  endDateSaved: defineMessage({ id: 'shareDialog.collaborators.endDateSaved', defaultMessage: 'The end date is saved.' }),
  endDateFailed: defineMessage({ id: 'shareDialog.collaborators.endDateFailed', defaultMessage: 'The end date could not be saved.' }),
};
