import { overlayLayout } from './overlay-layout';

describe('overlayLayout', () => {
  it.each([
    // At and around the large bounds.
    [1024, 516, 'large'],
    [1920, 1080, 'large'],
    [1023, 516, 'middle'],
    [1024, 515, 'middle'],
    // At and around the middle bounds.
    [768, 236, 'middle'],
    [1023, 515, 'middle'],
    [767, 236, 'small'],
    [768, 235, 'small'],
    // A wide but short container is not large.
    [2000, 300, 'middle'],
    [2000, 200, 'small'],
    [0, 0, 'small'],
    [375, 667, 'small'],
  ] as const)('%i×%i is %s', (width, height, layout) => {
    expect(overlayLayout(width, height)).toBe(layout);
  });
});
