import { buildBundledHosts } from '../fixtures/hosts/build-hosts';

/**
 * Before any worker starts: the host fixtures' builds (e2e/host-fixtures.spec.ts, e2e/federation.spec.ts) are
 * brought up to date once, here, so two workers never build one into the same folder at the same time. A
 * build whose inputs did not change is kept (fixtures/hosts/build-hosts.ts).
 */
export default async function globalSetup(): Promise<void> {
  await buildBundledHosts();
}
