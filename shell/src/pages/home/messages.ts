import { defineMessage, defineMessages } from 'react-intl';

export const landingMessages = defineMessages({
  title: { id: 'shell.home.landing.title', defaultMessage: 'Sharing and privacy' },
  body: {
    id: 'shell.home.landing.body',
    defaultMessage: 'Share presentations, videos and designs with the people you choose, and decide who may see them.',
  },
});

export const signUpMessages = {
  ...defineMessages({
    heading: { id: 'shell.home.signUp.heading', defaultMessage: 'Create a demo account' },
    invited: { id: 'shell.home.signUp.invited', defaultMessage: 'You were invited: sign up and you both get AI credits.' },
    firstName: { id: 'shell.home.signUp.firstName', defaultMessage: 'First name' },
    email: { id: 'shell.home.signUp.email', defaultMessage: 'E-mail address' },
    submit: { id: 'shell.home.signUp.submit', defaultMessage: 'Sign up' },
    submitting: { id: 'shell.home.signUp.submitting', defaultMessage: 'Signing up…' },
    welcome: { id: 'shell.home.signUp.welcome', defaultMessage: 'Welcome! Your account is ready.' },
    selfReferral: { id: 'shell.home.signUp.selfReferral', defaultMessage: 'Your own invitation link earns no credits.' },
    alreadyReferred: { id: 'shell.home.signUp.alreadyReferred', defaultMessage: 'This person was already counted for an invitation, so no credits this time.' },
    unknownToken: { id: 'shell.home.signUp.unknownToken', defaultMessage: 'The invitation link is not valid, so no credits.' },
    dashboard: { id: 'shell.home.signUp.dashboard', defaultMessage: 'Go to your dashboard' },
    failedGeneric: { id: 'shell.home.signUp.failedGeneric', defaultMessage: 'Please try again later.' },
  }),
  credited: defineMessage<{ credits: string }>({
    id: 'shell.home.signUp.credited',
    defaultMessage: 'Welcome! You and the person who invited you each got {credits} AI credits.',
  }),
  failed: defineMessage<{ reason: string }>({ id: 'shell.home.signUp.failed', defaultMessage: 'Could not sign up: {reason}' }),
};
