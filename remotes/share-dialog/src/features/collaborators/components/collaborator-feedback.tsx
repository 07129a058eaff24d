import { useIntl } from 'react-intl';
import { useAnnounce } from '@deck/shared/ui/live-region/use-announce';
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
  let text: string | null = null;
  if (feedback?.kind === 'invited') text = intl.formatMessage(feedback.notified ? m.invited : m.invitedQuietly, { email: feedback.email });
  else if (feedback)
    text =
      refusalReason(intl, feedback) ??
      `${intl.formatMessage(m.changeFailed)} ${intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' })}`;
  // Said in the page's live region, which exists before the text arrives (errors too).
  useAnnounce(text);
  if (!feedback) return null;
  const isError = feedback.kind === 'error';
  return (
    <NoticeBox $tone={isError ? 'error' : 'success'}>
      <NoticeText>{text}</NoticeText>
      <Button $variant="ghost" onClick={() => dispatch(collaboratorsActions.feedbackDismissed())}>
        {intl.formatMessage(m.dismiss)}
      </Button>
    </NoticeBox>
  );
}
