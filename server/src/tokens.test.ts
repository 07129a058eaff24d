import { test } from 'node:test';
import assert from 'node:assert/strict';
import { newViewLinkId, randomToken } from './tokens';

test('tokens: the length asked for, base64url, never the same twice, across the blocks they are drawn from', () => {
  const seen = new Set<string>();
  // Past several 4 KB blocks, with sizes that do not divide them.
  for (let i = 0; i < 3000; i += 1) {
    const bytes = [16, 24, 32, 18][i % 4];
    const token = randomToken(bytes);
    assert.equal(Buffer.from(token, 'base64url').length, bytes);
    assert.match(token, /^[A-Za-z0-9_-]+$/);
    assert.ok(!seen.has(token), `token ${i} was handed out before`);
    seen.add(token);
  }
  assert.equal(randomToken().length, 22);
  assert.equal(newViewLinkId().length, 24);
  assert.equal(Buffer.from(randomToken(10_000), 'base64url').length, 10_000, 'larger than a block');
});

test('tokens: the bytes are not all alike (each bit position varies across tokens)', () => {
  let ones = 0;
  let zeros = 0;
  for (let i = 0; i < 512; i += 1) {
    const byte = Buffer.from(randomToken(16), 'base64url')[i % 16];
    ones |= byte;
    zeros |= ~byte & 0xff;
  }
  assert.equal(ones, 0xff);
  assert.equal(zeros, 0xff);
});
