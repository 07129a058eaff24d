import { createAppStore } from '../../store/store';
import { shareDialogActions as actions, shareDialogSelectors as select } from './share-dialog-slice';

describe('shareDialog slice', () => {
  it('reads the initial state before any of its actions ran', () => {
    const store = createAppStore();
    expect(select.selectPage(store.getState())).toBe('unified');
    expect(select.selectShowReferralCopyAndCode(store.getState())).toBe(false);
    expect(select.selectSettingsAtLoad(store.getState())).toBeNull();
  });

  it('opens on the requested page, else the unified page', () => {
    const store = createAppStore();
    store.dispatch(actions.opened({ documentOid: 'abc', page: 'collaborators' }));
    expect(select.selectPage(store.getState())).toBe('collaborators');
    expect(select.selectDocumentOid(store.getState())).toBe('abc');
    store.dispatch(actions.opened({ documentOid: 'def' }));
    expect(select.selectPage(store.getState())).toBe('unified');
  });

  it('moves to the redirect page once, after a document update', () => {
    const store = createAppStore();
    store.dispatch(actions.opened({ documentOid: 'abc' }));
    store.dispatch(actions.documentUpdated());
    expect(select.selectPage(store.getState())).toBe('unified');
    store.dispatch(actions.redirectPageSet('embed'));
    store.dispatch(actions.documentUpdated());
    expect(select.selectPage(store.getState())).toBe('embed');
    expect(select.selectRedirectPage(store.getState())).toBeNull();
    store.dispatch(actions.pageChanged('unified'));
    store.dispatch(actions.documentUpdated());
    expect(select.selectPage(store.getState())).toBe('unified');
  });

  it('can wait for a document update to open a view links sub-screen', () => {
    const store = createAppStore();
    store.dispatch(actions.opened({ documentOid: 'abc' }));
    store.dispatch(actions.redirectToViewLinks('create'));
    expect(select.selectPage(store.getState())).toBe('unified');
    store.dispatch(actions.documentUpdated());
    expect(select.selectPage(store.getState())).toBe('viewLinks');
    expect(select.selectViewLinksScreen(store.getState())).toBe('create');
  });

  it('keeps the settings of the first load, not of reloads after changes', () => {
    const store = createAppStore();
    store.dispatch(actions.opened({ documentOid: 'abc' }));
    store.dispatch(actions.settingsLoaded({ published: false, reusable: true }));
    store.dispatch(actions.settingsLoaded({ published: true, reusable: true }));
    expect(select.selectSettingsAtLoad(store.getState())).toEqual({ published: false, reusable: true });
    store.dispatch(actions.closed());
    expect(select.selectSettingsAtLoad(store.getState())).toBeNull();
  });

  it('opens the view links page on the requested sub-screen', () => {
    const store = createAppStore();
    store.dispatch(actions.viewLinksOpened('create'));
    expect(select.selectPage(store.getState())).toBe('viewLinks');
    expect(select.selectViewLinksScreen(store.getState())).toBe('create');
    store.dispatch(actions.opened({ documentOid: 'abc' }));
    expect(select.selectViewLinksScreen(store.getState())).toBe('list');
  });
});
