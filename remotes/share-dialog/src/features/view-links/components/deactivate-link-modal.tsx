import { useIntl } from 'react-intl';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import type { ViewLink } from '@deck/shared/api/contract';
import { useDeactivateViewLinkMutation } from '@deck/shared/domains/view-links/view-links-api';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { ConfirmModal } from '../../../common/confirm-modal';
import { trackViewLinkDeactivated } from '../analytics';
import { viewLinksMessages as m } from '../messages';
import { EndActions } from './layout';
import { saveErrorText } from './save-error';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useDocumentKind } from '../../../common/dialog-context';

export interface DeactivateLinkModalProps {
  documentOid: string;
  link: ViewLink;
  /** 'Deactivate link and delete data' when true. */
  deleteData: boolean;
  onCancel: () => void;
  onDeactivated: (link: ViewLink) => void;
}

/**
 * Spec §2/§4: deactivating asks first (a 500 px modal over the dialog). Cancel comes first and takes
 * focus, so Enter or a hasty click never deactivates; Escape and the background cancel.
 */
export function DeactivateLinkModal({ documentOid, link, deleteData, onCancel, onDeactivated }: DeactivateLinkModalProps) {
  const intl = useIntl();
  const documentKind = useDocumentKind();
  const [deactivate, { isLoading }] = useDeactivateViewLinkMutation();
  const reportFailure = useReportFailure();
  const [failure, setFailure] = useOpeningState<string | null>(null);
  const title = intl.formatMessage(m.confirmTitle, { name: link.name });
  const action = intl.formatMessage(deleteData ? m.deactivateAndDelete : m.deactivate);

  const confirm = async () => {
    setFailure(null);
    try {
      await deactivate({ documentOid, linkId: link.link_id, deleteData }).unwrap();
      trackViewLinkDeactivated(documentOid, link.link_id, deleteData);
      onDeactivated(link);
    } catch (error) {
      reportFailure.write(error);
      setFailure(saveErrorText(intl, m.deactivateFailed, error));
    }
  };

  return (
    <ConfirmModal
      title={title}
      onClose={() => {
        if (!isLoading) onCancel();
      }}
    >
      <Body>{intl.formatMessage(m.confirmBody, { kind: documentKind })}</Body>
      <Body>{intl.formatMessage(deleteData ? m.confirmDeletesData : m.confirmKeepsData)}</Body>
      <ErrorMessage message={failure} />
      <EndActions>
        <Button $variant="secondary" onClick={onCancel} disabled={isLoading}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button $variant="danger" onClick={confirm} disabled={isLoading}>
          {action}
        </Button>
      </EndActions>
    </ConfirmModal>
  );
}
