import { defineMessage, defineMessages } from 'react-intl';

export const dialogMessages = defineMessages({
  title: { id: 'shareDialog.header.title', defaultMessage: 'Sharing and privacy' },
  folderTitle: { id: 'shareDialog.folder.dialogTitle', defaultMessage: 'Share Folder' },
  loading: { id: 'shareDialog.header.loading', defaultMessage: 'Loading' },
  errorTitle: { id: 'shared.error.title', defaultMessage: 'An error has occurred' },
  errorRetryLater: { id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' },
  retry: { id: 'shareDialog.retry', defaultMessage: 'Try again' },
  done: { id: 'shareDialog.footer.done', defaultMessage: 'Done' },
  embed: { id: 'shareDialog.footer.embed', defaultMessage: 'Embed' },
  notAllowedToEmbed: { id: 'shareDialog.footer.notAllowedToEmbed', defaultMessage: 'Not allowed to embed' },
  accessLostTitle: { id: 'shareDialog.accessLost.title', defaultMessage: 'You no longer have access' },
});

/** Said under 'You no longer have access' (AccessLostNotice). */
export const accessLostBody = defineMessage<{ kind: string }>({
  id: 'shareDialog.accessLost.body',
  defaultMessage:
    '{kind, select, design {Your access to this design ended while the dialog was open.} folder {Your access to this folder ended while the dialog was open.} other {Your access to this presentation ended while the dialog was open.}} Ask the owner if you need it again.',
});
