import { test, expect } from './fixtures';
import { publicTypes } from '../scripts/webpack/publish-types';

/**
 * The published types of the mount contract (docs/integrating-a-remote.md, *Types*): what the product
 * serves is what the build generated (the TypeScript host fixture compiles against it in
 * scripts/webpack/publish-types.test.ts). The contract itself — handles, controllers, settings, events
 * and every MountPropError — is driven in the host fixtures' pages, e2e/host-fixtures.spec.ts.
 */

const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'] as const;
/** The second origin of playwright.config.ts (E2E_PORT + 1). */
const SECOND_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 1}`;

test.describe('host contract', () => {
  test('each remote serves its types beside its manifest, from either origin, as the build generated them', async ({ request }) => {
    for (const remote of REMOTES) {
      for (const origin of ['', SECOND_ORIGIN]) {
        const response = await request.get(`${origin}/remotes/${remote}/types.d.ts`);
        expect(response.status(), `${origin}/remotes/${remote}/types.d.ts`).toBe(200);
        expect(response.headers()['access-control-allow-origin']).toBe('*');
        expect(await response.text()).toBe(publicTypes(remote));
      }
    }
  });
});
