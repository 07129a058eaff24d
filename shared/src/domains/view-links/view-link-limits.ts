/** Spec §5 and §9: a link title holds at most 80 characters (the dialog cuts, the server refuses longer). */
export const LINK_TITLE_MAX_LENGTH = 80;

/** Spec §9: the view links one user may have live where limits apply (VIEW_LINK_LIMIT). */
export const VIEW_LINK_LIMIT = 1;
