import webpack from 'webpack';
import path from 'node:path';
import { createConfigs, REMOTES } from '../webpack.config';
import { publishRelease } from './remote-releases';
import { contractVersion } from './webpack/publish-types';
import { writeChunkStats } from './chunk-stats';
import { precompressDirectory } from './precompress';
import { buildServer } from './build-server';
import { packTypesTarball } from './types-tarball';
import { packReactTarball } from './react-package';

/** Builds the shell and every remote in one multi-compiler run, then the server (scripts/build-server.ts). */
const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
const started = Date.now();
webpack(createConfigs(mode), (error, stats) => {
  if (error) {
    console.error(error);
    process.exit(1);
  }
  const info = stats?.toString({ colors: true, preset: 'errors-warnings' });
  if (info) console.log(info);
  if (stats?.hasErrors()) process.exit(1);
  if (stats) writeChunkStats(stats);
  finish().catch((finishError: unknown) => {
    console.error(finishError);
    process.exit(1);
  });
});

/** After webpack: the compressed copies and the releases of the files it wrote, then the server. */
async function finish() {
  // DIST_DIR: where webpack.config.ts wrote this build.
  const dist = process.env.DIST_DIR ?? path.resolve(__dirname, '..', 'dist');
  // The server is bundled while the files are compressed (zlib's thread pool).
  const server = buildServer();
  // Neither the first-view renderer nor the compiled server is served: no compressed copies.
  const compressed = await precompressDirectory(dist, { skip: ['first-view', 'server'] });
  // The release just built becomes `latest`, beside the earlier releases (docs/integrating-a-remote.md, "Versions and compatibility").
  // The web components' script is released beside them, with the same version (webpack.config.ts, elementsConfig).
  for (const remote of [...REMOTES, 'elements']) publishRelease(path.join(dist, 'remotes'), remote, contractVersion());
  packTypesTarball(path.join(dist, 'remotes', contractVersion()));
  // @deck/react, versioned with the contract, installable by URL beside the types (scripts/react-package.ts).
  await packReactTarball(path.join(dist, 'remotes', contractVersion()));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `Precompressed ${compressed.files} files (${kb(compressed.bytes)}): brotli ${kb(compressed.brotliBytes)}, gzip ${kb(compressed.gzipBytes)}`,
  );
  console.log(`Built shell and remotes (${mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s into dist/`);
  const { seconds, bytes } = await server;
  console.log(`Built the server into dist/server/main.js (${Math.round(bytes / 1024)} KB) in ${seconds.toFixed(1)} s`);
}
