import { validateLikeButtonProps } from './mount';

describe('like-button props at mount', () => {
  const good = { documentOid: 'qv7n2kx9d4rm', onLoggedOutLike: () => {} };

  it('accepts the required props with or without the optional ones', () => {
    expect(() => validateLikeButtonProps(good)).not.toThrow();
    expect(() => validateLikeButtonProps({ ...good, viewLinkId: 'vl1', initialState: { likesCount: 3, hasLiked: true } })).not.toThrow();
  });

  it.each([
    // Without it the button asked for /presentation/undefined/ and rendered nothing.
    [{ documentOid: undefined }, 'like-button: documentOid must be a non-empty string (got undefined)'],
    [{ documentOid: 42 }, 'like-button: documentOid must be a non-empty string (got number 42)'],
    [{ onLoggedOutLike: undefined }, 'like-button: onLoggedOutLike must be a function (got undefined)'],
    [{ viewLinkId: '' }, 'like-button: viewLinkId must be a non-empty string or left out (got an empty string)'],
    [{ initialState: { likesCount: '12' } }, 'like-button: initialState must be an object { likesCount: a finite number or left out; hasLiked: true or false or left out } or left out (got an object)'],
  ])('refuses %j with one clear error', (change, message) => {
    expect(() => validateLikeButtonProps({ ...good, ...change })).toThrow(message);
  });
});
