import { useEffect } from 'react';
import { defineMessage, useIntl, type IntlShape } from 'react-intl';

const pageTitle = defineMessage<{ page: string }>({ id: 'shell.pageTitle', defaultMessage: '{page} – Deck' });

/** The tab's title for a page; the server writes the same into a page's first view. */
export const pageTitleText = (intl: IntlShape, page: string) => intl.formatMessage(pageTitle, { page });

/** Says where the user is in the browser tab and to screen readers on page load. */
export function usePageTitle(page: string | undefined) {
  const intl = useIntl();
  useEffect(() => {
    if (page) document.title = pageTitleText(intl, page);
  }, [intl, page]);
}
