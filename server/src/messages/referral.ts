/** Texts the route sends; their codes are in http/message-codes.ts. */
export const MESSAGES_REFERRAL_LIMIT = 'You can have referral links for at most {max} campaigns.';
