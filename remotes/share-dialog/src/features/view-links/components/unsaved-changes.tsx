import { useIntl } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useCloseGuard } from '../../../common/dialog-context';
import { viewLinksMessages as m } from '../messages';
import { Actions, StatusNote } from './layout';

export interface UnsavedChanges {
  /** Back asks first when something was typed: nothing is lost by a stray click. */
  leave: (discard: () => void) => void;
  /** The question, while it is asked (else null). */
  question: React.ReactNode;
}

/**
 * The unsaved-changes guard of the create and settings screens: Back, Done, Escape and the background ask before
 * a filled-in form is thrown away; asked again while asking, it keeps editing.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const intl = useIntl();
  // What Discard does when the user is asked: go back, or close the dialog.
  const [leaving, setLeaving] = useOpeningState<{ discard: () => void } | null>(null);
  useCloseGuard((proceed) => {
    if (!dirty) return false;
    setLeaving((asking) => (asking ? null : { discard: proceed }));
    return true;
  });
  const question = leaving ? (
    <StatusNote as="div" role="alertdialog" aria-label={intl.formatMessage(m.unsavedTitle)}>
      <Body>{intl.formatMessage(m.unsavedTitle)}</Body>
      <Actions>
        {/* Asked from Done or Escape, focus was elsewhere: the question takes it. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- see above */}
        <Button $variant="secondary" autoFocus onClick={() => setLeaving(null)}>
          {intl.formatMessage(m.keepEditing)}
        </Button>
        <Button $variant="ghost" onClick={leaving.discard}>
          {intl.formatMessage(m.discard)}
        </Button>
      </Actions>
    </StatusNote>
  ) : null;
  return { leave: (discard) => (dirty ? setLeaving({ discard }) : discard()), question };
}
