import { createAppStore } from '../../store/store';
import { privacyActions as actions, privacySelectors as select } from './privacy-slice';

describe('privacy slice', () => {
  it('keeps the last refusal until the next change is requested', () => {
    const store = createAppStore();
    expect(select.selectRefusal(store.getState())).toBeNull();
    store.dispatch(actions.changeRefused({ control: 'privacy', status: 403, message: 'Nope' }));
    expect(select.selectRefusal(store.getState())).toEqual({ control: 'privacy', status: 403, message: 'Nope' });
    store.dispatch(actions.changeRequested());
    expect(select.selectRefusal(store.getState())).toBeNull();
  });

  it('counts each paywall once per session', () => {
    const store = createAppStore();
    store.dispatch(actions.paywallViewed('pitch_privacy_private'));
    store.dispatch(actions.paywallViewed('pitch_privacy_private'));
    expect(select.selectPaywallsViewed(store.getState())).toEqual(['pitch_privacy_private']);
    store.dispatch(actions.reset());
    expect(select.selectPaywallsViewed(store.getState())).toEqual([]);
  });
});
