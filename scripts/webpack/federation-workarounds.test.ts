import { existsSync } from 'node:fs';
import path from 'node:path';
import { brokenWorkarounds, FEDERATION_WORKAROUNDS, readInstalled, type PackageReader } from './federation-workarounds';

const root = path.resolve(__dirname, '..', '..');

describe('Module Federation workarounds', () => {
  it.each(FEDERATION_WORKAROUNDS.map((workaround) => [workaround.name, workaround] as const))('%s: what it relies on still holds in the installed packages', (_name, workaround) => {
    expect({ workaround: workaround.name, problems: workaround.check(readInstalled) }).toEqual({ workaround: workaround.name, problems: [] });
  });

  it('names each file that carries a workaround, and each exists', () => {
    const missing = FEDERATION_WORKAROUNDS.flatMap((workaround) => workaround.files).filter((file) => !existsSync(path.join(root, file)));
    expect(missing).toEqual([]);
  });

  it('names the workaround whose reliance an upgrade breaks', () => {
    // An upgrade that renames the hoisting plugin's stage and drops the share entry's `loading` field.
    const upgraded: PackageReader = (packageName, file) => {
      const text = readInstalled(packageName, file);
      if (text === null) return null;
      if (file.endsWith('HoistContainerReferencesPlugin.js')) return text.replace('stage: 11', 'stage: 20');
      if (file === 'dist/utils/share.js') return text.replaceAll('loading', 'pending');
      return text;
    };
    expect(brokenWorkarounds(upgraded).map((broken) => broken.name)).toEqual(['share-scope repair', 'unreached federation modules']);
    const gone: PackageReader = (packageName, file) => (packageName === '@module-federation/error-codes' ? null : readInstalled(packageName, file));
    expect(brokenWorkarounds(gone)).toEqual([{ name: 'runtime error descriptions left out of containers', problems: ['@module-federation/error-codes/dist/desc.mjs is gone'] }]);
  });
});
