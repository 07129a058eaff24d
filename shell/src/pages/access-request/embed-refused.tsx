import { defineMessages, useIntl } from 'react-intl';
import { Body } from '@deck/shared/ui/text/text';
import { FrameMessagePanel } from '../../layout/message-panel';
import { PageHeading } from '../../layout/page-heading';

const messages = defineMessages({
  title: { id: 'shell.embed.private.title', defaultMessage: 'This presentation is private' },
  body: {
    id: 'shell.embed.private.body',
    defaultMessage: 'Only the people it is shared with can see it, so it cannot be shown on this page.',
  },
});

/**
 * The embedded player of a document its visitor may not see (closed, API 401/403). Signing in or asking for
 * access happens on our own pages, not inside someone else's page, and a retry would be refused again.
 */
export function EmbedRefused() {
  const intl = useIntl();
  return (
    <FrameMessagePanel role="alert">
      <PageHeading>{intl.formatMessage(messages.title)}</PageHeading>
      <Body>{intl.formatMessage(messages.body)}</Body>
    </FrameMessagePanel>
  );
}
