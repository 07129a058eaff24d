import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { announce } from '@deck/shared/ui/live-region/live-region';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Button } from '@deck/shared/ui/button/button';
import { collaboratorsMessages as m } from '../messages';
import { refusalReason } from '@deck/shared/api/server-messages';

const Box = styled.div<{ $error: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme, $error }) => ($error ? theme.colors.danger : theme.colors.success)};
  background: ${({ theme, $error }) => ($error ? theme.colors.dangerSoft : theme.colors.surfaceMuted)};
`;

/** An address has no place to break, and a long one must wrap inside the dialog, not widen it. */
const Text = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

/**
 * The outcome of the last add or change. A refusal shows the server's own message when it sent one
 * (403 with the reason, 429 with when to try again), translated by its code; otherwise the generic error.
 */
export function CollaboratorFeedback() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const feedback = useAppSelector(collaboratorsSelectors.selectFeedback);
  const invitedText = feedback?.kind === 'invited' ? intl.formatMessage(m.invited, { email: feedback.email }) : null;
  // Said in the page's live region, which exists before the text arrives (issue 14 item 7).
  useEffect(() => {
    if (invitedText) announce(invitedText);
  }, [invitedText]);
  if (!feedback) return null;
  const isError = feedback.kind === 'error';
  let text: string;
  if (feedback.kind === 'invited') text = invitedText ?? '';
  else
    text =
      refusalReason(intl, feedback) ??
      `${intl.formatMessage(m.changeFailed)} ${intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' })}`;
  return (
    <Box $error={isError} role={isError ? 'alert' : undefined}>
      <Text>{text}</Text>
      <Button $variant="ghost" onClick={() => dispatch(collaboratorsActions.feedbackDismissed())}>
        {intl.formatMessage(m.dismiss)}
      </Button>
    </Box>
  );
}
