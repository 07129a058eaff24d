import { announceIfChanged, privacySettingsChangedEventName, settingsChanged } from './privacy-settings-event';

describe('privacy settings changed event', () => {
  it('is named after the short name', () => {
    expect(privacySettingsChangedEventName('deck')).toBe('deck:privacy:settings:changed');
    expect(privacySettingsChangedEventName('acme')).toBe('acme:privacy:settings:changed');
  });

  it('counts a change of published or reusable', () => {
    expect(settingsChanged({ published: false, reusable: false }, { published: true, reusable: false })).toBe(true);
    expect(settingsChanged({ published: false, reusable: false }, { published: false, reusable: true })).toBe(true);
    expect(settingsChanged({ published: true, reusable: true }, { published: true, reusable: true })).toBe(false);
    expect(settingsChanged(null, { published: true, reusable: true })).toBe(false);
  });

  it('dispatches the event with the document and the new flags only when they changed', () => {
    const seen: CustomEvent[] = [];
    const listener = (event: Event) => seen.push(event as CustomEvent);
    window.addEventListener('deck:privacy:settings:changed', listener);
    expect(announceIfChanged('deck', 'qr1', { published: false, reusable: false }, { published: false, reusable: false })).toBe(false);
    expect(announceIfChanged('deck', 'qr1', { published: false, reusable: false }, { published: true, reusable: false })).toBe(true);
    window.removeEventListener('deck:privacy:settings:changed', listener);
    expect(seen).toHaveLength(1);
    expect(seen[0].detail).toEqual({ documentOid: 'qr1', published: true, reusable: false });
  });
});
