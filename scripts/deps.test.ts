import { firstViewRemoteInternals, firstViewRequestStorage, importsOf, packageGraph, packageOf, repositoryCheck, routeFileProblems, serverGraph, serverPartOf, type Import } from './deps';

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

  it('fails a route file that builds SQL or compares levels, and leaves calls of repositories and permissions alone', () => {
    const text = [
      "const rows = await db.selectFrom('documents').selectAll().execute();",
      'await trx',
      "  .insertInto('likes')",
      "const days = await sql<{ day: string }>`select 1`.execute(db);",
      "if (rank(ctx.level) < rank('can_edit')) throw forbidden();",
      "await db.transaction().execute((trx) => deleteDocument(trx, id));",
      'if (!mayEdit(ctx.level)) throw forbidden();',
    ].join('\n');
    expect(routeFileProblems('server/src/routes/x.ts', text).map((p) => p.replace(/: move.*/, ''))).toEqual([
      'server/src/routes/x.ts:1 holds a query-builder call',
      'server/src/routes/x.ts:3 holds a query-builder call',
      'server/src/routes/x.ts:4 holds an sql template',
      'server/src/routes/x.ts:5 holds a level comparison',
    ]);
  });

  it("fails the first view's renderer reaching into a remote, but not through the remote's public entries", () => {
    const problems = firstViewRemoteInternals([
      arrow('first-view/render-entry.tsx', 'remotes/like-button/src/features/like/components/like-button'),
      arrow('first-view/render-entry.tsx', 'remotes/like-button/src/server-render'),
      arrow('first-view/render-entry.tsx', 'remotes/like-button/src/public-types', true),
      arrow('server/src/first-view/page.ts', 'remotes/viewer-overlay/src/features/overlay/hooks/x'),
      arrow('shell/src/a.ts', 'remotes/viewer-overlay/src/features/overlay/hooks/x'),
    ]);
    expect(problems.map((p) => p.split(' imports')[0])).toEqual(['first-view/render-entry.tsx', 'server/src/first-view/page.ts']);
  });

  it("fails the first view's renderer taking a React renderer for Node, whose request storage stays enabled in the server", () => {
    const problems = firstViewRequestStorage([
      { file: 'first-view/render-entry.tsx', text: "import { prerender } from 'react-dom/static';" },
      { file: 'first-view/stream.tsx', text: 'renderToPipeableStream(app);' },
      { file: 'first-view/edge.tsx', text: "import { prerender } from 'react-dom/static.edge';\nimport { renderToString } from 'react-dom/server';" },
      { file: 'shell/src/a.tsx', text: "import { prerender } from 'react-dom/static';" },
    ]);
    expect(problems.map((p) => p.split(' uses')[0])).toEqual(['first-view/render-entry.tsx', 'first-view/stream.tsx']);
  });

  it('finds no back-edge and no relative import of shared/ in the repository', () => {
    const { packages, problems } = repositoryCheck();
    expect(packages.edges.length).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  });
});
