import { useEffect } from 'react';
import { defineMessage, useIntl } from 'react-intl';

const pageTitle = defineMessage<{ page: string }>({ id: 'shell.pageTitle', defaultMessage: '{page} – Deck' });

/** Says where the user is in the browser tab and to screen readers on page load. */
export function usePageTitle(page: string | undefined) {
  const intl = useIntl();
  useEffect(() => {
    if (page) document.title = intl.formatMessage(pageTitle, { page });
  }, [intl, page]);
}
