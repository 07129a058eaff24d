import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTransport, mailSettingsFromEnv } from '../mail/transport';
import { StartupError } from '../production';

test('production needs SMTP_URL, or MAIL_DISABLED=1 said out loud; it never falls back to the demo mailbox that marks e-mails sent', () => {
  assert.throws(() => mailSettingsFromEnv({}, true), (err: unknown) => err instanceof StartupError && /^SMTP_URL is required when DECK_PRODUCTION=1 .*MAIL_DISABLED=1/.test(err.message));
  const off = mailSettingsFromEnv({ MAIL_DISABLED: '1' }, true);
  assert.deepEqual(off, { kind: 'off' });
  assert.equal(createTransport(off), null, 'no sender: e-mails wait in the outbox, unsent');
  assert.deepEqual(mailSettingsFromEnv({ SMTP_URL: 'smtps://u:p@mail.example.com:465', MAIL_FROM: 'Deck <deck@example.com>' }, true), {
    kind: 'smtp',
    url: 'smtps://u:p@mail.example.com:465',
    from: 'Deck <deck@example.com>',
  });
  // The demo keeps its mailbox (/dev/mail).
  assert.deepEqual(mailSettingsFromEnv({}, false), { kind: 'embedded' });
  for (const [env, message] of [
    [{ SMTP_URL: 'mail.example.com' }, /^SMTP_URL is not a URL/],
    [{ SMTP_URL: 'https://mail.example.com' }, /^SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    [{ SMTP_URL: 'smtp://mail.example.com', MAIL_DISABLED: '1' }, /both set/],
    [{ MAIL_DISABLED: 'yes' }, /^MAIL_DISABLED="yes" is not understood/],
  ] as const) {
    assert.throws(() => mailSettingsFromEnv(env, true), (err: unknown) => err instanceof StartupError && message.test(err.message), JSON.stringify(env));
  }
});
