import { defineMessages } from 'react-intl';

export const privacyMessages = defineMessages({
  accessLevelLabel: { id: 'shareDialog.privacy.accessLevel', defaultMessage: 'Who can access this document' },
  open: { id: 'shareDialog.privacy.open', defaultMessage: 'Anyone with the link can view' },
  /** The open level of a type that has no view link (CORE, video): there is no link to speak of. */
  openWithoutLink: { id: 'shareDialog.privacy.openWithoutLink', defaultMessage: 'Anyone can view' },
  closed: { id: 'shareDialog.privacy.closed', defaultMessage: 'Only individuals can access' },
  documentSettings: { id: 'shareDialog.settings.title', defaultMessage: 'Document Settings' },
  publicLabel: { id: 'shareDialog.settings.public', defaultMessage: 'Public' },
  publicDescription: {
    id: 'shareDialog.settings.publicDescription',
    defaultMessage: "Published in the product's public gallery and discoverable by search engines",
  },
  reusableLabel: { id: 'shareDialog.settings.reusable', defaultMessage: 'Reusable' },
  reusableDescription: {
    id: 'shareDialog.settings.reusableDescription',
    defaultMessage: 'Anyone with access can make a copy and reuse this content',
  },

  notAllowedToChange: { id: 'shareDialog.privacy.notAllowedToChange', defaultMessage: 'Not allowed to change' },
  onlyOwnerSetsPrivacy: { id: 'shareDialog.privacy.onlyOwner', defaultMessage: 'Only the owner of the document is allowed to set privacy' },
  teamDisabledPrivacy: { id: 'shareDialog.privacy.teamDisabled', defaultMessage: 'Changing privacy is disabled for your team' },
  privacyNotPossible: { id: 'shareDialog.privacy.notPossible', defaultMessage: 'The access level of this document cannot be changed.' },
  privacyControl: { id: 'shareDialog.privacy.paywallTitle', defaultMessage: 'Privacy control' },
  privacyControlLicence: {
    id: 'shareDialog.privacy.paywallText',
    defaultMessage: 'A Standard, Plus or Premium licence is needed to control who can access your documents.',
  },

  notAllowedToPublish: { id: 'shareDialog.publish.notAllowed', defaultMessage: 'Not allowed to publish' },
  restricted: { id: 'shareDialog.publish.restricted', defaultMessage: 'Document is restricted: only collaborators can access' },
  teamDisabledPublishing: { id: 'shareDialog.publish.teamDisabled', defaultMessage: 'Publishing a document is disabled for this team by the admin' },
  onlyOwnerPublishes: { id: 'shareDialog.publish.onlyOwner', defaultMessage: 'Only the owner of the document is allowed to publish' },
  publishNotPossible: { id: 'shareDialog.publish.notPossible', defaultMessage: 'This document cannot be published or unpublished.' },

  reusableRestricted: { id: 'shareDialog.reusable.restricted', defaultMessage: 'Reusable restricted' },
  sharedNotReusable: { id: 'shareDialog.reusable.sharedNotReusable', defaultMessage: "This was shared with you and it's not reusable" },
  reusableNotPossible: { id: 'shareDialog.reusable.notPossible', defaultMessage: 'It is not allowed to set reusable for this document.' },

  changeFailed: { id: 'shareDialog.privacy.changeFailed', defaultMessage: 'Your change was not saved.' },
});

/** What a change that exposes the document, or undoes publishing, will do, asked first. */
export const confirmMessages = defineMessages({
  cancel: { id: 'shareDialog.privacyConfirm.cancel', defaultMessage: 'Cancel' },
  openTitle: { id: 'shareDialog.privacyConfirm.openTitle', defaultMessage: 'Let anyone with the link view?' },
  openBody: {
    id: 'shareDialog.privacyConfirm.openBody',
    defaultMessage: 'Anyone who has the link will be able to view “{title}”, without being invited.',
  },
  openAndCreateBody: {
    id: 'shareDialog.privacyConfirm.openAndCreateBody',
    defaultMessage: 'Anyone who has the link will be able to view “{title}”, without being invited. Then you create the trackable link.',
  },
  openAction: { id: 'shareDialog.privacyConfirm.openAction', defaultMessage: 'Let anyone with the link view' },
  publishTitle: { id: 'shareDialog.privacyConfirm.publishTitle', defaultMessage: 'Publish this document?' },
  publishBody: {
    id: 'shareDialog.privacyConfirm.publishBody',
    defaultMessage: '“{title}” will appear in the public gallery, and search engines can find it. You can unpublish it at any time.',
  },
  publishAction: { id: 'shareDialog.privacyConfirm.publishAction', defaultMessage: 'Publish' },
  closePublishedTitle: { id: 'shareDialog.privacyConfirm.closePublishedTitle', defaultMessage: 'Restrict access and unpublish?' },
  closePublishedBody: {
    id: 'shareDialog.privacyConfirm.closePublishedBody',
    defaultMessage: 'Only people who were invited will be able to open “{title}”. It is published now, so it will also leave the public gallery and search results.',
  },
  closePublishedAction: { id: 'shareDialog.privacyConfirm.closePublishedAction', defaultMessage: 'Restrict and unpublish' },
  unpublishTitle: { id: 'shareDialog.privacyConfirm.unpublishTitle', defaultMessage: 'Unpublish this document?' },
  unpublishBody: {
    id: 'shareDialog.privacyConfirm.unpublishBody',
    defaultMessage: '“{title}” will leave the public gallery and search results. People with the link can still view it.',
  },
  unpublishAction: { id: 'shareDialog.privacyConfirm.unpublishAction', defaultMessage: 'Unpublish' },
});
