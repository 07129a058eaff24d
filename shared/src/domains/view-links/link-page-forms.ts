/**
 * The lock forms of a trackable link's page (/l/<linkId>) as plain form posts, for a browser without JavaScript
 * (docs/architecture.md, "The view page's first view"): each posts to a server route beside the page, which asks
 * the API as the visitor and sends the browser back (303) to the page in its next state. With JavaScript the
 * page's script sends the same fields to the API itself.
 */

/** The steps a form posts, each to the API route of the same name under /api/v1/prezilink/<linkId>/. */
export const LINK_FORM_STEPS = {
  unlock: 'unlock',
  verification: 'verification',
  confirm: 'verification/confirm',
  visits: 'visits',
} as const;

export type LinkFormStep = keyof typeof LINK_FORM_STEPS;

/** The form field that carries the CSRF token (a form post cannot set the X-CSRFToken header). */
export const LINK_FORM_TOKEN_FIELD = 'csrf_token';

/** The link's page. */
export const linkPagePath = (linkId: string) => `/l/${encodeURIComponent(linkId)}`;

/** Where a lock form posts without JavaScript. */
export const linkFormPath = (linkId: string, step: LinkFormStep) => `${linkPagePath(linkId)}/${LINK_FORM_STEPS[step]}`;

/** What the page shows after a form's post: where the code went, and the server's refusal of the last try. */
export interface LinkFormOutcome {
  /** The address a code was sent to: the page asks for the code. */
  sent_to: string | null;
  /** As the API answered it (its status, English text and message code), and the tries left when it counted one. */
  refusal: { status: number; message: string; message_code: string | null; message_values: Record<string, string> | null; attempts_left: number | null } | null;
}

/** The first view's resource key of the outcome, on the page of `linkId`. */
export const linkFormOutcomeKey = (linkId: string) => `link-form/${linkId}`;
