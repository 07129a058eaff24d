import { useEffect, useId, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { SignInChoices } from '../../layout/sign-in-choices';
import { isDemo } from '../../layout/site-mode';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  margin-bottom: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  &:focus {
    outline: none;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * Offered when a signed-out viewer likes: in the demo, sign in as any demo user (development sign-in) or go to
 * the demo index; in production, the host product's sign-in. Signing in comes back to this same page.
 */
export function SignInOffer({ returnTo, onDismiss }: { returnTo: string; onDismiss: () => void }) {
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  const demo = isDemo();

  useEffect(() => panel.current?.focus(), []);

  return (
    <Panel ref={panel} tabIndex={-1} aria-labelledby={titleId}>
      <SectionTitle as="h2" id={titleId}>
        <FormattedMessage id="shell.view.signInToLike" defaultMessage="Sign in to like this content" />
      </SectionTitle>
      <Body>
        {demo ? (
          <FormattedMessage
            id="shell.view.signInExplain"
            defaultMessage="Likes belong to a person. Choose who you are; you will come back to this page."
          />
        ) : (
          <FormattedMessage id="shell.view.signInExplainHost" defaultMessage="Likes belong to a person. Sign in; you will come back to this page." />
        )}
      </Body>
      <SignInChoices returnTo={returnTo} />
      <Row>
        {demo && (
          <a href="/">
            <FormattedMessage id="shell.view.demoIndex" defaultMessage="Go to the demo index" />
          </a>
        )}
        <Button $variant="ghost" onClick={onDismiss}>
          <FormattedMessage id="shell.view.notNow" defaultMessage="Not now" />
        </Button>
      </Row>
    </Panel>
  );
}
