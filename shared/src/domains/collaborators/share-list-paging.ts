/**
 * Paging of the share list (`GET /api/v1/share/{oid}/permissions/`, docs/api.md): the limits the server
 * enforces and the dialog's page size, defined once for both.
 */

/** The most collaborator rows one page may ask for (`limit`). */
export const SHARE_LIST_PAGE_MAX = 500;

/** The most collaborator rows an answer without `limit` carries; a longer list says where to go on (`next_cursor`). */
export const SHARE_LIST_UNPAGED_MAX = 10_000;

/** The rows the share dialog asks for per page: a few screens of its 45 px rows. */
export const SHARE_LIST_PAGE_SIZE = 200;

/** The longest search text (an e-mail address at most). */
export const SHARE_LIST_SEARCH_MAX_LENGTH = 254;

/** A cursor: `<0|1>.<row id>` (accepted or pending, then the row's id), opaque to clients. */
export const SHARE_LIST_CURSOR_PATTERN = '^[01]\\.[1-9][0-9]{0,14}$';
