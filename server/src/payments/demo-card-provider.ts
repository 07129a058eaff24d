import { DEMO_CARD_PROVIDER_GLOBAL } from '../config';

/**
 * The demo's stand-in for a card payment provider's script (served at /dev/card-payments.js in the demo
 * only; never a real provider). It defines the adapter the client's loader expects: a function of the
 * public key returning `{ confirmPayment }`, which "succeeds" after a short pause without charging anyone.
 */
export const DEMO_CARD_PROVIDER_SCRIPT = `(function () {
  'use strict';
  window.${DEMO_CARD_PROVIDER_GLOBAL} = function (publicKey) {
    if (typeof publicKey !== 'string' || publicKey.indexOf('pk_') !== 0) throw new Error('Invalid public key');
    return {
      confirmPayment: function (request) {
        return new Promise(function (resolve) {
          setTimeout(function () {
            resolve({ status: 'succeeded', paymentId: 'demo_' + Date.now().toString(36) + '_' + String(request && request.plan) });
          }, 150);
        });
      },
    };
  };
})();
`;
