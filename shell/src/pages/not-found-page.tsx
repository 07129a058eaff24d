import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { MessagePanel } from '../layout/message-panel';
import { PageHeading } from '../layout/page-heading';

const messages = {
  page: defineMessages({
    title: { id: 'shell.notFound', defaultMessage: 'This page does not exist.' },
    body: { id: 'shell.notFound.body', defaultMessage: 'Check the address for a typing mistake, or start again from the home page.' },
  }),
  presentation: defineMessages({
    title: { id: 'shell.notFound.presentation.title', defaultMessage: 'This presentation does not exist' },
    body: {
      id: 'shell.notFound.presentation.body',
      defaultMessage: 'It may have been deleted, or the link is incomplete. Ask the person who sent it for a new link.',
    },
  }),
};

/** A button-sized link, not a bar across the panel. */
const HomeLink = styled(Button)`
  align-self: flex-start;
`;

const home = defineMessages({ link: { id: 'shell.notFound.home', defaultMessage: 'Go to the home page' } });

/**
 * What a stranger sees at an address nothing answers (the server sends the shell with status 404) or at a
 * document that does not exist: where they are, why, and a way home, instead of raw JSON or a broken page.
 */
export function NotFoundPage({ subject = 'page' }: { subject?: 'page' | 'presentation' }) {
  const intl = useIntl();
  const text = messages[subject];
  return (
    <MessagePanel role="alert">
      {/* The page's one level-1 heading says where the user is (axe page-has-heading-one), in the tab too. */}
      <PageHeading>{intl.formatMessage(text.title)}</PageHeading>
      <Body>{intl.formatMessage(text.body)}</Body>
      <HomeLink as="a" $variant="secondary" href="/">
        {intl.formatMessage(home.link)}
      </HomeLink>
    </MessagePanel>
  );
}
