import { miniatureRemoteEntry } from './miniature-container-build';

/** Each share runtime assigns `__webpack_require__.I`; only webpack's writes a provide table with `register(`. */
const shareRuntimes = (code: string) => ({
  initializeSharing: code.match(/__webpack_require__\.I = /g)?.length ?? 0,
  webpackProvideTable: /register\("react", "19\./.test(code),
  federationSharedOptions: /\.initOptions\.shared = \{\s*"react"/.test(code),
});

describe('OneShareRuntimePlugin', () => {
  it("leaves webpack's dead share runtime out of a federation container, keeping the federation's", async () => {
    const [without, withPlugin] = await Promise.all([miniatureRemoteEntry(), miniatureRemoteEntry('--one-share-runtime')]);
    // Without the plugin both are there: the proof that the plugin is what removes one.
    expect(shareRuntimes(without)).toEqual({ initializeSharing: 2, webpackProvideTable: true, federationSharedOptions: true });
    expect(shareRuntimes(withPlugin)).toEqual({ initializeSharing: 1, webpackProvideTable: false, federationSharedOptions: true });
  }, 180_000);
});
