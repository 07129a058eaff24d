import { CardPaymentsError, loadCardPayments, PUBLIC_KEY_META } from './card-payments';

const settings = (scriptUrl: string) => ({ scriptUrl, globalName: 'TestCardPayments' });

function addKey(key: string) {
  const meta = document.createElement('meta');
  meta.name = PUBLIC_KEY_META;
  meta.content = key;
  document.head.appendChild(meta);
}

/** Answers the injected script: runs `define` and fires load, or fires error. */
function answerScript(url: string, outcome: 'load' | 'error', define?: () => void) {
  const script = document.head.querySelector<HTMLScriptElement>(`script[src="${url}"]`);
  if (!script) throw new Error(`no script ${url}`);
  define?.();
  script.dispatchEvent(new Event(outcome));
}

describe('loadCardPayments', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete (window as unknown as Record<string, unknown>).TestCardPayments;
  });

  it('injects the script once and initialises the provider with the public key from the page', async () => {
    addKey('pk_test_123');
    const factory = jest.fn((key: string) => ({ confirmPayment: jest.fn(async () => ({ status: 'succeeded' as const, paymentId: key })) }));
    const first = loadCardPayments(settings('https://cdn.example/pay.js'));
    const second = loadCardPayments(settings('https://cdn.example/pay.js'));
    await Promise.resolve();
    expect(document.head.querySelectorAll('script[src="https://cdn.example/pay.js"]')).toHaveLength(1);
    answerScript('https://cdn.example/pay.js', 'load', () => Object.assign(window, { TestCardPayments: factory }));
    const payments = await first;
    await second;
    expect(factory).toHaveBeenCalledWith('pk_test_123');
    await expect(payments.confirmPayment({ plan: 'pro' })).resolves.toEqual({ status: 'succeeded', paymentId: 'pk_test_123' });
  });

  it("rejects with 'Failed to load' when the script cannot be fetched, and tries again on the next call", async () => {
    addKey('pk_test_123');
    const attempt = loadCardPayments(settings('https://cdn.example/missing.js'));
    await Promise.resolve();
    answerScript('https://cdn.example/missing.js', 'error');
    await expect(attempt).rejects.toEqual(expect.objectContaining({ code: 'failed_to_load', message: expect.stringContaining('Failed to load') }));
    expect(document.head.querySelector('script[src="https://cdn.example/missing.js"]')).toBeNull();
    void loadCardPayments(settings('https://cdn.example/missing.js')).catch(() => undefined);
    await Promise.resolve();
    expect(document.head.querySelectorAll('script[src="https://cdn.example/missing.js"]')).toHaveLength(1);
  });

  it("rejects with 'not available' when the script defines no provider, the page has no key, or nothing is configured", async () => {
    addKey('pk_test_123');
    const attempt = loadCardPayments(settings('https://cdn.example/empty.js'));
    await Promise.resolve();
    answerScript('https://cdn.example/empty.js', 'load');
    await expect(attempt).rejects.toEqual(expect.objectContaining({ code: 'not_available', message: expect.stringContaining('not available') }));

    document.head.innerHTML = '';
    await expect(loadCardPayments(settings('https://cdn.example/other.js'))).rejects.toBeInstanceOf(CardPaymentsError);
    await expect(loadCardPayments(undefined)).rejects.toEqual(expect.objectContaining({ code: 'not_available' }));
  });
});
