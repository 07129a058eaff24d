import { defineMessage, defineMessages } from 'react-intl';

export const socialShareMessages = defineMessages({
  groupLabel: { id: 'shareDialog.socialShare.groupLabel', defaultMessage: 'Share on social networks' },
  facebook: { id: 'shareDialog.socialShare.network.facebook', defaultMessage: 'Facebook' },
  linkedin: { id: 'shareDialog.socialShare.network.linkedin', defaultMessage: 'LinkedIn' },
  twitter: { id: 'shareDialog.socialShare.network.twitter', defaultMessage: 'Twitter' },
  googleClassroom: { id: 'shareDialog.socialShare.network.googleClassroom', defaultMessage: 'Google Classroom' },
  disabledTitle: { id: 'shareDialog.socialShare.disabledTitle', defaultMessage: 'Sharing is disabled' },
  needsOpenLink: {
    id: 'shareDialog.socialShare.needsOpenLink',
    defaultMessage: 'To enable, please change the access setting to “Anyone with the link can view“ from the dropdown.',
  },
  teamDisabled: { id: 'shareDialog.socialShare.teamDisabled', defaultMessage: 'Sharing is disabled for your team by the admin.' },
  noViewLink: { id: 'shareDialog.socialShare.noViewLink', defaultMessage: 'This type of document has no view link to share.' },
  popupBlocked: {
    id: 'shareDialog.socialShare.popupBlocked',
    defaultMessage: 'Your browser blocked the share window. Allow pop-ups for this page and try again.',
  },
  modalTitle: { id: 'shareDialog.socialShare.modalTitle', defaultMessage: 'Share on social media' },
  linkLabel: { id: 'shareDialog.socialShare.linkLabel', defaultMessage: 'Link to this document' },
  done: { id: 'shareDialog.socialShare.done', defaultMessage: 'Done' },
});

export const socialShareValueMessages = {
  shareOn: defineMessage<{ network: string }>({ id: 'shareDialog.socialShare.shareOn', defaultMessage: 'Share on {network}' }),
};
