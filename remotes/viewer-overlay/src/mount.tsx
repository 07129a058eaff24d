import { FormattedMessage } from 'react-intl';
import { createMount } from '@deck/shared/mount/create-mount';

export interface ViewerOverlayProps {
  documentOid?: string | null;
}

function ViewerOverlayApp(props: ViewerOverlayProps) {
  return (
    <div data-testid="viewer-overlay">
      <FormattedMessage id="viewer-overlay.first" defaultMessage="viewer-overlay {oid}" values={{ oid: props.documentOid ?? '' }} />
    </div>
  );
}

export const mount = createMount<ViewerOverlayProps>('viewer-overlay', ViewerOverlayApp);
export default mount;
