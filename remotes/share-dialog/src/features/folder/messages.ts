import { defineMessage, defineMessages } from 'react-intl';

export const folderMessages = defineMessages({
  title: { id: 'shareDialog.folder.title', defaultMessage: 'Share Folder' },
  activityTitle: { id: 'shareDialog.folder.activityTitle', defaultMessage: 'Activity' },
  activityIntro: { id: 'shareDialog.folder.activityIntro', defaultMessage: 'Who changed who is in this folder, newest first.' },
  activityEmpty: { id: 'shareDialog.folder.activityEmpty', defaultMessage: 'No changes to who is in this folder yet.' },
  activityLoading: { id: 'shareDialog.folder.activityLoading', defaultMessage: 'Loading activity…' },
  activityLoadFailed: { id: 'shareDialog.folder.activityLoadFailed', defaultMessage: 'The activity could not be loaded.' },
  activityOlder: { id: 'shareDialog.folder.activityOlder', defaultMessage: 'Show older changes' },
  done: { id: 'shareDialog.folder.done', defaultMessage: 'Done' },
  loading: { id: 'shareDialog.folder.loading', defaultMessage: 'Loading the folder' },
  loadFailedTitle: { id: 'shareDialog.folder.loadFailedTitle', defaultMessage: 'An error has occurred' },
  loadFailedBody: { id: 'shareDialog.folder.loadFailedBody', defaultMessage: 'Please try again later.' },
  retry: { id: 'shareDialog.folder.retry', defaultMessage: 'Try again' },
  noAccess: { id: 'shareDialog.folder.noAccess', defaultMessage: 'You do not have access to this folder.' },
  notFound: { id: 'shareDialog.folder.notFound', defaultMessage: 'This folder does not exist any more.' },
  listLabel: { id: 'shareDialog.folder.listLabel', defaultMessage: 'People with access to this folder' },
  emailLabel: { id: 'shareDialog.folder.emailLabel', defaultMessage: 'Add people by e-mail' },
  emailPlaceholder: { id: 'shareDialog.folder.emailPlaceholder', defaultMessage: 'name@example.com' },
  add: { id: 'shareDialog.folder.add', defaultMessage: 'Add' },
  adding: { id: 'shareDialog.folder.adding', defaultMessage: 'Adding…' },
  addsViewers: { id: 'shareDialog.folder.addsViewers', defaultMessage: 'People you add can view this folder and its documents.' },
  invalidEmail: { id: 'shareDialog.folder.invalidEmail', defaultMessage: 'Please enter a valid e-mail address.' },
  emailSent: { id: 'shareDialog.folder.emailSent', defaultMessage: 'E-mail sent' },
  /** 'Notify people' off: nothing was sent, so nothing says it was. */
  addedQuietly: { id: 'shareDialog.folder.addedQuietly', defaultMessage: 'Added, no e-mail sent' },
  pending: { id: 'shareDialog.folder.pending', defaultMessage: 'Invitation pending' },
  roleOWNER: { id: 'shareDialog.folder.role.owner', defaultMessage: 'Owner' },
  roleEDITOR: { id: 'shareDialog.folder.role.editor', defaultMessage: 'Editor' },
  roleVIEWER: { id: 'shareDialog.folder.role.viewer', defaultMessage: 'Viewer' },
  confirmSelfRemoval: { id: 'shareDialog.folder.confirmSelfRemoval', defaultMessage: 'Are you sure you want to remove yourself from this folder?' },
  removeShort: { id: 'shareDialog.folder.removeShort', defaultMessage: 'Remove' },
  ok: { id: 'shareDialog.folder.ok', defaultMessage: 'Ok' },
  cancel: { id: 'shareDialog.folder.cancel', defaultMessage: 'Cancel' },
  leaving: { id: 'shareDialog.folder.leaving', defaultMessage: 'Leaving the folder' },
  genericErrorReason: { id: 'shareDialog.folder.genericErrorReason', defaultMessage: 'Please try again later.' },
});

/** Messages with typed values. */
export const folderValueMessages = {
  you: defineMessage<{ name: string }>({ id: 'shareDialog.folder.you', defaultMessage: '{name} (You)' }),
  remove: defineMessage<{ name: string }>({ id: 'shareDialog.folder.remove', defaultMessage: 'Remove {name}' }),
  leave: defineMessage<{ name: string }>({ id: 'shareDialog.folder.leave', defaultMessage: 'Remove yourself ({name})' }),
  alreadyInFolder: defineMessage<{ email: string }>({
    id: 'shareDialog.folder.alreadyInFolder',
    defaultMessage: '{email} already has access to this folder.',
  }),
  addFailed: defineMessage<{ email: string; reason: string }>({
    id: 'shareDialog.folder.addFailed',
    defaultMessage: 'Could not add {email}. {reason}',
  }),
  removeFailed: defineMessage<{ name: string; reason: string }>({
    id: 'shareDialog.folder.removeFailed',
    defaultMessage: 'Could not remove {name}. {reason}',
  }),
};
