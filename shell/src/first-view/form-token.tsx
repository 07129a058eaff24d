import { createContext, useContext } from 'react';
import { readCsrfToken } from '@deck/shared/api/csrf';
import { LINK_FORM_TOKEN_FIELD } from '@deck/shared/domains/view-links/link-page-forms';

/** The visitor's CSRF token as the server writes it into a page's plain forms (the browser reads its cookie). */
export const FormTokenContext = createContext<string | null>(null);

/** A plain form's CSRF token, for its post without JavaScript (docs/security.md, "Headers and CSRF"). */
export function FormToken() {
  const written = useContext(FormTokenContext);
  return <input type="hidden" name={LINK_FORM_TOKEN_FIELD} value={written ?? readCsrfToken() ?? ''} />;
}
