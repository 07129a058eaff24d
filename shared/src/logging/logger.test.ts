import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { logEntry } from './logger';

describe('logEntry (spec §7 client log fields)', () => {
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

  it('carries the trigger and the document as <product>_id', () => {
    const entry = logEntry('error', { object: 'viewer', action: 'load', trigger: 'user_action', documentOid: 'qr1', message: 'boom' });
    expect(entry).toEqual(
      expect.objectContaining({ level: 'error', trigger: 'user_action', deck_id: 'qr1', category: 'website', source: 'deck', platform: 'web' }),
    );
    expect(entry).not.toHaveProperty('documentOid');
    expect(typeof entry.session_id).toBe('string');
    expect(Number.isNaN(Date.parse(String(entry.client_time)))).toBe(false);
  });

  it('names the id after the configured product and leaves it out when there is no document', () => {
    setRuntimeConfig({ shortName: 'acme' });
    expect(logEntry('warn', { trigger: 'page_load', documentOid: 'qr2', message: 'x' })).toEqual(expect.objectContaining({ acme_id: 'qr2', source: 'acme' }));
    const without = logEntry('warn', { trigger: 'render', message: 'x' });
    expect(Object.keys(without).filter((key) => key.endsWith('_id') && key !== 'session_id')).toEqual([]);
  });
});
