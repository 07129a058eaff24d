import webpack from 'webpack';
import { createConfigs } from '../webpack.config';
import { writeChunkStats } from './chunk-stats';

/** Builds the shell and every remote in one multi-compiler run. */
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
  console.log(`Built shell and remotes (${mode}) in ${((Date.now() - started) / 1000).toFixed(1)} s into dist/`);
});
