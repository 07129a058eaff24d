import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import webpack, { type Configuration } from 'webpack';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { OneShareRuntimePlugin } from './one-share-runtime';
import { BundlerRuntimeFromHostPlugin } from './host-bundler-runtime';
import { MountInContainerPlugin } from './mount-in-container';

/**
 * Builds a container like ours in miniature (one exposed module sharing React, not minified) and
 * prints its remoteEntry.js: `--one-share-runtime` adds OneShareRuntimePlugin, `--bundler-runtime-from-host`
 * BundlerRuntimeFromHostPlugin, `--mount-in-container` MountInContainerPlugin, `--eager` shares React eagerly; `--files` prints every script it emits
 * instead, as JSON (name → code).
 * Run in a process of its own by the tests (webpack does not run inside the tests' jsdom).
 */
const root = path.resolve(__dirname, '..', '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'miniature-container-'));
writeFileSync(path.join(dir, 'mount.js'), "import React from 'react';\nexport const mount = () => React.version;\n");

const config: Configuration = {
  mode: 'production',
  context: dir,
  entry: {},
  output: { path: path.join(dir, 'dist'), publicPath: 'auto' },
  resolve: { modules: [path.join(root, 'node_modules')], extensions: ['.ts', '.js', '.mjs'] },
  // Like ours, the container compiles TypeScript (the modules BundlerRuntimeFromHostPlugin brings in).
  module: { rules: [{ test: /\.ts$/, loader: require.resolve('swc-loader'), options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } } }] },
  optimization: { minimize: false },
  plugins: [
    new ModuleFederationPlugin({
      name: 'miniature',
      filename: 'remoteEntry.js',
      exposes: { './mount': './mount.js' },
      shared: { react: { singleton: true, requiredVersion: '^19.0.0', eager: process.argv.includes('--eager') } },
      shareStrategy: 'loaded-first',
      manifest: false,
      dts: false,
      experiments: { externalRuntime: true },
    }),
    ...(process.argv.includes('--one-share-runtime') ? [new OneShareRuntimePlugin()] : []),
    ...(process.argv.includes('--bundler-runtime-from-host') ? [new BundlerRuntimeFromHostPlugin()] : []),
    ...(process.argv.includes('--mount-in-container') ? [new MountInContainerPlugin()] : []),
  ],
};

webpack(config, (error, stats) => {
  try {
    if (error || stats?.hasErrors()) throw error ?? new Error(stats?.toString('errors-only'));
    const built = (file: string) => readFileSync(path.join(dir, 'dist', file), 'utf8');
    if (!process.argv.includes('--files')) process.stdout.write(built('remoteEntry.js'));
    else process.stdout.write(JSON.stringify(Object.fromEntries(readdirSync(path.join(dir, 'dist')).filter((file) => file.endsWith('.js')).map((file) => [file, built(file)]))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
