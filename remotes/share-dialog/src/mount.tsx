import { FormattedMessage } from 'react-intl';
import { createMount } from '@deck/shared/mount/create-mount';

export interface ShareDialogProps {
  documentOid?: string | null;
}

function ShareDialogApp(props: ShareDialogProps) {
  return (
    <div data-testid="share-dialog">
      <FormattedMessage id="share-dialog.first" defaultMessage="share-dialog {oid}" values={{ oid: props.documentOid ?? '' }} />
    </div>
  );
}

export const mount = createMount<ShareDialogProps>('share-dialog', ShareDialogApp);
export default mount;
