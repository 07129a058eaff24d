import { defineMessage, defineMessages } from 'react-intl';

export const accessRequestMessages = {
  ...defineMessages({
    pageTitle: { id: 'shell.accessRequest.pageTitle', defaultMessage: 'Request access' },
    loading: { id: 'shell.accessRequest.loading', defaultMessage: 'Checking your access' },
    title: { id: 'shell.accessRequest.title', defaultMessage: 'You need access' },
    endedTitle: { id: 'shell.accessRequest.endedTitle', defaultMessage: 'Your access has ended' },
    body: {
      id: 'shell.accessRequest.body',
      defaultMessage: 'You cannot open this presentation yet. Ask for access: its owner gets an e-mail and can let you in.',
    },
    messageLabel: { id: 'shell.accessRequest.messageLabel', defaultMessage: 'Message to the owner (optional)' },
    send: { id: 'shell.accessRequest.send', defaultMessage: 'Request access' },
    sentTitle: { id: 'shell.accessRequest.sent.title', defaultMessage: 'Request sent' },
    sentBody: {
      id: 'shell.accessRequest.sent.body',
      defaultMessage: 'The owner got an e-mail. You will get one when they decide, and then you can open the presentation here.',
    },
    pendingTitle: { id: 'shell.accessRequest.pending.title', defaultMessage: 'Your request is pending' },
    signInTitle: { id: 'shell.accessRequest.signIn.title', defaultMessage: 'Sign in to open this presentation' },
    signInBody: {
      id: 'shell.accessRequest.signIn.body',
      defaultMessage: 'Only people it is shared with can open it. Sign in, and if you still cannot open it, you can ask for access.',
    },
  }),
  pendingBody: defineMessage<{ date: Date }>({
    id: 'shell.accessRequest.pending.body',
    defaultMessage: 'You asked for access on {date, date, long}. The owner has not decided yet; you will get an e-mail when they do.',
  }),
  yourMessage: defineMessage({ id: 'shell.accessRequest.yourMessage', defaultMessage: 'Your message:' }),
  failed: defineMessage<{ reason: string }>({ id: 'shell.accessRequest.failed', defaultMessage: 'Your request was not sent: {reason}' }),
};
