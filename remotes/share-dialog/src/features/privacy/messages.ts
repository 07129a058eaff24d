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
  trackableLinksPresent: {
    id: 'shareDialog.privacy.trackableLinksPresent',
    defaultMessage: 'Your document has trackable links, please remove to change access level to "Only individuals can access"',
  },
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
