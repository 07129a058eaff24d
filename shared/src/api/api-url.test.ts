import { apiUrl, apiV1Base } from './api-url';

const origin = 'https://app.example';

describe('apiUrl', () => {
  it('keeps the spec paths on the page origin by default', () => {
    const config = { apiBase: '/api/v4' };
    expect(apiUrl('/api/v4/presentation/qr1/', config, origin)).toBe('https://app.example/api/v4/presentation/qr1/');
    expect(apiUrl('/api/v1/share/qr1/permissions/', config, origin)).toBe('https://app.example/api/v1/share/qr1/permissions/');
  });

  it('maps both spec bases onto a moved apiBase, keeping the query', () => {
    const config = { apiBase: '/deck/api/v4/' };
    expect(apiUrl('/api/v4/presentation/list/?mine=true', config, origin)).toBe('https://app.example/deck/api/v4/presentation/list/?mine=true');
    expect(apiUrl('/api/v1/log/', config, origin)).toBe('https://app.example/deck/api/v1/log/');
  });

  it('sends every call to an absolute apiBase on another origin', () => {
    const config = { apiBase: 'https://api.example/v4' };
    expect(apiUrl('/api/v4/presentation/qr1/like/', config, origin)).toBe('https://api.example/v4/presentation/qr1/like/');
    expect(apiUrl('/api/v1/contacts/', config, origin)).toBe('https://api.example/v1/contacts/');
  });

  it('uses an explicit v1 base over the derived one', () => {
    const config = { apiBase: '/presentations-api', apiV1Base: '/legacy-api/' };
    expect(apiV1Base(config)).toBe('/legacy-api');
    expect(apiUrl('/api/v1/folders/group/3/users/', config, origin)).toBe('https://app.example/legacy-api/folders/group/3/users/');
    expect(apiV1Base({ apiBase: '/presentations-api' })).toBe('/api/v1');
  });

  it('does not touch paths that only look alike, or other paths', () => {
    const config = { apiBase: '/moved/v4' };
    expect(apiUrl('/api/v40/x', config, origin)).toBe('https://app.example/api/v40/x');
    expect(apiUrl('/config.json', config, origin)).toBe('https://app.example/config.json');
  });
});
