import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { OneShareRuntimePlugin } from './one-share-runtime';

/**
 * Builds a container like ours in miniature (one exposed module sharing React, not minified) and
 * prints its remoteEntry.js: `--one-share-runtime` adds OneShareRuntimePlugin. Run in a process of
 * its own by one-share-runtime.test.ts (webpack does not run inside the tests' jsdom).
 */
const root = path.resolve(__dirname, '..', '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'miniature-container-'));
writeFileSync(path.join(dir, 'mount.js'), "import React from 'react';\nexport const mount = () => React.version;\n");

const config: Configuration = {
  mode: 'production',
  context: dir,
  entry: {},
  output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
  resolve: { modules: [path.join(root, 'node_modules')] },
  optimization: { minimize: false },
  plugins: [
    new ModuleFederationPlugin({
      name: 'miniature',
      filename: 'remoteEntry.js',
      exposes: { './mount': './mount.js' },
      shared: { react: { singleton: true, requiredVersion: '^19.0.0' } },
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      experiments: { externalRuntime: true },
    }),
    ...(process.argv.includes('--one-share-runtime') ? [new OneShareRuntimePlugin()] : []),
  ],
};

webpack(config, (error, stats) => {
  try {
    if (error || stats?.hasErrors()) throw error ?? new Error(stats?.toString('errors-only'));
    process.stdout.write(readFileSync(path.join(dir, 'dist', 'remoteEntry.js'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
