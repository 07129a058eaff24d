import { basicAuthFromUrl, likeAuthHeaders } from './basic-auth';

describe('basicAuthFromUrl', () => {
  it('encodes the user and password of the URL', () => {
    expect(basicAuthFromUrl('https://stage:s3cret@pre.example.com/view/abc')).toBe(`Basic ${btoa('stage:s3cret')}`);
  });

  it('decodes escaped characters and keeps non-Latin ones as UTF-8', () => {
    const value = basicAuthFromUrl('https://j%C3%BCrgen:p%40ss@pre.example.com/');
    const decoded = new TextDecoder().decode(Uint8Array.from(atob(value!.slice('Basic '.length)), (char) => char.charCodeAt(0)));
    expect(decoded).toBe('jürgen:p@ss');
  });

  it('gives nothing for a URL without credentials or an invalid URL', () => {
    expect(basicAuthFromUrl('https://pre.example.com/view/abc')).toBeNull();
    expect(basicAuthFromUrl('not a url')).toBeNull();
  });
});

describe('likeAuthHeaders', () => {
  const href = 'https://stage:s3cret@pre.example.com/view/abc';

  it('adds basic authentication on pre-production hosts', () => {
    expect(likeAuthHeaders({ preProduction: true }, href)).toEqual({ Authorization: `Basic ${btoa('stage:s3cret')}` });
  });

  it('adds nothing in production, even with credentials in the URL', () => {
    expect(likeAuthHeaders({ preProduction: false }, href)).toEqual({});
  });

  it('adds nothing on pre-production when the URL has no credentials', () => {
    expect(likeAuthHeaders({ preProduction: true }, 'https://pre.example.com/view/abc')).toEqual({});
  });
});
