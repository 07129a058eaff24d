import { likeFailureMessage } from './like-failure';

describe('likeFailureMessage', () => {
  it.each([
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [500, 'Internal Server Error'],
    [503, 'Service Unavailable'],
    [418, 'Generic Error'],
  ])('names status %p as %p', (status, text) => {
    expect(likeFailureMessage({ status, data: {} })).toBe(text);
  });

  it('keeps the CSRF refusal message', () => {
    expect(likeFailureMessage({ status: 'CUSTOM_ERROR', error: 'Cannot make request without CSRF token.' })).toBe(
      'Cannot make request without CSRF token.',
    );
  });

  it('calls a network failure a Generic Error', () => {
    expect(likeFailureMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('Generic Error');
  });
});
