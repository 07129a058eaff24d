import { defineMessage } from 'react-intl';

/**
 * Server texts the share dialog also shows before any refusal arrives (its privacy menu explains why an option is
 * unavailable): the same descriptor as the server's code in the table of server texts, so the text is written once
 * for the client (the server's English is checked against it, server/src/test/message-codes.test.ts).
 */
export const CLOSE_WITH_TRACKABLE_LINKS = defineMessage({
  id: 'serverMessage.close_with_trackable_links',
  defaultMessage: 'Your document has trackable links, please remove to change access level to "Only individuals can access"',
});
