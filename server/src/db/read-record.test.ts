import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { noteFromMemory, noteNotFromMemory, recordReads } from './read-record';

/** Reads made deep in a call's promises, as the read cache and the database note them. */
async function readsAfter(ms: number, tag: string, fromMemory: boolean): Promise<string> {
  await sleep(ms);
  await Promise.resolve();
  if (fromMemory) noteFromMemory([tag], Date.now() + 60_000);
  else noteNotFromMemory();
  return tag;
}

test('each recording holds the reads of its own calls, however deep, while recordings overlap', async () => {
  const [first, second] = await Promise.all([
    recordReads(async () => [await readsAfter(5, 'a', true), await readsAfter(1, 'b', true)]),
    recordReads(async () => readsAfter(2, 'c', false)),
  ]);
  assert.deepEqual(first.value, ['a', 'b']);
  assert.deepEqual([...first.record.tags].sort(), ['a', 'b']);
  assert.equal(first.record.fromMemoryOnly, true);
  assert.deepEqual([...second.record.tags], []);
  assert.equal(second.record.fromMemoryOnly, false);
});

test('the storage is off once no recording is in flight, and on again for the next (its promise hooks cost every request)', async () => {
  const disable = AsyncLocalStorage.prototype.disable;
  let disabled = 0;
  AsyncLocalStorage.prototype.disable = function (this: AsyncLocalStorage<unknown>) {
    disabled += 1;
    return disable.call(this);
  };
  try {
    const slow = recordReads(() => readsAfter(10, 'slow', true));
    await recordReads(() => readsAfter(1, 'quick', true));
    assert.equal(disabled, 0, 'not while another recording is in flight');
    await slow;
    assert.equal(disabled, 1);
    const again = await recordReads(() => readsAfter(1, 'again', true));
    assert.deepEqual([...again.record.tags], ['again'], 'a later recording records again');
    assert.equal(disabled, 2);
  } finally {
    AsyncLocalStorage.prototype.disable = disable;
  }
});
