/**
 * Ends the current task so the browser can paint and answer input before the rest of the take-over runs
 * (docs/architecture.md, "The view page's first view": no task over 50 ms). `scheduler.yield()` resumes ahead of
 * other queued tasks where the browser has it; elsewhere a message to a MessageChannel, which, unlike
 * `setTimeout(0)`, is not clamped to 4 ms once nested.
 */
export function yieldToMain(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
