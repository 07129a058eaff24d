import { defineMessage, defineMessages } from 'react-intl';

export const trackableLinksMessages = {
  ...defineMessages({
    title: { id: 'shareDialog.trackableLinks.title', defaultMessage: 'Trackable links' },
    create: { id: 'shareDialog.trackableLinks.create', defaultMessage: 'Create link' },
    manage: { id: 'shareDialog.trackableLinks.manage', defaultMessage: 'Manage links' },
    notAllowedToCreate: { id: 'shareDialog.trackableLinks.notAllowedToCreate', defaultMessage: 'Not allowed to create trackable links' },
    closed: {
      id: 'shareDialog.trackableLinks.closed',
      defaultMessage: 'Creating trackable links is not allowed for documents in "Only individuals can access"',
    },
    team: { id: 'shareDialog.trackableLinks.team', defaultMessage: 'Creating trackable links is disabled for your team' },
    openAndCreate: { id: 'shareDialog.trackableLinks.openAndCreate', defaultMessage: 'Let anyone with the link view, and create a link' },
    notAllowedToManage: { id: 'shareDialog.trackableLinks.notAllowedToManage', defaultMessage: 'Not allowed to manage trackable links' },
    permission: {
      id: 'shareDialog.trackableLinks.permission',
      defaultMessage: 'You do not have sufficient permission to manage trackable links',
    },
  }),
  none: defineMessage<{ kind: string }>({
    id: 'shareDialog.trackableLinks.none',
    defaultMessage:
      '{kind, select, design {This design does not have any trackable links} other {This presentation does not have any trackable links}}',
  }),
  count: defineMessage<{ count: number; kind: string }>({
    id: 'shareDialog.trackableLinks.count',
    defaultMessage: '{kind, select, design {This design has {count, plural, one {# trackable link} other {# trackable links}}} other {This presentation has {count, plural, one {# trackable link} other {# trackable links}}}}',
  }),
  // Someone who is not the owner sees (and counts) only the links they created.
  ownNone: defineMessage<{ kind: string }>({ id: 'shareDialog.trackableLinks.ownNone', defaultMessage: '{kind, select, design {You have no trackable links on this design} other {You have no trackable links on this presentation}}' }),
  ownCount: defineMessage<{ count: number; kind: string }>({
    id: 'shareDialog.trackableLinks.ownCount',
    defaultMessage: '{kind, select, design {You have {count, plural, one {# trackable link} other {# trackable links}} on this design} other {You have {count, plural, one {# trackable link} other {# trackable links}} on this presentation}}',
  }),
  // Said apart from the live count: an expired link gives no access, yet its owner may still extend it.
  expiredCount: defineMessage<{ count: number }>({
    id: 'shareDialog.trackableLinks.expiredCount',
    defaultMessage: '{count, plural, one {# expired link} other {# expired links}}',
  }),
  limit: defineMessage<{ limit: number }>({
    id: 'shareDialog.trackableLinks.limit',
    defaultMessage:
      'You have reached the limit of {limit, plural, one {# trackable link} other {# trackable links}} on your plan. Upgrade to Pro to create more.',
  }),
};
