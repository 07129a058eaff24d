import { validateViewerOverlayProps } from './mount';

describe('viewer-overlay props at mount', () => {
  it('accepts a document with or without the optional props', () => {
    expect(() => validateViewerOverlayProps({ documentOid: 'qv7n' })).not.toThrow();
    expect(() =>
      validateViewerOverlayProps({ documentOid: 'qv7n', viewLinkId: 'v', productSiteUrl: 'https://x/', learnMoreUrl: 'https://x/', onPresent: () => {}, onRestart: () => {} }),
    ).not.toThrow();
  });

  it.each([
    [{}, 'viewer-overlay: documentOid must be a non-empty string (got undefined)'],
    [{ documentOid: 'qv7n', onPresent: 'play' }, 'viewer-overlay: onPresent must be a function or left out (got the string "play")'],
    [{ documentOid: 'qv7n', onRestart: true }, 'viewer-overlay: onRestart must be a function or left out (got boolean true)'],
    [{ documentOid: 'qv7n', productSiteUrl: '' }, 'viewer-overlay: productSiteUrl must be a non-empty string or left out (got an empty string)'],
  ])('refuses %j', (props, message) => {
    expect(() => validateViewerOverlayProps(props)).toThrow(message);
  });
});
