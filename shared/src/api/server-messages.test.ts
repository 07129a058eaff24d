import { createIntl } from 'react-intl';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { toApiError } from '@deck/shared/api/errors';
import de from '@deck/shared/intl/translations/de.json';

/**
 * The table of translated server texts is not part of the page's first scripts; it is
 * loaded when a failure with a message code arrives, and the data paths hand the failure on only
 * once it is there, so a refusal shows translated from its first render, never English first.
 * Each test takes fresh modules, so the table starts unloaded in each.
 */
async function freshModules() {
  jest.resetModules();
  return {
    ...(await import('@deck/shared/api/fetch-json')),
    ...(await import('@deck/shared/api/api-call')),
    ...(await import('@deck/shared/api/server-messages')),
  };
}
const german = createIntl({ locale: 'de', defaultLocale: 'en', messages: de, onError: () => {} });
const revoked = { message: 'This link has been deactivated and no longer gives access.', message_code: 'link_revoked' };
const germanRevoked = 'Dieser Link wurde deaktiviert und gewährt keinen Zugriff mehr.';

describe('server texts, translated by code', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('are not loaded before a failure with a code: until then the server text shows and a code counts as unknown', async () => {
    const { failureReason, serverMessageText } = await freshModules();
    const refusal = { status: 403, message: revoked.message, messageCode: revoked.message_code };
    expect(serverMessageText(german, refusal)).toBe(revoked.message);
    expect(failureReason(german, refusal)).toBe(german.formatMessage({ id: 'shared.error.statusText' }, { status: 's403' }));
  });

  it('fetchJson hands on a failure with a code only once its translation can be read', async () => {
    const { failureReason, fetchJson, refusalOf, serverMessageText } = await freshModules();
    restore = createFakeServer({ 'GET /api/v4/link/': { status: 403, body: revoked } }).install();
    const result = await fetchJson({ url: '/api/v4/link/' });
    const refusal = refusalOf(toApiError(result.error));
    expect(serverMessageText(german, refusal)).toBe(germanRevoked);
    expect(failureReason(german, refusal)).toBe(germanRevoked);
  });

  it('RTK Query and the plain calls (csrfBaseQuery) do too, values included', async () => {
    const { ApiCallError, defineCall, plainCall, refusalOf, serverMessageText } = await freshModules();
    restore = createFakeServer({
      'GET /api/v4/busy/': { status: 429, body: { message: 'Too many requests. Try again in 42 second(s).', message_code: 'rate_limited', message_values: { seconds: '42' } } },
    }).install();
    const busy = plainCall(defineCall({ request: () => ({ url: '/api/v4/busy/' }) }));
    const failure = await busy(undefined).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiCallError);
    const refusal = refusalOf((failure as InstanceType<typeof ApiCallError>).apiError);
    expect(serverMessageText(german, refusal)).toBe('Zu viele Anfragen. Versuchen Sie es in 42 Sekunde(n) erneut.');
  });

  it('a code this client does not know still shows the server text', async () => {
    const { fetchJson, refusalOf, serverMessageText } = await freshModules();
    restore = createFakeServer({ 'GET /api/v4/new/': { status: 403, body: { message: 'A newer refusal', message_code: 'from_a_newer_server' } } }).install();
    const result = await fetchJson({ url: '/api/v4/new/' });
    expect(serverMessageText(german, refusalOf(toApiError(result.error)))).toBe('A newer refusal');
  });
});
