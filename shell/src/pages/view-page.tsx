import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Heading } from '@deck/shared/ui/text/text';
import { useGetPageDocumentQuery } from '../api/shell-api';
import { RemoteSlot } from '../federation/remote-slot';
import { signInUrl } from '../routing/routes';
import { LoadFailure } from './load-failure';

const Stage = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Bar = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => `${theme.space.lg} 0`};
`;

const SignInPrompt = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
`;

/** The public view page: the viewer overlay on the stage and the like button below it. */
export function ViewPage({ oid }: { oid: string }) {
  const { data: document, error, refetch } = useGetPageDocumentQuery(oid);
  const [signInAsked, setSignInAsked] = useState(false);
  const onLoggedOutLike = useCallback(() => setSignInAsked(true), []);
  const likeProps = useMemo(() => ({ documentOid: oid, onLoggedOutLike }), [oid, onLoggedOutLike]);
  const overlayProps = useMemo(() => ({ documentOid: oid }), [oid]);

  if (error) return <LoadFailure onRetry={refetch} />;
  return (
    <>
      <Heading>{document?.title}</Heading>
      <Bar>
        <span />
        <RemoteSlot remote="like-button" props={likeProps} />
      </Bar>
      {signInAsked ? (
        <SignInPrompt role="status">
          <FormattedMessage id="shell.view.signInToLike" defaultMessage="Sign in to like this content." />
          <Button as="a" href={signInUrl('dave', window.location.pathname)}>
            <FormattedMessage id="shell.view.signIn" defaultMessage="Sign in" />
          </Button>
        </SignInPrompt>
      ) : null}
      <Stage>
        <RemoteSlot remote="viewer-overlay" props={overlayProps} />
      </Stage>
    </>
  );
}
