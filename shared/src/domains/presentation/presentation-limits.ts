/**
 * Bounds of the Presentation API's list and lookup calls (docs/api.md), shared by the server that enforces them and
 * the clients that page through them.
 */

/** Related documents per page (GET …/relation/{parent|child}/?limit=); 50 when not asked. */
export const RELATION_PAGE_DEFAULT = 50;
export const RELATION_PAGE_MAX = 100;
/** A document has at most this many parents, and at most this many children. */
export const RELATIONS_MAX = 1000;
/** Documents one GET /presentation/permissions-for-user/?oids= asks about. */
export const PERMISSIONS_LOOKUP_MAX = 50;
