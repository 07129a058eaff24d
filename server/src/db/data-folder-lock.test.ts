import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { isRunning } from './data-folder-lock';

test('a lock names a process: this one is running, a thread of it (whose id answers kill(id, 0) too) is not a process', async () => {
  assert.equal(isRunning(process.pid), true);
  // A worker thread of our own guarantees a thread id that is not a process id.
  const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
  await new Promise((resolve) => worker.once('online', resolve));
  try {
    const threads = readdirSync('/proc/self/task').map(Number).filter((id) => id !== process.pid);
    assert.ok(threads.length > 0, 'the process has threads besides its main one');
    for (const id of threads) assert.equal(isRunning(id), false, `thread ${id} is not taken for a process`);
  } finally {
    await worker.terminate();
  }
});
