import { defineMessages, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { FrameMessagePanel, MessagePanel } from '../layout/message-panel';
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
  embed: defineMessages({
    // The same words as the presentation's own page, under the same id.
    title: { id: 'shell.notFound.presentation.title', defaultMessage: 'This presentation does not exist' },
    body: {
      id: 'shell.notFound.embed.body',
      defaultMessage: 'It may have been deleted, or the embed code on this page is out of date.',
    },
  }),
};

/** A button-sized link, not a bar across the panel. */
const HomeLink = styled(Button)`
  align-self: flex-start;
`;

const home = defineMessages({ link: { id: 'shell.notFound.home', defaultMessage: 'Go to the home page' } });

export interface NotFoundPageProps {
  /** `embed`: the player-only frame on another site, where a link home would load our home page into their page. */
  subject?: keyof typeof messages;
}

/**
 * What a stranger sees at an address nothing answers (the server sends the shell with status 404) or at a
 * document that does not exist: where they are, why, and a way home, instead of raw JSON or a broken page.
 */
export function NotFoundPage({ subject = 'page' }: NotFoundPageProps) {
  const intl = useIntl();
  const text = messages[subject];
  const Panel = subject === 'embed' ? FrameMessagePanel : MessagePanel;
  return (
    <Panel role="alert">
      {/* The page's one level-1 heading says where the user is (axe page-has-heading-one), in the tab too. */}
      <PageHeading>{intl.formatMessage(text.title)}</PageHeading>
      <Body>{intl.formatMessage(text.body)}</Body>
      {subject === 'embed' ? null : (
        <HomeLink as="a" $variant="secondary" href="/">
          {intl.formatMessage(home.link)}
        </HomeLink>
      )}
    </Panel>
  );
}
