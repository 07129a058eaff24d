import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { createIntl } from 'react-intl';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { fetchJson } from '@deck/shared/api/fetch-json';
import { csrfBaseQuery } from '@deck/shared/api/base-query';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf, serverMessageText } from '@deck/shared/api/server-messages';
import de from '@deck/shared/intl/translations/de.json';

/**
 * Issue 10: the table of translated server texts is not part of the page's first scripts; it is
 * loaded when a failure with a message code arrives, and the data paths hand the failure on only
 * once it is there, so a refusal shows translated from its first render, never English first.
 * Each test file has its own module registry, so the table starts unloaded here.
 */
const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de as Record<string, string>, onError: () => {} });
const revoked = { message: 'This link has been deactivated and no longer gives access.', message_code: 'link_revoked' };
const germanRevoked = 'Dieser Link wurde deaktiviert und gewährt keinen Zugriff mehr.';

function queryApi(): BaseQueryApi {
  return {
    signal: new AbortController().signal,
    abort: () => undefined,
    dispatch: (() => undefined) as never,
    getState: () => ({}),
    extra: undefined,
    endpoint: 'getLink',
    type: 'query',
  };
}

describe('server texts, translated by code', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('are not loaded before a failure with a code: until then the server text shows and a code counts as unknown', () => {
    const refusal = { status: 403, message: revoked.message, messageCode: revoked.message_code };
    expect(serverMessageText(german, refusal)).toBe(revoked.message);
    expect(failureReason(german, refusal)).toBe(german.formatMessage({ id: 'shared.error.statusText' }, { status: 's403' }));
  });

  it('fetchJson hands on a failure with a code only once its translation can be read', async () => {
    restore = createFakeServer({ 'GET /api/v4/link/': { status: 403, body: revoked } }).install();
    const result = await fetchJson({ url: '/api/v4/link/' });
    const refusal = refusalOf(toApiError(result.error));
    expect(serverMessageText(german, refusal)).toBe(germanRevoked);
    expect(failureReason(german, refusal)).toBe(germanRevoked);
  });

  it('RTK Query and the plain calls (csrfBaseQuery) do too, values included', async () => {
    restore = createFakeServer({
      'GET /api/v4/busy/': { status: 429, body: { message: 'Too many requests. Try again in 42 second(s).', message_code: 'rate_limited', message_values: { seconds: '42' } } },
    }).install();
    const result = await csrfBaseQuery('/api/v4/busy/', queryApi(), {});
    expect(serverMessageText(german, refusalOf(toApiError(result.error)))).toBe('Zu viele Anfragen. Versuchen Sie es in 42 Sekunde(n) erneut.');
  });

  it('a code this client does not know still shows the server text', async () => {
    restore = createFakeServer({ 'GET /api/v4/new/': { status: 403, body: { message: 'A newer refusal', message_code: 'from_a_newer_server' } } }).install();
    const result = await fetchJson({ url: '/api/v4/new/' });
    expect(serverMessageText(german, refusalOf(toApiError(result.error)))).toBe('A newer refusal');
  });
});
