import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { allMessageCodes, messageCodeOf, messageRegistry, withMessageCode } from '../http/message-codes';
import { forbidden } from '../http/errors';
import { MESSAGES, coded } from '../permissions/messages';
import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import { SERVER_MESSAGES } from '@deck/shared/api/server-message-table';
import { clientEnglish, renderServerMessageTable, SERVER_MESSAGE_TABLE_FILE } from '../http/server-message-table';
import { SUPPORTED_LOCALES } from '@deck/shared/intl/supported-locales';

after(closeTestDatabases);

const TRANSLATIONS = path.resolve(__dirname, '../../../shared/src/intl/translations');

describe('every text the server sends has a code the client translates', () => {
  test('every code of the registry has a client message, in every language', () => {
    const codes = allMessageCodes();
    assert.ok(codes.length > 60, 'the registry holds the catalogues');
    const missing = codes.filter((code) => !SERVER_MESSAGES[code]);
    assert.deepEqual(missing, [], 'codes without a client message in shared/src/api/server-message-table.ts');
    for (const locale of SUPPORTED_LOCALES.filter((l) => l !== 'en')) {
      const catalogue = JSON.parse(readFileSync(path.join(TRANSLATIONS, `${locale}.json`), 'utf8')) as Record<string, string>;
      const untranslated = codes.filter((code) => !catalogue[`serverMessage.${code}`]);
      assert.deepEqual(untranslated, [], `${locale}: codes without a translation`);
    }
  });

  test("the client's table is the one the server's registry writes, so an English page reads the same", () => {
    const file = path.resolve(__dirname, '../../..', SERVER_MESSAGE_TABLE_FILE);
    assert.equal(readFileSync(file, 'utf8'), renderServerMessageTable(), `${SERVER_MESSAGE_TABLE_FILE} is stale: run npm run i18n:server-messages`);
    for (const [code, text] of messageRegistry()) assert.equal(SERVER_MESSAGES[code].defaultMessage, clientEnglish(code, text), code);
  });

  test('a text is found by its code, and a template gives back its values', () => {
    assert.deepEqual(messageCodeOf(MESSAGES.linkRevoked), { message_code: 'link_revoked' });
    assert.deepEqual(messageCodeOf('Too many requests. Try again in 42 second(s).'), {
      message_code: 'rate_limited',
      message_values: { seconds: '42' },
    });
    assert.deepEqual(messageCodeOf('body/email must match format "email"', 'VALIDATION_ERROR'), { message_code: 'validation_failed' });
    assert.deepEqual(messageCodeOf('Version 7 does not exist for this document.', 'INVALID_VERSION'), {
      message_code: 'presentation_unknown_version',
      message_values: { version: '7' },
    });
    // A registered text of a validation error gets its own code before the category's general one.
    assert.deepEqual(messageCodeOf('Unknown field(s) in fields: titel. Known fields: oid, title.', 'VALIDATION_ERROR'), {
      message_code: 'fields_unknown',
      message_values: { unknown: 'titel', known: 'oid, title' },
    });
    assert.equal(messageCodeOf('A text nobody registered'), null);
  });

  describe('error bodies and refusal reasons carry the codes', () => {
    let t: TestApp;
    before(async () => {
      t = await createTestApp();
    });
    after(() => t.close());

    test('refusals, validation errors, unknown routes and the CSRF check', async () => {
      const carol = await clientAs(t.app, 'carol');
      const refused = await carol.put(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`, { unified_privacy: 'closed' });
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'NOT_ALLOWED', 'the category stays');
      assert.ok(SERVER_MESSAGES[refused.body.message_code], `translated: ${refused.body.message_code}`);
      assert.equal(messageRegistry().get(refused.body.message_code), refused.body.message);

      const invalid = await carol.put(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`, { unified_privacy: 'nonsense' });
      assert.equal(invalid.status, 400);
      assert.equal(invalid.body.message_code, 'validation_failed');

      const unknown = await carol.get('/api/v4/nowhere');
      assert.equal(unknown.status, 404);
      assert.equal(unknown.body.message_code, 'route_not_found');
      assert.deepEqual(unknown.body.message_values, { method: 'GET', path: '/api/v4/nowhere' });

      const forged = await carol.put(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`, { unified_privacy: 'closed' }, { csrf: 'forged' });
      assert.equal(forged.status, 403);
      assert.equal(forged.body.code, 'CSRF_FAILED');
      assert.equal(forged.body.message_code, 'csrf');

      const anonymous = await clientAs(t.app, null);
      const like = await anonymous.put(`/api/v4/presentation/${D.quarterlyReview}/like/`);
      assert.equal(like.status, 401);
      assert.equal(like.body.message_code, 'like_sign_in');
    });

    test('each refused flag has the code of its reason', async () => {
      const bob = await clientAs(t.app, 'bob');
      const privacy = (await bob.get(`/api/v4/presentation/${D.quarterlyReview}/unified-privacy/`)).body;
      const reasons = Object.entries(privacy.permission_reasons as Record<string, string>);
      assert.ok(reasons.length > 0, 'bob is refused something');
      for (const [key, text] of reasons) {
        const code = privacy.permission_reason_codes[key];
        assert.equal(messageRegistry().get(code), text, key);
      }
    });
  });
});

describe('a refusal carries its code', () => {
  test('a coded text takes its code from its catalogue and key, with the values of its placeholders', () => {
    assert.deepEqual(coded(MESSAGES, 'documentNotFound'), { text: MESSAGES.documentNotFound, message_code: 'document_not_found' });
    const tooFar = coded(LINK_CONTROL_MESSAGES, 'expiryTooFar', { days: '30' });
    assert.equal(tooFar.message_code, 'link_control_expiry_too_far');
    assert.deepEqual(tooFar.message_values, { days: '30' });
    assert.equal(tooFar.text, LINK_CONTROL_MESSAGES.expiryTooFar.replace('{days}', '30'));
  });

  test('the error body takes the code the refusal carries, not one recognised from its English text', () => {
    const refusal = forbidden(coded(MESSAGES, 'noAccess'), 'NOT_ALLOWED');
    // Another text with the same code would still be answered with it: the text is not looked up.
    const body = withMessageCode({ ...refusal.body(), message: 'reworded' }, refusal.messageCode);
    assert.equal(body.message_code, 'no_access');
  });
});
