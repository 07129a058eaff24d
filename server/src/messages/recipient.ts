import { SLIDE_TIMES_BATCH_MAX_MS } from '@deck/shared/domains/viewer/slide-engagement';

/** Refusals of the recipient routes that the shared catalogue does not hold. */
export const RECIPIENT_MESSAGES = {
  nameRequired: 'Enter your name to open this presentation.',
  analyticsForbidden: "Only the person who created this link and the document's owner can see its analytics.",
  unknownTimeZone: 'Unknown time zone.',
  visitIdInvalid: 'This open of the link has expired. Reload the page.',
  slideTimesTooLong: `A batch of slide times covers at most ${SLIDE_TIMES_BATCH_MAX_MS / 60_000} minutes.`,
  visitNotRecorded: 'No visit of this link was recorded for this open.',
  downloadForbidden: 'The person who shared this link does not allow downloading it.',
  downloadNeedsIdentification: 'Enter your name on the link’s page before downloading it.',
} as const;
