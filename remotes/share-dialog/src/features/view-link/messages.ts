import { defineMessage, defineMessages } from 'react-intl';

export const referralCopyMessage = defineMessage<{ credits: number }>({
  id: 'shareDialog.viewLink.referralCopy',
  defaultMessage: 'Share this link: when someone signs up through it, you both get {credits, number} AI credits.',
});

export const viewLinkMessages = defineMessages({
  title: { id: 'shareDialog.viewLink.title', defaultMessage: 'View link' },
  copy: { id: 'shareDialog.viewLink.copy', defaultMessage: 'Copy view link' },
  closedNote: { id: 'shareDialog.viewLink.closedNote', defaultMessage: 'Only people you add below can open this link.' },
  openNote: { id: 'shareDialog.viewLink.openNote', defaultMessage: 'Anyone with this link can view the document.' },
  noViewLink: { id: 'shareDialog.viewLink.none', defaultMessage: 'Documents of this type have no view link.' },
  noViewLinkInstead: {
    id: 'shareDialog.viewLink.noneInstead',
    defaultMessage: 'To share it, add people below. With “Anyone can view”, you can also turn on Public to show it in the gallery.',
  },
});
