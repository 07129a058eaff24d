import { defineMessage, defineMessages } from 'react-intl';

export const deleteFolderMessages = {
  ...defineMessages({
    open: { id: 'shell.dashboard.deleteFolder.open', defaultMessage: 'Delete folder' },
    cancel: { id: 'shell.dashboard.deleteFolder.cancel', defaultMessage: 'Cancel' },
    confirm: { id: 'shell.dashboard.deleteFolder.confirm', defaultMessage: 'Delete folder' },
    deleting: { id: 'shell.dashboard.deleteFolder.deleting', defaultMessage: 'Deleting…' },
    failedGeneric: { id: 'shell.dashboard.deleteFolder.failedGeneric', defaultMessage: 'Please try again later.' },
  }),
  openLabel: defineMessage<{ name: string }>({ id: 'shell.dashboard.deleteFolder.openLabel', defaultMessage: 'Delete folder {name}' }),
  title: defineMessage<{ name: string }>({ id: 'shell.dashboard.deleteFolder.title', defaultMessage: 'Delete the folder “{name}”?' }),
  body: defineMessage<{ count: number }>({
    id: 'shell.dashboard.deleteFolder.body',
    defaultMessage:
      'The folder and its list of people are deleted for everyone in it. {count, plural, =0 {It holds no documents.} one {Its # document is not deleted: it stays with its owner, shared with the same people as before.} other {Its # documents are not deleted: they stay with their owners, shared with the same people as before.}}',
  }),
  deleted: defineMessage<{ name: string; count: number }>({
    id: 'shell.dashboard.deleteFolder.deleted',
    defaultMessage: 'The folder “{name}” was deleted. {count, plural, =0 {} one {Its document was kept.} other {Its # documents were kept.}}',
  }),
  failed: defineMessage<{ reason: string }>({ id: 'shell.dashboard.deleteFolder.failed', defaultMessage: 'The folder could not be deleted: {reason}' }),
};
