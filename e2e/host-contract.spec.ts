import { test, expect } from './fixtures';
import { contractVersion, publicTypes, TYPES_FILE } from '../scripts/webpack/publish-types';

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
        // Text a host reads or saves, never sniffed into something else (by extension alone: video/mp2t).
        expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.headers()['x-content-type-options']).toBe('nosniff');
        expect(await response.text()).toBe(publicTypes(remote));
      }
    }
  });

  test("each manifest names the contract's version and the types served beside it", async ({ request }) => {
    for (const remote of REMOTES) {
      const manifest = (await (await request.get(`/remotes/${remote}/mf-manifest.json`)).json()) as {
        metaData: { buildInfo: { buildVersion: string }; types: { name: string; api: string; path: string } };
      };
      expect(manifest.metaData.buildInfo.buildVersion, remote).toBe(contractVersion());
      expect(manifest.metaData.types, remote).toMatchObject({ path: '', name: TYPES_FILE, api: TYPES_FILE });
      // Relative to the manifest, like every file it lists.
      expect((await request.get(`/remotes/${remote}/${manifest.metaData.types.name}`)).status()).toBe(200);
    }
  });
});
