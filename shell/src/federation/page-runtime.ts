import { init as initFederation, loadRemote, registerRemotes, getInstance } from '@module-federation/runtime';
import injectExternalRuntimeCorePlugin from '@module-federation/inject-external-runtime-core-plugin';
import { releaseIntegrityPlugin } from './release-integrity';
// The webpack bundler runtime too, which our remotes then do not fetch each.
import './bundler-runtime-provider';

/**
 * The federation runtime for a page with no bundler of its own, served beside the remotes as
 * `/remotes/federation-runtime/federation-runtime.js` (an ES module). Our remotes are built to use
 * the page's runtime instead of carrying one each; `injectExternalRuntimeCorePlugin` is what hands it
 * to them (without it a remote fails with "reading 'setGlobalFederationConstructor'", RUNTIME-001),
 * and 'loaded-first' keeps one provider per shared module, as every one of our builds does. The page
 * gets the bundler runtime the remotes run on as well (shell/src/federation/bundler-runtime-handoff.ts), and every
 * file of a release is checked against its index's integrity hashes before it runs (./release-integrity.ts).
 */
type InitOptions = Parameters<typeof initFederation>[0];

export function init(options: InitOptions) {
  return initFederation({
    shareStrategy: 'loaded-first',
    ...options,
    plugins: [injectExternalRuntimeCorePlugin(), releaseIntegrityPlugin(), ...(options.plugins ?? [])],
  });
}

export { loadRemote, registerRemotes, getInstance };
