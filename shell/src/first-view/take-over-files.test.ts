import { TAKE_OVER_FILES_SCRIPT_ID } from '@deck/shared/first-view/first-view-contract';
import { preloadTakeOverFiles } from './take-over-files';

const preloads = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => `${link.getAttribute('as')} ${link.getAttribute('href')} ${link.hasAttribute('crossorigin') ? 'cors' : 'no-cors'}`);

describe('the take-over’s files, named by the server', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
  });

  it('are preloaded as the page will ask for them, except a script the page already asked for', () => {
    document.head.innerHTML =
      '<script src="/assets/bootstrap.1.js"></script>' +
      `<script type="application/json" id="${TAKE_OVER_FILES_SCRIPT_ID}">${JSON.stringify([
        { href: '/assets/bootstrap.1.js', as: 'script' },
        { href: '/assets/page-view.2.js', as: 'script' },
        { href: 'http://localhost/remotes/viewer-overlay/mf-manifest.json', as: 'fetch', cors: true },
        { href: '/assets/not-a-file-kind', as: 'style' },
      ])}</script>`;
    preloadTakeOverFiles();
    expect(preloads()).toEqual(['script /assets/page-view.2.js no-cors', 'fetch http://localhost/remotes/viewer-overlay/mf-manifest.json cors']);
    expect(document.getElementById(TAKE_OVER_FILES_SCRIPT_ID)).toBeNull();
  });

  it('ahead of the take-over, only those the browser keeps are prefetched; as it starts, the rest are preloaded, none twice', () => {
    document.head.innerHTML = `<script type="application/json" id="${TAKE_OVER_FILES_SCRIPT_ID}">${JSON.stringify([
      { href: '/assets/framework.3.js', as: 'script' },
      { href: 'http://localhost/remotes/like-button/mf-manifest.json', as: 'fetch', cors: true, validated: true },
      { href: 'http://localhost/remotes/like-button/remoteEntry.js', as: 'script', validated: true },
    ])}</script>`;
    const links = (rel: string) => [...document.head.querySelectorAll(`link[rel="${rel}"]`)].map((link) => link.getAttribute('href'));
    preloadTakeOverFiles(document, 'prefetch');
    expect(links('prefetch')).toEqual(['/assets/framework.3.js']);
    expect(links('preload')).toEqual([]);
    preloadTakeOverFiles(document, 'preload');
    expect(links('prefetch')).toEqual(['/assets/framework.3.js']);
    expect(links('preload')).toEqual(['http://localhost/remotes/like-button/mf-manifest.json', 'http://localhost/remotes/like-button/remoteEntry.js']);
    expect(document.getElementById(TAKE_OVER_FILES_SCRIPT_ID)).toBeNull();
  });

  it('are nothing on a page the server wrote no first view into, or with a block that is not a list', () => {
    preloadTakeOverFiles();
    document.head.innerHTML = `<script type="application/json" id="${TAKE_OVER_FILES_SCRIPT_ID}">{"href":"/x.js"}</script>`;
    preloadTakeOverFiles();
    expect(preloads()).toEqual([]);
  });
});
