import { defineMessage, defineMessages } from 'react-intl';

export const referralMessages = defineMessages({
  linkLabel: { id: 'referralPanel.invite.linkLabel', defaultMessage: 'Your invitation link' },
  signedOut: { id: 'referralPanel.invite.signedOut', defaultMessage: 'Sign in to get your personal invitation link.' },
  loadFailedTitle: { id: 'referralPanel.invite.loadFailedTitle', defaultMessage: 'An error has occurred' },
  loadFailedBody: { id: 'referralPanel.invite.loadFailedBody', defaultMessage: 'Please try again later.' },
  retry: { id: 'referralPanel.invite.retry', defaultMessage: 'Try again' },
  loading: { id: 'referralPanel.invite.loading', defaultMessage: 'Loading your invitation' },
});

/** Messages whose values are typed: `credits` is the reward, already formatted in the page locale. */
export const referralOfferMessages = {
  title: defineMessage<{ credits: string }>({
    id: 'referralPanel.invite.title',
    defaultMessage: 'Invite friends, you both get {credits} AI credits',
  }),
  body: defineMessage<{ credits: string }>({
    id: 'referralPanel.invite.body',
    defaultMessage: 'When a friend signs up with your invitation link, you and your friend each get {credits} AI credits.',
  }),
};

/** The inviter's standing: credits earned (the ledger's sum) and how many people joined. */
export const referralStandingMessages = {
  label: defineMessage({ id: 'referralPanel.standing.label', defaultMessage: 'Your referrals' }),
  balance: defineMessage<{ credits: string }>({ id: 'referralPanel.standing.balance', defaultMessage: 'Your balance: {credits} AI credits' }),
  joined: defineMessage<{ count: number }>({
    id: 'referralPanel.standing.joined',
    defaultMessage: '{count, plural, =0 {Nobody has joined through your link yet.} one {# person joined through your link.} other {# people joined through your link.}}',
  }),
};
