import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..', '..');

/** remoteEntry.js of a miniature container (scripts/webpack/miniature-container.ts), built in a process of its own. */
async function remoteEntry(...flags: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(__dirname, 'miniature-container.ts'), ...flags], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/** Each share runtime assigns `__webpack_require__.I`; only webpack's writes a provide table with `register(`. */
const shareRuntimes = (code: string) => ({
  initializeSharing: code.match(/__webpack_require__\.I = /g)?.length ?? 0,
  webpackProvideTable: /register\("react", "19\./.test(code),
  federationSharedOptions: /\.initOptions\.shared = \{\s*"react"/.test(code),
});

describe('OneShareRuntimePlugin', () => {
  it("leaves webpack's dead share runtime out of a federation container, keeping the federation's", async () => {
    const [without, withPlugin] = await Promise.all([remoteEntry(), remoteEntry('--one-share-runtime')]);
    // Without the plugin both are there: the proof that the plugin is what removes one.
    expect(shareRuntimes(without)).toEqual({ initializeSharing: 2, webpackProvideTable: true, federationSharedOptions: true });
    expect(shareRuntimes(withPlugin)).toEqual({ initializeSharing: 1, webpackProvideTable: false, federationSharedOptions: true });
  }, 180_000);
});
