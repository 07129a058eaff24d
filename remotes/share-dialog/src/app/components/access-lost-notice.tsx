import { useIntl } from 'react-intl';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { Button } from '@deck/shared/ui/button/button';
import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { RefusalPanel } from '../../common/notice-box';
import { accessLostBody, dialogMessages as m } from '../messages';

export interface AccessLostNoticeProps {
  kind: 'presentation' | 'design' | 'folder';
  /** Done, where the page has no footer of the dialog's (the folder page brings its own, now gone). */
  onDone?: () => void;
}

/**
 * What the dialog shows once the server says the user's access is gone while it was open (removed, an end date):
 * at once and in place of the controls, as Docs and Figma do, instead of letting the next action fail.
 */
export function AccessLostNotice({ kind, onDone }: AccessLostNoticeProps) {
  const intl = useIntl();
  const title = intl.formatMessage(m.accessLostTitle);
  const body = intl.formatMessage(accessLostBody, { kind });
  return (
    <RefusalPanel as="section" aria-label={title}>
      <Announce message={`${title} ${body}`} />
      <SectionTitle>{title}</SectionTitle>
      <Body>{body}</Body>
      {onDone ? (
        <div>
          <Button onClick={onDone}>{intl.formatMessage(m.done)}</Button>
        </div>
      ) : null}
    </RefusalPanel>
  );
}
