/** Texts the route sends; their codes are in http/message-codes.ts. */
export const IDENTITY_KEYS_UNAVAILABLE_MESSAGE = "The host product's sign-in keys cannot be reached right now. Try again in a moment.";
