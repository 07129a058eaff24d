import { createAppStore } from '../../store/store';
import { collaboratorsActions as actions, collaboratorsSelectors as select } from './collaborators-slice';

describe('collaborators slice', () => {
  it('starts with an empty draft at can view', () => {
    const store = createAppStore();
    expect(select.selectDraftEmail(store.getState())).toBe('');
    expect(select.selectDraftPermission(store.getState())).toBe('viewer');
  });

  it('applies prefilled values into the draft and clears them field by field', () => {
    const store = createAppStore();
    store.dispatch(actions.prefillReceived({ email: 'gina@example.com', permission: 'editor' }));
    store.dispatch(actions.prefilledEmailApplied());
    expect(select.selectDraftEmail(store.getState())).toBe('gina@example.com');
    expect(select.selectPrefilled(store.getState())).toEqual({ permission: 'editor' });
    store.dispatch(actions.prefilledPermissionApplied());
    expect(select.selectDraftPermission(store.getState())).toBe('editor');
    expect(select.selectPrefilled(store.getState())).toEqual({});
  });

  it('does not overwrite a draft with a field that was already applied', () => {
    const store = createAppStore();
    store.dispatch(actions.prefillReceived({ email: 'gina@example.com' }));
    store.dispatch(actions.prefilledEmailApplied());
    store.dispatch(actions.draftEmailChanged('hugo@example.com'));
    store.dispatch(actions.prefilledEmailApplied());
    expect(select.selectDraftEmail(store.getState())).toBe('hugo@example.com');
  });

  it('clears the typed address after an invitation and keeps the chosen permission', () => {
    const store = createAppStore();
    store.dispatch(actions.draftEmailChanged('hugo@example.com'));
    store.dispatch(actions.draftPermissionChanged('commenter'));
    store.dispatch(actions.invited({ email: 'hugo@example.com', notified: false }));
    expect(select.selectDraftEmail(store.getState())).toBe('');
    expect(select.selectDraftPermission(store.getState())).toBe('commenter');
    expect(select.selectFeedback(store.getState())).toEqual({ kind: 'invited', email: 'hugo@example.com', notified: false });
  });

  it('resets a session but keeps a prefill not yet applied', () => {
    const store = createAppStore();
    store.dispatch(actions.draftEmailChanged('x@example.com'));
    store.dispatch(actions.prefillReceived({ email: 'gina@example.com' }));
    store.dispatch(actions.reset());
    expect(select.selectDraftEmail(store.getState())).toBe('');
    expect(select.selectPrefilled(store.getState())).toEqual({ email: 'gina@example.com' });
  });
});
