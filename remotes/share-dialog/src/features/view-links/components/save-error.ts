import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { SerializedError } from '@reduxjs/toolkit';
import type { IntlShape, MessageDescriptor } from 'react-intl';
import { toApiError } from '@deck/shared/api/errors';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';

/**
 * What a failed save says: what did not happen, then the server's own reason for a refusal (4xx,
 * e.g. the limit or a team switch-off) translated by its code, else 'Please try again later.'.
 */
export function saveErrorText(intl: IntlShape, what: MessageDescriptor, error: unknown): string {
  const apiError = toApiError(error as FetchBaseQueryError | SerializedError);
  const reason =
    refusalReason(intl, refusalOf(apiError)) ?? intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' });
  return `${intl.formatMessage(what)} ${reason}`;
}
