import { defineMessage, defineMessages } from 'react-intl';

export const linkMessages = {
  ...defineMessages({
    opening: { id: 'shell.link.opening', defaultMessage: 'Opening the link' },
    download: { id: 'shell.link.download', defaultMessage: 'Download PDF' },
    printNotice: {
      id: 'shell.link.printNotice',
      defaultMessage: 'The person who shared this presentation does not allow printing or downloading it.',
    },
    revokedTitle: { id: 'shell.link.revoked.title', defaultMessage: 'This link no longer gives access' },
    revokedBody: {
      id: 'shell.link.revoked.body',
      defaultMessage: 'The person who shared it has deactivated it. Ask them for a new link if you still need the presentation.',
    },
    // One message for a link id nobody made and a link whose presentation was deleted (docs/decisions.md).
    missingTitle: { id: 'shell.link.nowhere.title', defaultMessage: 'There is no presentation at this link' },
    missingBody: {
      id: 'shell.link.nowhere.body',
      defaultMessage:
        'The link may be incomplete, or the presentation may have been deleted. Check that you copied the whole link, or ask the person who shared it for a new one.',
    },
    identifyBody: {
      id: 'shell.link.identify.body',
      defaultMessage: 'Enter your name and e-mail to open it. The person who shared it will see them with your visit.',
    },
    nameLabel: { id: 'shell.link.identify.name', defaultMessage: 'Your name' },
    emailLabel: { id: 'shell.link.identify.email', defaultMessage: 'Your e-mail' },
    emailVerified: { id: 'shell.link.identify.emailVerified', defaultMessage: 'The address you confirmed for this link.' },
    nameEmpty: { id: 'shell.link.identify.nameEmpty', defaultMessage: 'Enter your name.' },
    nameTooLong: { id: 'shell.link.identify.nameTooLong', defaultMessage: 'Use at most 100 characters.' },
    emailEmpty: { id: 'shell.link.identify.emailEmpty', defaultMessage: 'Enter your e-mail.' },
    emailInvalid: { id: 'shell.link.identify.emailInvalid', defaultMessage: 'Enter a valid e-mail address, like name@example.com.' },
    open: { id: 'shell.link.identify.open', defaultMessage: 'Open presentation' },
    sending: { id: 'shell.link.identify.sending', defaultMessage: 'Opening' },
    sendFailed: { id: 'shell.link.identify.failed', defaultMessage: 'The presentation could not be opened.' },
    expiredTitle: { id: 'shell.link.expired.title', defaultMessage: 'This link has expired' },
    expiredBody: {
      id: 'shell.link.expired.body',
      defaultMessage: 'The person who shared it set it to stop working at a certain time. Ask them for a new link if you still need the presentation.',
    },
    passcodeTitle: { id: 'shell.link.passcode.title', defaultMessage: 'This link is protected' },
    passcodeBody: { id: 'shell.link.passcode.body', defaultMessage: 'Enter the passcode you were given with the link to open it.' },
    passcodeLabel: { id: 'shell.link.passcode.label', defaultMessage: 'Passcode' },
    passcodeEmpty: { id: 'shell.link.passcode.empty', defaultMessage: 'Enter the passcode.' },
    verifyTitle: { id: 'shell.link.verify.title', defaultMessage: 'Confirm your e-mail address' },
    // Said of every link that asks for a verified address, with an allow list or without one.
    verifyBody: { id: 'shell.link.verify.intro', defaultMessage: 'Confirm your e-mail address to open this link: enter it and we will send you a code.' },
    codeLabel: { id: 'shell.link.verify.code', defaultMessage: 'Code from the e-mail' },
    sendCode: { id: 'shell.link.verify.send', defaultMessage: 'Send code' },
    confirmCode: { id: 'shell.link.verify.confirm', defaultMessage: 'Confirm' },
    otherAddress: { id: 'shell.link.verify.otherAddress', defaultMessage: 'Use another address' },
  }),
  watermarkSentence: defineMessage<{ viewer: string; time: string }>({
    id: 'shell.link.watermark.sentence',
    defaultMessage: 'Each slide is watermarked with {viewer} and the time of this visit, {time}.',
  }),
  codeSent: defineMessage<{ email: string }>({
    id: 'shell.link.verify.sent',
    defaultMessage: 'If {email} may open this link, a code is on its way to it. Check your inbox.',
  }),
  codeInvalid: defineMessage<{ length: number }>({
    id: 'shell.link.verify.codeInvalid',
    defaultMessage: 'Enter the {length} digits from the e-mail.',
  }),
  attemptsLeft: defineMessage<{ count: number }>({
    id: 'shell.link.attemptsLeft',
    defaultMessage: '{count, plural, =0 {No tries left for now.} one {# try left.} other {# tries left.}}',
  }),
  identifyTitle: defineMessage<{ sharer: string; title: string }>({
    id: 'shell.link.identify.title',
    defaultMessage: '{sharer} shared “{title}” with you',
  }),
};
