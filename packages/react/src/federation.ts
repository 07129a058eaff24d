import * as React from 'react';
import * as JsxRuntime from 'react/jsx-runtime';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import { init, loadRemote } from '../../../shell/src/federation/page-runtime';
import type { DeckRemoteName, Mount } from './contract';
import type { DeckConfig } from './config';

/**
 * The browser half of the package, imported only when a component mounts or `preload` runs (never on the server):
 * the product's page runtime itself (shell/src/federation/page-runtime.ts, bundled in, the same code as
 * `/remotes/federation-runtime/federation-runtime.js`), which checks every file of a release against its index's
 * integrity hashes before it runs, and the host's own React, given to the remotes as the one provider of
 * React and React DOM (docs/integrating-a-remote.md, "Next.js and any React app: @deck/react").
 */
export const containerOf = (remote: DeckRemoteName) => `deck_${remote.replaceAll('-', '_')}`;
const REMOTES: DeckRemoteName[] = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

export function manifestUrl({ productOrigin, release }: DeckConfig, remote: DeckRemoteName): string {
  return new URL(`/remotes/${remote}/${release ? `${release}/` : ''}mf-manifest.json`, productOrigin).href;
}

/** The host's module as a singleton the remotes take instead of their own (they accept every React from 19.2, canaries included). */
const hostProvided = (version: string, lib: object) => ({ version, lib: () => lib, shareConfig: { singleton: true, requiredVersion: false as const } });

export function startRuntime(config: DeckConfig) {
  init({
    name: 'deck_react_host',
    remotes: REMOTES.map((remote) => ({ name: containerOf(remote), entry: manifestUrl(config, remote) })),
    shared: {
      react: hostProvided(React.version, React),
      'react/jsx-runtime': hostProvided(React.version, JsxRuntime),
      'react-dom': hostProvided(ReactDOM.version, ReactDOM),
      'react-dom/client': hostProvided(ReactDOM.version, ReactDOMClient),
    },
  });
  return async (remote: DeckRemoteName): Promise<Mount<object, object>> => {
    const module = await loadRemote<{ mount: Mount<object, object> }>(`${containerOf(remote)}/mount`);
    if (!module || typeof module.mount !== 'function') throw new Error(`${remote} has no mount`);
    return module.mount;
  };
}
