import { Suspense, useEffect } from 'react';
import { useAppDispatch } from '@deck/shared/store/hooks';
import { collaboratorsActions } from '@deck/shared/domains/collaborators/collaborators-slice';
import { ShareDialog } from './share-dialog';
import { findRootElement } from './utils/root-element';
import { knownModal } from './utils/modal-name';
import { SocialShareModal } from './lazy-pages';
import type { ShareDialogProps } from '../public-types';

/** The remote's root: finds the host's modal root, picks the modal, and hands prefilled values to the add form. */
export function ShareDialogApp(props: ShareDialogProps) {
  const dispatch = useAppDispatch();
  // Checked on every render too: a root removed after mounting fails inside the remote, not the host.
  const container = findRootElement(props.rootElementId);

  useEffect(() => {
    if (props.prefilled) dispatch(collaboratorsActions.prefillReceived(props.prefilled));
  }, [dispatch, props.prefilled]);

  if (knownModal(props.modal) === 'socialShare' && props.documentOid) {
    return (
      <Suspense>
        <SocialShareModal documentOid={props.documentOid} open={props.open} onClose={props.onClose} container={container} />
      </Suspense>
    );
  }
  return <ShareDialog {...props} container={container} />;
}
