import { importsOf, packageGraph, packageOf, repositoryCheck, serverGraph, serverPartOf, type Import } from './deps';

const arrow = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly });

describe('deps', () => {
  it('reads static, type-only, re-exported, dynamic and required imports, and ignores outside packages', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from '@deck/shared/api/contract';",
      "export { c } from '../c';",
      "const d = () => import('./d');",
      "const e = require('./e');",
      "import React from 'react';",
    ].join('\n');
    expect(importsOf('shell/src/x/y.ts', text)).toEqual([
      arrow('shell/src/x/y.ts', 'shell/src/x/a'),
      arrow('shell/src/x/y.ts', 'shared/src/api/contract.ts', true),
      arrow('shell/src/x/y.ts', 'shell/src/c'),
      arrow('shell/src/x/y.ts', 'shell/src/x/d'),
      arrow('shell/src/x/y.ts', 'shell/src/x/e'),
    ]);
  });

  it('places files in their package and server layer', () => {
    expect(packageOf('remotes/like-button/src/mount.ts')).toEqual({ name: 'remotes/like-button', layer: 1 });
    expect(packageOf('webpack.config.ts')?.name).toBe('scripts');
    expect(serverPartOf('server/src/http/errors.ts')).toEqual({ name: 'http', layer: 3 });
    expect(serverPartOf('server/src/routes/share.ts')).toEqual({ name: 'routes', layer: 4 });
  });

  it('calls an arrow to a higher layer or a sibling a back-edge, but lets the shell name a remote’s published types', () => {
    const { edges, backEdges } = packageGraph([
      arrow('remotes/share-dialog/src/a.ts', 'shared/src/b'),
      arrow('shell/src/a.ts', 'scripts/webpack/provider'),
      arrow('shell/src/b.ts', 'remotes/viewer-overlay/src/public-types', true),
      arrow('remotes/share-dialog/src/a.ts', 'remotes/like-button/src/c'),
    ]);
    expect(edges.map((e) => `${e.from} -> ${e.to}`)).toEqual([
      'remotes/share-dialog -> remotes/like-button',
      'remotes/share-dialog -> shared',
      'shell -> remotes/viewer-overlay',
      'shell -> scripts',
    ]);
    expect(backEdges.map((e) => `${e.from} -> ${e.to}`)).toEqual(['remotes/share-dialog -> remotes/like-button', 'shell -> scripts']);
  });

  it('holds the server’s layers: the http layer depends on no route, services not on http', () => {
    const { backEdges } = serverGraph([
      arrow('server/src/routes/share.ts', 'server/src/http/errors'),
      arrow('server/src/http/message-codes.ts', 'server/src/routes/share'),
      arrow('server/src/services/invitations.ts', 'server/src/http/errors'),
      arrow('server/src/test/x.test.ts', 'server/src/routes/share'),
    ]);
    expect(backEdges.map((e) => `${e.from} -> ${e.to}`)).toEqual(['http -> routes', 'services -> http']);
  });

  it('finds no back-edge and no relative import of shared/ in the repository', () => {
    const { packages, problems } = repositoryCheck();
    expect(packages.edges.length).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
