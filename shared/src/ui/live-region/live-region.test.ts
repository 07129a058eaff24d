import { announce, ensureLiveRegion, LIVE_REGION_ID } from './live-region';

describe('the page live region', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.body.innerHTML = '';
  });
  afterEach(() => jest.useRealTimers());

  it('is one polite status region, created once and shared', () => {
    const first = ensureLiveRegion();
    const second = ensureLiveRegion();
    expect(first).toBe(second);
    expect(document.querySelectorAll(`#${LIVE_REGION_ID}`)).toHaveLength(1);
    expect(first).toHaveAttribute('aria-live', 'polite');
    expect(first).toHaveAttribute('role', 'status');
  });

  it('empties itself before saying the same text again, so it is heard twice', () => {
    const region = ensureLiveRegion();
    announce('Copied');
    jest.runAllTimers();
    expect(region).toHaveTextContent('Copied');
    announce('Copied');
    expect(region).toHaveTextContent('');
    jest.runAllTimers();
    expect(region).toHaveTextContent('Copied');
  });

  it('writes into a region that existed before, without adding another', () => {
    const region = ensureLiveRegion();
    announce('Bob Brown was removed');
    jest.runAllTimers();
    expect(document.body.children).toHaveLength(1);
    expect(region).toHaveTextContent('Bob Brown was removed');
  });
});
