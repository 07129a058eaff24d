import { linkFormPath } from '@deck/shared/domains/view-links/link-page-forms';
import { FormToken } from '../../../first-view/form-token';
import { LINK_OPEN_ATTRIBUTE } from '../../../first-view/take-over-on-intent';

/**
 * The open of a link that asks nothing, as a hidden form the page's entry script posts once the page is painted
 * (shell/src/first-view/link-open.ts): the open's id and the visitor's CSRF token. Nothing submits it otherwise.
 */
export function LinkOpenForm({ linkId, openId }: { linkId: string; openId: string }) {
  return (
    <form hidden method="post" action={linkFormPath(linkId, 'visits')} {...{ [LINK_OPEN_ATTRIBUTE]: openId }}>
      <FormToken />
      <input type="hidden" name="open_id" value={openId} />
    </form>
  );
}
