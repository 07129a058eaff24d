import { openSharePopup } from './open-share-popup';

function fakeWindow(opened: Partial<Window> | null) {
  return {
    screenX: 0,
    screenY: 0,
    outerWidth: 1600,
    outerHeight: 900,
    innerWidth: 1600,
    innerHeight: 900,
    open: jest.fn(() => opened),
  } as unknown as Window & { open: jest.Mock };
}

describe('openSharePopup', () => {
  it('opens a named popup of the network size and cuts the opener', () => {
    const popup = { opener: 'us' } as unknown as Window;
    const win = fakeWindow(popup);
    expect(openSharePopup('linkedin', 'https://www.linkedin.com/sharing/share-offsite/?url=x', win)).toBe(true);
    expect(win.open).toHaveBeenCalledWith(
      'https://www.linkedin.com/sharing/share-offsite/?url=x',
      'deck-share-linkedin',
      'popup=yes,width=1300,height=570,left=150,top=165,scrollbars=yes,resizable=yes',
    );
    expect(popup.opener).toBeNull();
  });

  it('reports a blocked popup', () => {
    expect(openSharePopup('twitter', 'https://twitter.com/intent/tweet', fakeWindow(null))).toBe(false);
  });
});
