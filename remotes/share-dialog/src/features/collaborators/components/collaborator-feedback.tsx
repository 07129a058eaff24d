import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Button } from '@deck/shared/ui/button/button';
import { NoticeBox, NoticeText } from '../../../common/notice-box';
import { collaboratorsMessages as m } from '../messages';
import { refusalReason } from '@deck/shared/api/server-messages';

/**
 * The outcome of the last add or change. A refusal shows the server's own message when it sent one
 * (403 with the reason, 429 with when to try again), translated by its code; otherwise the generic error.
 */
export function CollaboratorFeedback() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const feedback = useAppSelector(collaboratorsSelectors.selectFeedback);
  const invitedText =
    feedback?.kind === 'invited' ? intl.formatMessage(feedback.notified ? m.invited : m.invitedQuietly, { email: feedback.email }) : null;
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
    <NoticeBox $tone={isError ? 'error' : 'success'} role={isError ? 'alert' : undefined}>
      <NoticeText>{text}</NoticeText>
      <Button $variant="ghost" onClick={() => dispatch(collaboratorsActions.feedbackDismissed())}>
        {intl.formatMessage(m.dismiss)}
      </Button>
    </NoticeBox>
  );
}
