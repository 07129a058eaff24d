import { defineMessage, defineMessages } from 'react-intl';

export const analyticsMessages = {
  ...defineMessages({
    loading: { id: 'shell.analytics.loading', defaultMessage: 'Loading the analytics' },
    eyebrow: { id: 'shell.analytics.eyebrow', defaultMessage: 'Trackable link analytics' },
    signInTitle: { id: 'shell.analytics.signIn.title', defaultMessage: "Sign in to see this link's analytics" },
    whoMaySee: {
      id: 'shell.analytics.whoMaySee',
      defaultMessage: "Only the person who created the link and the document's owner can see its analytics.",
    },
    refusedTitle: { id: 'shell.analytics.refused.title', defaultMessage: 'You cannot see these analytics' },
    missingTitle: { id: 'shell.analytics.missing.title', defaultMessage: 'This link does not exist' },
    missingBody: { id: 'shell.analytics.missing.body', defaultMessage: 'Check the address, or open the analytics from the link settings.' },
    deactivated: { id: 'shell.analytics.deactivated', defaultMessage: 'Deactivated' },
    identifies: { id: 'shell.analytics.identifies', defaultMessage: 'Asks for name and e-mail' },
    passcode: { id: 'shell.analytics.passcode', defaultMessage: 'Asks for a passcode' },
    notTracked: {
      id: 'shell.analytics.notTracked',
      defaultMessage: 'This link is not tracked in analytics: its opens are not recorded, and recorded data was deleted if the link was deactivated with its data.',
    },
    totalViews: { id: 'shell.analytics.totalViews', defaultMessage: 'Views' },
    identifiedViewers: { id: 'shell.analytics.identifiedViewers', defaultMessage: 'Identified viewers' },
    lastView: { id: 'shell.analytics.lastView', defaultMessage: 'Last view' },
    never: { id: 'shell.analytics.never', defaultMessage: 'None yet' },
    perDay: { id: 'shell.analytics.perDay', defaultMessage: 'Views per day' },
    day: { id: 'shell.analytics.day', defaultMessage: 'Day' },
    views: { id: 'shell.analytics.views', defaultMessage: 'Views' },
    noViews: { id: 'shell.analytics.noViews', defaultMessage: 'Nobody has opened this link yet.' },
    viewersTitle: { id: 'shell.analytics.viewersTitle', defaultMessage: 'Identified viewers' },
    noViewers: { id: 'shell.analytics.noViewers', defaultMessage: 'No viewer has given a name and e-mail yet.' },
    viewersOff: {
      id: 'shell.analytics.viewersOff',
      defaultMessage: 'This link does not ask viewers for their name and e-mail.',
    },
    name: { id: 'shell.analytics.name', defaultMessage: 'Name' },
    email: { id: 'shell.analytics.email', defaultMessage: 'E-mail' },
    time: { id: 'shell.analytics.time', defaultMessage: 'Time' },
    openDocument: { id: 'shell.analytics.openDocument', defaultMessage: 'Open the presentation' },
  }),
  linkTo: defineMessage<{ title: string; sharer: string; date: string }>({
    id: 'shell.analytics.linkTo',
    defaultMessage: 'A link to “{title}”, created by {sharer} on {date}',
  }),
  chartLabel: defineMessage<{ days: number; zone: string }>({
    id: 'shell.analytics.chartLabel',
    defaultMessage: 'Views per day over the last {days, plural, one {# day} other {# days}} ({zone} time)',
  }),
  barLabel: defineMessage<{ date: string; count: number }>({
    id: 'shell.analytics.barLabel',
    defaultMessage: '{date}: {count, plural, one {# view} other {# views}}',
  }),
  someViewersShown: defineMessage<{ shown: number; total: number }>({
    id: 'shell.analytics.someViewersShown',
    defaultMessage: 'The latest {shown, number} of {total, number} identified visits.',
  }),
  expires: defineMessage<{ date: string }>({ id: 'shell.analytics.expires', defaultMessage: 'Expires {date}' }),
  expired: defineMessage<{ date: string }>({ id: 'shell.analytics.expired', defaultMessage: 'Expired {date}' }),
  allowList: defineMessage<{ count: number }>({
    id: 'shell.analytics.allowList',
    defaultMessage: '{count, plural, one {Limited to # address or domain} other {Limited to # addresses or domains}}',
  }),
};
