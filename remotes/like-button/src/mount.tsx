import { FormattedMessage } from 'react-intl';
import { createMount } from '@deck/shared/mount/create-mount';

export interface LikeButtonProps {
  documentOid?: string | null;
}

function LikeButtonApp(props: LikeButtonProps) {
  return (
    <div data-testid="like-button">
      <FormattedMessage id="like-button.first" defaultMessage="like-button {oid}" values={{ oid: props.documentOid ?? '' }} />
    </div>
  );
}

export const mount = createMount<LikeButtonProps>('like-button', LikeButtonApp);
export default mount;
