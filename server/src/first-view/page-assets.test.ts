import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { htmlFontPreloads, pageAssets, preloadLinks, preloadTags } from './page-assets';

/** A build as the server finds it: the shell's page assets and one remote's manifest. */
function fakeBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'deck-page-assets-'));
  mkdirSync(join(dir, 'first-view'));
  writeFileSync(
    join(dir, 'first-view', 'shell-assets.json'),
    JSON.stringify({
      entry: ['main.js'],
      start: ['bootstrap.1.js', 'framework.2.js'],
      pages: { 'page-view': ['framework.2.js', 'page-view.3.js'] },
      catalogues: { de: 'de.4.js' },
    }),
  );
  mkdirSync(join(dir, 'remotes', 'viewer-overlay'), { recursive: true });
  writeFileSync(
    join(dir, 'remotes', 'viewer-overlay', 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './mount', assets: { js: { sync: ['mount.5.js'] } } }],
    }),
  );
  return dir;
}

const config = {
  remotes: {
    'share-dialog': 'https://deck.example/remotes/share-dialog/mf-manifest.json',
    'like-button': 'https://cdn.example/like-button/mf-manifest.json',
    'viewer-overlay': 'https://deck.example/remotes/viewer-overlay/mf-manifest.json',
    'referral-panel': 'https://deck.example/remotes/referral-panel/mf-manifest.json',
  },
};

test('pageAssets: the take-over’s files: the shell’s once each but the entry the HTML names, the language’s messages, and each own remote’s manifest, container and mount chunk', () => {
  const dir = fakeBuild();
  try {
    const assets = pageAssets(dir, new Set(['viewer-overlay', 'share-dialog', 'referral-panel']));
    const preloads = assets.takeOverFiles('page-view', 'de', ['viewer-overlay', 'like-button'], config);
    assert.deepEqual(preloads, [
      { href: '/assets/bootstrap.1.js', as: 'script' },
      { href: '/assets/framework.2.js', as: 'script' },
      { href: '/assets/page-view.3.js', as: 'script' },
      { href: '/assets/de.4.js', as: 'script' },
      // The manifest as the federation runtime fetches it (CORS), or it would be fetched twice. It and the container
      // keep their names from release to release: validated on each use, so not fetched ahead of the take-over.
      { href: 'https://deck.example/remotes/viewer-overlay/mf-manifest.json', as: 'fetch', cors: true, validated: true },
      { href: 'https://deck.example/remotes/viewer-overlay/remoteEntry.js', as: 'script', validated: true },
      { href: 'https://deck.example/remotes/viewer-overlay/mount.5.js', as: 'script' },
      // The like button is served from elsewhere (REMOTE_LIKE_BUTTON_URL): not this server's to name.
    ]);
    // English has no catalogue of its own.
    assert.equal(assets.takeOverFiles('page-view', 'en', [], config).length, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pageAssets: a build without page assets or manifests preloads nothing rather than guessing', () => {
  const dir = mkdtempSync(join(tmpdir(), 'deck-page-assets-'));
  try {
    assert.deepEqual(pageAssets(dir, new Set(['viewer-overlay'])).takeOverFiles('page-view', 'en', ['viewer-overlay'], config), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('preloadTags and preloadLinks: scripts and manifests at low priority, fonts as CORS woff2, attribute values escaped', () => {
  const preloads = [
    { href: '/assets/main.js?a=1&b="2"', as: 'script' as const },
    { href: 'https://deck.example/m.json', as: 'fetch' as const, cors: true },
    { href: '/assets/f.woff2', as: 'font' as const, cors: true },
  ];
  assert.equal(
    preloadTags(preloads),
    '<link rel="preload" href="/assets/main.js?a=1&amp;b=&quot;2&quot;" as="script" fetchpriority="low">' +
      '<link rel="preload" href="https://deck.example/m.json" as="fetch" crossorigin fetchpriority="low">' +
      '<link rel="preload" href="/assets/f.woff2" as="font" type="font/woff2" crossorigin>',
  );
  assert.deepEqual(preloadLinks(preloads.slice(1)), [
    '<https://deck.example/m.json>; rel=preload; as=fetch; crossorigin; fetchpriority=low',
    '</assets/f.woff2>; rel=preload; as=font; crossorigin',
  ]);
});

test('htmlFontPreloads: the fonts the shell’s HTML preloads, and nothing else it links', () => {
  const html =
    '<head><link rel="icon" href="data:,"/><link rel="preload" href="/assets/a/r-400.1.woff2" as="font" type="font/woff2" crossorigin="">' +
    '<link rel="preload" href="/assets/x.js" as="script"><link rel=preload href=/assets/a/r-700.2.woff2 as=font crossorigin></head>';
  assert.deepEqual(htmlFontPreloads(html), [
    { href: '/assets/a/r-400.1.woff2', as: 'font', cors: true },
    { href: '/assets/a/r-700.2.woff2', as: 'font', cors: true },
  ]);
});
