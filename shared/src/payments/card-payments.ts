import { getRuntimeConfig } from '@deck/shared/config/runtime-config';

/**
 * The card payment provider's script (spec §7): loaded from its content network when a payment starts,
 * initialised with the public key the page carries. A provider is reached through a small adapter
 * interface so the product never depends on one vendor's global: the script defines `globalName` as a
 * function of the public key that returns a `CardPayments`.
 */
export interface CardPaymentRequest {
  plan: string;
  paywallKey?: string;
}

export interface CardPaymentResult {
  status: 'succeeded' | 'cancelled';
  paymentId?: string;
}

export interface CardPayments {
  confirmPayment(request: CardPaymentRequest): Promise<CardPaymentResult>;
}

export type CardPaymentsFactory = (publicKey: string) => CardPayments;

export interface CardPaymentsSettings {
  scriptUrl: string;
  globalName: string;
}

/** The page names the provider's public key in `<meta name="card-payments-key" content="…">`. */
export const PUBLIC_KEY_META = 'card-payments-key';

export type CardPaymentsErrorCode = 'failed_to_load' | 'not_available';

/** The spec's two payment-script errors ('Failed to load', 'not available'), with a code callers can translate. */
export class CardPaymentsError extends Error {
  constructor(
    readonly code: CardPaymentsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CardPaymentsError';
  }
}

const loading = new Map<string, Promise<void>>();

function injectScript(url: string, doc: Document): Promise<void> {
  let pending = loading.get(url);
  if (pending) return pending;
  pending = new Promise<void>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.cardPayments = '';
    script.addEventListener('load', () => resolve());
    script.addEventListener('error', () => {
      // Forget the failed attempt so a retry injects the script again.
      script.remove();
      loading.delete(url);
      reject(new CardPaymentsError('failed_to_load', `Failed to load the card payment script ${url}`));
    });
    doc.head.appendChild(script);
  });
  loading.set(url, pending);
  return pending;
}

function publicKeyOf(doc: Document): string | null {
  return doc.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_KEY_META}"]`)?.content.trim() || null;
}

/**
 * Loads the provider (once per page) and initialises it with the page's public key.
 * Rejects with `CardPaymentsError`: 'failed_to_load' when the script cannot be fetched, 'not_available'
 * when payments are not configured, the page has no key, or the script did not define the provider.
 */
export async function loadCardPayments(
  settings: CardPaymentsSettings | undefined = getRuntimeConfig().cardPayments,
  doc: Document = document,
): Promise<CardPayments> {
  if (!settings) throw new CardPaymentsError('not_available', 'Card payments are not available: no provider is configured');
  const publicKey = publicKeyOf(doc);
  if (!publicKey) throw new CardPaymentsError('not_available', 'Card payments are not available: the page has no public key');
  await injectScript(settings.scriptUrl, doc);
  const factory = (doc.defaultView as unknown as Record<string, unknown> | null)?.[settings.globalName];
  if (typeof factory !== 'function') {
    throw new CardPaymentsError('not_available', `Card payments are not available: the script did not define ${settings.globalName}`);
  }
  return (factory as CardPaymentsFactory)(publicKey);
}
