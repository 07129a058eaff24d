import { defineMessage, defineMessages } from 'react-intl';

export const viewLinksMessages = {
  ...defineMessages({
    listTitle: { id: 'shareDialog.viewLinks.list.title', defaultMessage: 'View links' },
    listIntro: {
      id: 'shareDialog.viewLinks.list.intro',
      defaultMessage: 'Give each audience its own link, and see who opened it and when.',
    },
    createdByMe: { id: 'shareDialog.viewLinks.list.createdByMe', defaultMessage: 'Created by me' },
    createdByOthers: { id: 'shareDialog.viewLinks.list.createdByOthers', defaultMessage: 'Created by others' },
    createNew: { id: 'shareDialog.viewLinks.list.createNew', defaultMessage: 'Create new link' },
    loading: { id: 'shareDialog.viewLinks.loading', defaultMessage: 'Loading view links' },
    loadFailed: { id: 'shareDialog.viewLinks.loadFailed', defaultMessage: 'The view links could not be loaded.' },
    retry: { id: 'shareDialog.retry', defaultMessage: 'Try again' },
    analyticsOn: { id: 'shareDialog.viewLinks.row.analyticsOn', defaultMessage: 'Analytics' },
    identificationOn: { id: 'shareDialog.viewLinks.row.identificationOn', defaultMessage: 'Asks for name and e-mail' },
    copyLink: { id: 'shareDialog.viewLinks.copyLink', defaultMessage: 'Copy link' },
    copied: { id: 'shared.copy.copied', defaultMessage: 'Copied' },
    copyFailed: { id: 'shareDialog.viewLinks.copyFailed', defaultMessage: 'The link could not be copied. Select it and copy it yourself.' },

    createTitle: { id: 'shareDialog.viewLinks.create.title', defaultMessage: 'Create New Link' },
    titleLabel: { id: 'shareDialog.viewLinks.form.titleLabel', defaultMessage: 'Link title' },
    titlePlaceholder: { id: 'shareDialog.viewLinks.form.titlePlaceholder', defaultMessage: 'For example: Board meeting, March' },
    titleHint: {
      id: 'shareDialog.viewLinks.form.titleHint',
      defaultMessage: 'For your records: people who open the link do not see it.',
    },
    titleRequired: { id: 'shareDialog.viewLinks.form.titleRequired', defaultMessage: 'Give the link a title.' },
    analyticsLabel: { id: 'shareDialog.viewLinks.form.analyticsLabel', defaultMessage: 'Track views in analytics' },
    analyticsDescription: {
      id: 'shareDialog.viewLinks.form.analyticsDescription',
      defaultMessage: 'See how often this link is opened, day by day.',
    },
    identificationLabel: { id: 'shareDialog.viewLinks.form.identificationLabel', defaultMessage: 'Require viewer name and e-mail' },
    identificationNeedsAnalytics: {
      id: 'shareDialog.viewLinks.form.identificationNeedsAnalytics',
      defaultMessage: 'Turn on analytics to require viewer name and e-mail.',
    },
    openNoticeLabel: { id: 'shareDialog.viewLinks.form.openNotice.label', defaultMessage: 'When someone opens this link' },
    openNoticeOff: { id: 'shareDialog.viewLinks.form.openNotice.off', defaultMessage: 'Don’t tell me' },
    openNoticeFirstOpen: { id: 'shareDialog.viewLinks.form.openNotice.firstOpen', defaultMessage: 'E-mail me on each new visitor’s first open' },
    openNoticeDaily: { id: 'shareDialog.viewLinks.form.openNotice.daily', defaultMessage: 'Send me a daily summary' },
    openNoticeHint: {
      id: 'shareDialog.viewLinks.form.openNotice.hint',
      defaultMessage: 'A visitor is the e-mail address someone gives or verifies. Opens without one are told once a day, as one unnamed visitor.',
    },
    downloadLabel: { id: 'shareDialog.viewLinks.form.downloadLabel', defaultMessage: 'Allow download as PDF' },
    downloadDescription: {
      id: 'shareDialog.viewLinks.form.downloadDescription',
      defaultMessage: 'Viewers get a Download button. Without it they cannot print the slides or copy their text from the page.',
    },
    watermarkLabel: { id: 'shareDialog.viewLinks.form.watermarkLabel', defaultMessage: 'Watermark each page' },
    watermarkDescription: {
      id: 'shareDialog.viewLinks.form.watermarkDescription',
      defaultMessage: 'The viewer’s verified e-mail, or the name they gave, and the time of the visit, over every slide and every page of the PDF.',
    },
    copyControlsCaveat: {
      id: 'shareDialog.viewLinks.form.copyControlsCaveat',
      defaultMessage: 'No watermark or setting can stop screenshots or photos of the screen. A watermark shows whose copy it was.',
    },
    saveLink: { id: 'shareDialog.viewLinks.create.save', defaultMessage: 'Save Link' },
    saving: { id: 'shareDialog.viewLinks.saving', defaultMessage: 'Saving' },
    createFailed: { id: 'shareDialog.viewLinks.create.failed', defaultMessage: 'The link was not created.' },

    settingsTitle: { id: 'shareDialog.viewLinks.settings.title', defaultMessage: 'Link settings' },
    linkLabel: { id: 'shareDialog.viewLinks.settings.linkLabel', defaultMessage: 'Link' },
    save: { id: 'shareDialog.viewLinks.settings.save', defaultMessage: 'Save' },
    saveFailed: { id: 'shareDialog.viewLinks.settings.saveFailed', defaultMessage: 'Your changes were not saved.' },
    viewAnalytics: { id: 'shareDialog.viewLinks.settings.viewAnalytics', defaultMessage: 'View analytics' },
    opensInNewTab: { id: 'shareDialog.viewLinks.opensInNewTab', defaultMessage: '(opens in a new tab)' },
    unsavedTitle: { id: 'shareDialog.viewLinks.settings.unsaved', defaultMessage: 'You have unsaved changes.' },
    discard: { id: 'shareDialog.viewLinks.settings.discard', defaultMessage: 'Discard changes' },
    keepEditing: { id: 'shareDialog.viewLinks.settings.keepEditing', defaultMessage: 'Keep editing' },
    linkGone: { id: 'shareDialog.viewLinks.settings.gone', defaultMessage: 'This link is no longer active.' },

    dangerZone: { id: 'shareDialog.viewLinks.settings.dangerZone', defaultMessage: 'Deactivation' },
    deactivate: { id: 'shareDialog.viewLinks.deactivate', defaultMessage: 'Deactivate link' },
    deactivateAndDelete: { id: 'shareDialog.viewLinks.deactivateAndDelete', defaultMessage: 'Deactivate link and delete data' },
    confirmKeepsData: {
      id: 'shareDialog.viewLinks.confirm.keepsData',
      defaultMessage: 'Its recorded views stay in analytics.',
    },
    confirmDeletesData: {
      id: 'shareDialog.viewLinks.confirm.deletesData',
      defaultMessage: 'Its recorded views and viewer details will be deleted as well.',
    },
    cancel: { id: 'shareDialog.viewLinks.confirm.cancel', defaultMessage: 'Cancel' },
    deactivateFailed: { id: 'shareDialog.viewLinks.confirm.failed', defaultMessage: 'The link was not deactivated.' },

    unlistedTitle: { id: 'shareDialog.viewLinks.unlisted.title', defaultMessage: 'Untracked link' },
    unlistedCreate: { id: 'shareDialog.viewLinks.unlisted.create', defaultMessage: 'Create untracked link' },
    unlistedDelete: { id: 'shareDialog.viewLinks.unlisted.delete', defaultMessage: 'Delete link' },
    unlistedConfirm: {
      id: 'shareDialog.viewLinks.unlisted.confirm',
      defaultMessage: 'People who have this link will lose access through it. Delete it?',
    },
    unlistedLabel: { id: 'shareDialog.viewLinks.unlisted.label', defaultMessage: 'Untracked link' },
    unlistedNotAllowed: { id: 'shareDialog.viewLinks.unlisted.notAllowed', defaultMessage: 'Not allowed to create an untracked link' },
    unlistedFailed: { id: 'shareDialog.viewLinks.unlisted.failed', defaultMessage: 'The untracked link could not be changed.' },
    unlistedLoadFailed: { id: 'shareDialog.viewLinks.unlisted.loadFailed', defaultMessage: 'The untracked link could not be loaded.' },
    notAllowedToCreate: { id: 'shareDialog.trackableLinks.notAllowedToCreate', defaultMessage: 'Not allowed to create trackable links' },
    notAllowedToManage: { id: 'shareDialog.trackableLinks.notAllowedToManage', defaultMessage: 'Not allowed to manage trackable links' },
    notAllowedToSetAnalytics: { id: 'shareDialog.viewLinks.notAllowedToSetAnalytics', defaultMessage: 'Not allowed to set Analytics' },
    closedDocument: {
      id: 'shareDialog.trackableLinks.closed',
      defaultMessage: 'Creating trackable links is not allowed for documents in "Only individuals can access"',
    },
    analyticsNeedsOpen: {
      id: 'shareDialog.viewLinks.analyticsNeedsOpen',
      defaultMessage: 'Tracking a link in analytics needs the access setting "Anyone with the link can view"',
    },
    teamCreateDisabled: { id: 'shareDialog.trackableLinks.team', defaultMessage: 'Creating trackable links is disabled for your team' },
    teamLinksDisabled: { id: 'shareDialog.viewLinks.teamLinksDisabled', defaultMessage: 'Trackable links are disabled for your team' },
    insufficientPermission: {
      id: 'shareDialog.trackableLinks.permission',
      defaultMessage: 'You do not have sufficient permission to manage trackable links',
    },
    analyticsLicence: {
      id: 'shareDialog.viewLinks.analyticsLicence',
      defaultMessage: 'Analytics on trackable links needs a Standard, Plus, Premium or Pro licence.',
    },
  }),
  noOwnLinks: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.list.noOwnLinks',
    defaultMessage:
      '{kind, select, design {You have not created a link for this design yet.} other {You have not created a link for this presentation yet.}}',
  }),
  identificationDescription: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.form.identificationDescription',
    defaultMessage:
      '{kind, select, design {Viewers enter their name and e-mail before the design opens.} other {Viewers enter their name and e-mail before the presentation opens.}}',
  }),
  confirmBody: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.confirm.body',
    defaultMessage:
      '{kind, select, design {The link will be permanently deactivated. People you shared it with will lose access to this design through it.} other {The link will be permanently deactivated. People you shared it with will lose access to this presentation through it.}}',
  }),
  unlistedDescription: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.unlisted.description',
    defaultMessage:
      '{kind, select, design {One more link to this design that records no views and is not listed above.} other {One more link to this presentation that records no views and is not listed above.}}',
  }),
  controlsTitle: defineMessage({ id: 'shareDialog.viewLinks.controls.title', defaultMessage: 'Protection' }),
  passcodeLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.passcode', defaultMessage: 'Passcode (optional)' }),
  requiredPasscodeLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.requiredPasscode', defaultMessage: 'Passcode (required by your team)' }),
  newPasscodeLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.newPasscode', defaultMessage: 'New passcode (optional)' }),
  passcodeHint: defineMessage<{ min: number; max: number }>({
    id: 'shareDialog.viewLinks.controls.passcodeHint',
    defaultMessage: '{min} to {max} characters. Viewers enter it before they see anything. Give it to them apart from the link.',
  }),
  passcodeSet: defineMessage({ id: 'shareDialog.viewLinks.controls.passcodeSet', defaultMessage: 'This link asks for a passcode. Type a new one to change it.' }),
  removePasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.removePasscode', defaultMessage: 'Remove the passcode' }),
  keepPasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.keepPasscode', defaultMessage: 'Keep the passcode' }),
  passcodeRemoved: defineMessage({ id: 'shareDialog.viewLinks.controls.passcodeRemoved', defaultMessage: 'The passcode will be removed when you save.' }),
  expiresLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.expires', defaultMessage: 'Stops working at (optional)' }),
  requiredExpiresLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.requiredExpires', defaultMessage: 'Stops working at (required by your team)' }),
  expiresHint: defineMessage({ id: 'shareDialog.viewLinks.controls.expiresHint', defaultMessage: 'Your local time. After it, the link shows that it has expired.' }),
  allowedLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.allowed', defaultMessage: 'Only these e-mail addresses (optional)' }),
  allowedHint: defineMessage<{ max: number }>({
    id: 'shareDialog.viewLinks.controls.allowedHint',
    defaultMessage:
      'Separate them with commas, up to {max}: an address, or @ and a domain for everyone there. Viewers confirm their address with a code sent by e-mail.',
  }),
  blockedLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.blocked', defaultMessage: 'Block these e-mail addresses (optional)' }),
  blockedHint: defineMessage<{ max: number }>({
    id: 'shareDialog.viewLinks.controls.blockedHint',
    defaultMessage:
      'Separate them with commas, up to {max}: an address, or @ and a domain for everyone there. Viewers then confirm their address, and these cannot open the link.',
  }),
  verifiedLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.verified', defaultMessage: 'Require a verified e-mail' }),
  verifiedDescription: defineMessage({
    id: 'shareDialog.viewLinks.controls.verifiedDescription',
    defaultMessage: 'Viewers confirm their address with a code sent by e-mail before the link opens. Their visits show that address.',
  }),
  verifiedByAllowList: defineMessage({
    id: 'shareDialog.viewLinks.controls.verifiedByAllowList',
    defaultMessage: 'A link limited to certain addresses always asks viewers to confirm theirs.',
  }),
  verifiedByBlockList: defineMessage({
    id: 'shareDialog.viewLinks.controls.verifiedByBlockList',
    defaultMessage: 'A link with a block list always asks viewers to confirm their address, so that no one gets past it with another one.',
  }),
  generatePasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.generatePasscode', defaultMessage: 'Generate a passcode' }),
  // A toggle (aria-pressed) beside the passcode field: its name stays, its state says whether the passcode shows.
  showSavedPasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.showSavedPasscode', defaultMessage: 'Show the passcode' }),
  savedPasscodeLabel: defineMessage({ id: 'shareDialog.viewLinks.controls.savedPasscode', defaultMessage: 'Current passcode' }),
  copyPasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.copyPasscode', defaultMessage: 'Copy passcode' }),
  copyPasscodeFailed: defineMessage({
    id: 'shareDialog.viewLinks.controls.copyPasscodeFailed',
    defaultMessage: 'The passcode could not be copied. Select it and copy it yourself.',
  }),
  savedPasscodeUnknown: defineMessage({
    id: 'shareDialog.viewLinks.controls.savedPasscodeUnknown',
    defaultMessage: 'This passcode was set before passcodes could be shown again. Type a new one to send it to the recipients.',
  }),
  savedPasscodeFailed: defineMessage({ id: 'shareDialog.viewLinks.controls.savedPasscodeFailed', defaultMessage: 'The passcode could not be shown.' }),
  showTypedPasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.showTypedPasscode', defaultMessage: 'Show passcode' }),
  generatedPasscode: defineMessage({
    id: 'shareDialog.viewLinks.controls.generatedPasscode',
    defaultMessage: 'Copy this passcode now and give it to your viewers apart from the link: it is not shown again after you save.',
  }),
  addressProtected: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.controls.addressProtected',
    defaultMessage:
      '{kind, select, design {While a link to this design is protected, the design’s own address opens only for the people it is shared with.} other {While a link to this presentation is protected, the presentation’s own address opens only for the people it is shared with.}}',
  }),
  addressPublic: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.controls.addressPublic',
    defaultMessage:
      '{kind, select, design {This design is public: its own address stays open to everyone, however its links are protected.} other {This presentation is public: its own address stays open to everyone, however its links are protected.}}',
  }),
  protectTitle: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.protect.title',
    defaultMessage: '{kind, select, design {Protect the design too?} other {Protect the presentation too?}}',
  }),
  protectBody: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.protect.body',
    defaultMessage:
      '{kind, select, design {A passcode, an expiry date or a list of addresses protects the design as well: its own address will open only for the people it is shared with. Everyone else needs a protected link.} other {A passcode, an expiry date or a list of addresses protects the presentation as well: its own address will open only for the people it is shared with. Everyone else needs a protected link.}}',
  }),
  protectUndo: defineMessage({
    id: 'shareDialog.viewLinks.protect.undo',
    defaultMessage: 'When no link is protected any more, the address opens for anyone with it again.',
  }),
  protectConfirm: defineMessage<{ kind: string }>({
    id: 'shareDialog.viewLinks.protect.confirm',
    defaultMessage: '{kind, select, design {Protect the link and the design} other {Protect the link and the presentation}}',
  }),
  protectCancel: defineMessage({ id: 'shareDialog.viewLinks.protect.cancel', defaultMessage: 'Go back without saving' }),
  teamRequiresPasscode: defineMessage({ id: 'shareDialog.viewLinks.controls.teamPasscode', defaultMessage: 'Your team requires a passcode on every new link.' }),
  teamMaxExpiry: defineMessage<{ days: number }>({
    id: 'shareDialog.viewLinks.controls.teamExpiry',
    defaultMessage: 'Your team requires every new link to expire within {days, plural, one {# day} other {# days}}.',
  }),
  protectedRow: defineMessage({ id: 'shareDialog.viewLinks.row.protected', defaultMessage: 'Passcode' }),
  expiresRow: defineMessage<{ date: string }>({ id: 'shareDialog.viewLinks.row.expires', defaultMessage: 'Expires {date}' }),
  // The server says a link expired (ViewLink.expired): past tense, and a badge of its own.
  expiredRow: defineMessage<{ date: string }>({ id: 'shareDialog.viewLinks.row.expired', defaultMessage: 'Expired {date}' }),
  allowListRow: defineMessage<{ count: number }>({
    id: 'shareDialog.viewLinks.row.allowList',
    defaultMessage: '{count, plural, one {# allowed address} other {# allowed addresses}}',
  }),
  // Said only without an allow list, whose badge already says the viewers confirm their address.
  verifiedRow: defineMessage({ id: 'shareDialog.viewLinks.row.verified', defaultMessage: 'Verified e-mail' }),
  blockListRow: defineMessage<{ count: number }>({
    id: 'shareDialog.viewLinks.row.blockList',
    defaultMessage: '{count, plural, one {# blocked address} other {# blocked addresses}}',
  }),
  created: defineMessage<{ name: string }>({ id: 'shareDialog.viewLinks.created', defaultMessage: '“{name}” is ready to share.' }),
  saved: defineMessage<{ name: string }>({ id: 'shareDialog.viewLinks.settings.saved', defaultMessage: 'Changes to “{name}” are saved.' }),
  createdBy: defineMessage<{ first: string; last: string }>({ id: 'shareDialog.viewLinks.createdBy', defaultMessage: 'Created by {first} {last}' }),
  createdOn: defineMessage<{ date: string }>({ id: 'shareDialog.viewLinks.createdOn', defaultMessage: 'Created {date}' }),
  confirmTitle: defineMessage<{ name: string }>({ id: 'shareDialog.viewLinks.confirm.title', defaultMessage: 'Deactivate “{name}”?' }),
  deactivated: defineMessage<{ name: string }>({ id: 'shareDialog.viewLinks.deactivated', defaultMessage: '“{name}” is deactivated.' }),
  limitReached: defineMessage<{ limit: number }>({
    id: 'shareDialog.trackableLinks.limit',
    defaultMessage:
      'You have reached the limit of {limit, plural, one {# trackable link} other {# trackable links}} on your plan. Upgrade to Pro to create more.',
  }),
};
