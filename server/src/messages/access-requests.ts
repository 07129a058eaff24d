/** Refusals of the access-request routes (403/404 with one of these reasons, nothing written). */
export const ACCESS_REQUEST_MESSAGES = {
  alreadyHasAccess: 'You can already see this document, so there is nothing to request.',
  requestNotFound: 'This access request does not exist or has already been answered.',
  requesterIsOwner: 'The person who asked now owns this document.',
  unverifiedAddress:
    'Your e-mail address has not been verified by the product you signed in with, so this account cannot ask for access in its name. Verify your address there, then sign in again.',
} as const;
