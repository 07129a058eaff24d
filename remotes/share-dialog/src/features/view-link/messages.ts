import { defineMessages } from 'react-intl';

export const viewLinkMessages = defineMessages({
  title: { id: 'shareDialog.viewLink.title', defaultMessage: 'View link' },
  closedNote: { id: 'shareDialog.viewLink.closedNote', defaultMessage: 'Only people you add below can open this link.' },
  openNote: { id: 'shareDialog.viewLink.openNote', defaultMessage: 'Anyone with this link can view the document.' },
  noViewLink: { id: 'shareDialog.viewLink.none', defaultMessage: 'Documents of this type have no view link.' },
});
