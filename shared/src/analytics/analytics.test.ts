import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { analyticsConsoleOnly, isLocalHost, trackEvent } from './analytics';

describe('analytics on local and pre-production hosts (spec §7)', () => {
  afterEach(() => {
    setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
    jest.restoreAllMocks();
  });

  it('knows the hosts a developer runs on', () => {
    for (const host of ['localhost', 'app.localhost', 'box.local', '127.0.0.1', '127.4.5.6', '[::1]']) expect(isLocalHost(host)).toBe(true);
    for (const host of ['example.com', 'localhost.example.com', '10.0.0.1', 'local']) expect(isLocalHost(host)).toBe(false);
  });

  it('only prints on local hosts unless the server explicitly records them, and always only prints on pre-production', () => {
    expect(analyticsConsoleOnly({ preProduction: false }, 'localhost')).toBe(true);
    expect(analyticsConsoleOnly({ preProduction: false, recordLocalAnalytics: true }, 'localhost')).toBe(false);
    expect(analyticsConsoleOnly({ preProduction: false }, 'deck.example.com')).toBe(false);
    expect(analyticsConsoleOnly({ preProduction: true, recordLocalAnalytics: true }, 'pre.example.com')).toBe(true);
    expect(analyticsConsoleOnly({ preProduction: true, recordLocalAnalytics: true }, 'localhost')).toBe(true);
  });

  it('writes the event to the console and sends nothing on a local host by default', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const beacon = jest.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    trackEvent('embed code copied', { document_oid: 'qr1' });
    expect(beacon).not.toHaveBeenCalled();
    expect(info).toHaveBeenCalledWith('[analytics]', expect.objectContaining({ body: expect.objectContaining({ event_name: 'embed code copied' }) }));

    setRuntimeConfig({ recordLocalAnalytics: true });
    trackEvent('embed code copied', { document_oid: 'qr1' });
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
