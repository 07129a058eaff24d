/** Refusals of the access-request routes (403/404 with one of these reasons, nothing written). */
export const ACCESS_REQUEST_MESSAGES = {
  alreadyHasAccess: 'You can already see this document, so there is nothing to request.',
  requestNotFound: 'This access request does not exist or has already been answered.',
  requesterIsOwner: 'The person who asked now owns this document.',
} as const;
