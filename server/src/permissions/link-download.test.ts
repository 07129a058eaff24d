import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
// Registers the catalogues, as the app does, so a refusal carries its code.
import '../http/message-codes';
import { decideLinkDownload } from './link-download';

describe('decideLinkDownload', () => {
  const link = { allow_download: true, is_unlisted: false, viewer_identification: false };

  test('a trackable link whose owner allowed downloads hands out its PDF', () => {
    assert.deepEqual(decideLinkDownload(link, { identified: false }), { value: 'ALLOWED' });
  });

  test('off by its owner, or on the unlisted link (which carries no controls): refused, saying the sharer does not allow it', () => {
    for (const facts of [{ ...link, allow_download: false }, { ...link, is_unlisted: true }]) {
      const decision = decideLinkDownload(facts, { identified: true });
      assert.equal(decision.value, 'NOT_ALLOWED');
      assert.equal(decision.reason?.message_code, 'recipient_download_forbidden');
    }
  });

  test('a link that asks who the visitor is hands it out only once this open was identified', () => {
    const asks = { ...link, viewer_identification: true };
    assert.equal(decideLinkDownload(asks, { identified: false }).reason?.message_code, 'recipient_download_needs_identification');
    assert.deepEqual(decideLinkDownload(asks, { identified: true }), { value: 'ALLOWED' });
  });
});
