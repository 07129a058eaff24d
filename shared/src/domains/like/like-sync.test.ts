import { applyLikeIntent, followUpRequest, intentOfClick, likeKey } from './like-sync';

describe('applyLikeIntent', () => {
  it('adds one like and marks it liked', () => {
    expect(applyLikeIntent({ likesCount: 1234, hasLiked: false }, true)).toEqual({ likesCount: 1235, hasLiked: true });
  });

  it('removes one like and marks it unliked', () => {
    expect(applyLikeIntent({ likesCount: 1235, hasLiked: true }, false)).toEqual({ likesCount: 1234, hasLiked: false });
  });

  it('changes nothing when the wish is already the state', () => {
    const liked = { likesCount: 7, hasLiked: true };
    expect(applyLikeIntent(liked, true)).toBe(liked);
    const unliked = { likesCount: 7, hasLiked: false };
    expect(applyLikeIntent(unliked, false)).toBe(unliked);
  });

  it('never shows a negative count', () => {
    expect(applyLikeIntent({ likesCount: 0, hasLiked: true }, false)).toEqual({ likesCount: 0, hasLiked: false });
  });
});

describe('intentOfClick', () => {
  it('likes when not liked and unlikes when liked', () => {
    expect(intentOfClick({ likesCount: 3, hasLiked: false })).toBe(true);
    expect(intentOfClick({ likesCount: 3, hasLiked: true })).toBe(false);
  });
});

describe('followUpRequest', () => {
  const serverLiked = { likesCount: 11, hasLiked: true };
  const serverUnliked = { likesCount: 10, hasLiked: false };

  it('sends nothing when no click came in meanwhile', () => {
    expect(followUpRequest(null, serverLiked)).toBeNull();
  });

  it('sends nothing when the server already holds the final wish (an even burst)', () => {
    expect(followUpRequest(true, serverLiked)).toBeNull();
    expect(followUpRequest(false, serverUnliked)).toBeNull();
  });

  it('sends the final wish when it differs from what the server holds', () => {
    expect(followUpRequest(false, serverLiked)).toBe(false);
    expect(followUpRequest(true, serverUnliked)).toBe(true);
  });

  it('ends where the user ended, whatever the burst, when each answer is applied in turn', () => {
    // Simulate a server and a burst of n clicks arriving while the first request is in flight.
    for (let clicks = 1; clicks <= 7; clicks += 1) {
      let server = { likesCount: 100, hasLiked: false };
      let shown = server;
      let inFlight: boolean | null = null;
      let queued: boolean | null = null;
      const requests: boolean[] = [];
      for (let click = 0; click < clicks; click += 1) {
        const wish = intentOfClick(shown);
        shown = applyLikeIntent(shown, wish);
        if (inFlight === null) {
          inFlight = wish;
          requests.push(wish);
        } else queued = wish;
      }
      while (inFlight !== null) {
        server = applyLikeIntent(server, inFlight);
        const next = followUpRequest(queued, server);
        queued = null;
        inFlight = next;
        if (next !== null) requests.push(next);
      }
      expect(server).toEqual(shown);
      expect(requests.length).toBeLessThanOrEqual(2);
    }
  });
});

describe('likeKey', () => {
  it('keeps likes through a view link apart from direct likes', () => {
    expect(likeKey({ oid: 'abc' })).toBe('abc');
    expect(likeKey({ oid: 'abc', viewLinkId: 'link1' })).toBe('abc|link1');
  });
});
