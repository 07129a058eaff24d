import { registerCatalogue } from '../permissions/messages';
import { MESSAGES_REFERRAL_LIMIT } from './referral';

/**
 * Refusals of the request's shape and of the framework's edges, thrown with their codes like every other refusal
 * (permissions/messages.ts, coded). The keys are the codes themselves.
 */
export const SERVER_TEXTS = {
  not_allowed: 'Not allowed',
  tag_length: 'Each tag must be 1 to {max} characters long (after trimming).',
  invalid_json: 'Body is not valid JSON',
  unknown_ordering: 'Unknown ordering "{ordering}". Use one of: {orderings}.',
  mine_and_shared: 'mine and shared cannot both be true.',
  referral_campaign_limit: MESSAGES_REFERRAL_LIMIT,
} as const;

registerCatalogue('', SERVER_TEXTS);
