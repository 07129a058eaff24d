import path from 'node:path';
import { REMOTES } from '../../webpack.config';
import { sharedModulesRemotesReach, shellOnlySharedModules } from './remote-reached-shared';

const root = path.resolve(__dirname, '..', '..');

describe('the shared modules the remotes reach', () => {
  it('follows imports into shared/src and leaves the shell’s own modules out of the share scope', () => {
    const reached = sharedModulesRemotesReach(root, REMOTES);
    // Imported by the remotes directly, and one step further (store.ts imports the root reducer).
    expect(reached.has('store/store')).toBe(true);
    expect(reached.has('store/root-reducer')).toBe(true);
    expect(reached.has('intl/translations/de.json')).toBe(true);
    const shellOnly = shellOnlySharedModules(root, REMOTES);
    // The team settings page's contract and the server-written page's contract are the shell's alone.
    expect(shellOnly.test('domains/team-settings/blocked-viewers-contract')).toBe(true);
    expect(shellOnly.test('first-view/first-view-contract')).toBe(true);
    expect(shellOnly.test('store/store')).toBe(false);
    expect(shellOnly.test('mount/create-mount')).toBe(false);
  });
});
