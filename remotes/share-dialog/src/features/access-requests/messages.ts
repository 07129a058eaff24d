import { defineMessage, defineMessages } from 'react-intl';

type Person = { name: string };

export const accessRequestsMessages = {
  ...defineMessages({
    levelViewer: { id: 'shareDialog.accessRequests.level.viewer', defaultMessage: 'Can view' },
    levelCommenter: { id: 'shareDialog.accessRequests.level.commenter', defaultMessage: 'Can comment' },
    levelEditor: { id: 'shareDialog.accessRequests.level.editor', defaultMessage: 'Can edit' },
    approve: { id: 'shareDialog.accessRequests.approve', defaultMessage: 'Approve' },
    deny: { id: 'shareDialog.accessRequests.deny', defaultMessage: 'Deny' },
  }),
  title: defineMessage<{ count: number }>({
    id: 'shareDialog.accessRequests.title',
    defaultMessage: '{count, plural, one {# person asks for access} other {# people ask for access}}',
  }),
  levelFor: defineMessage<Person>({ id: 'shareDialog.accessRequests.levelFor', defaultMessage: 'Access level for {name}' }),
  approveFor: defineMessage<Person>({ id: 'shareDialog.accessRequests.approveFor', defaultMessage: 'Approve {name}' }),
  denyFor: defineMessage<Person>({ id: 'shareDialog.accessRequests.denyFor', defaultMessage: 'Deny {name}' }),
  approved: defineMessage<Person & { level: string }>({
    id: 'shareDialog.accessRequests.approved',
    defaultMessage: '{name} can now {level, select, editor {edit} commenter {comment} other {view}}. We sent them an e-mail.',
  }),
  denied: defineMessage<Person>({ id: 'shareDialog.accessRequests.denied', defaultMessage: 'Request from {name} denied. We sent them an e-mail.' }),
  failed: defineMessage<{ reason: string }>({ id: 'shareDialog.accessRequests.failed', defaultMessage: 'Your decision was not saved: {reason}' }),
};
