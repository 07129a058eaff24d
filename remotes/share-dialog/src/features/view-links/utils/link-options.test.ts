import type { ViewLink } from '@deck/shared/api/contract';
import { hasChanges, initialCreateOptions, linkChanges, optionsOf, withAnalytics, withViewerIdentification } from './link-options';

const saved: ViewLink = {
  link_id: 'l1',
  presentation_oid: 'qr1',
  owner_oid: 'u1',
  name: 'Board members',
  created_at: '2026-03-01T10:00:00.000Z',
  has_passcode: false,
  expires_at: null,
  allowed_viewers: [],
  revoked: false,
  visible_on_analytics: true,
  viewer_identification: true,
  onboarding: false,
  permissions: { can_update: true, can_delete: true },
  sharer_first_name: 'Alice',
  sharer_last_name: 'Anderson',
  is_unlisted_implicit: false,
  is_owner: true,
  url: 'http://localhost/l/l1',
};

describe('create defaults', () => {
  it('turns analytics on when allowed, off otherwise; identification starts off', () => {
    expect(initialCreateOptions(true)).toEqual({ name: '', visibleOnAnalytics: true, viewerIdentification: false });
    expect(initialCreateOptions(false)).toEqual({ name: '', visibleOnAnalytics: false, viewerIdentification: false });
  });
});

describe('toggle rules', () => {
  it('turning analytics off forces viewer identification off', () => {
    const off = withAnalytics(optionsOf(saved), false);
    expect(off).toEqual({ name: 'Board members', visibleOnAnalytics: false, viewerIdentification: false });
  });

  it('turning analytics back on does not turn identification back on by itself', () => {
    expect(withAnalytics(withAnalytics(optionsOf(saved), false), true).viewerIdentification).toBe(false);
  });

  it('identification can be required only with analytics on', () => {
    const noAnalytics = initialCreateOptions(false);
    expect(withViewerIdentification(noAnalytics, true)).toBe(noAnalytics);
    expect(withViewerIdentification(initialCreateOptions(true), true).viewerIdentification).toBe(true);
    expect(withViewerIdentification(optionsOf(saved), false).viewerIdentification).toBe(false);
  });
});

describe('linkChanges', () => {
  it('finds nothing to save for the saved values', () => {
    const changes = linkChanges(saved, optionsOf(saved));
    expect(hasChanges(changes)).toBe(false);
    expect(changes.update).toEqual({});
  });

  it('sends only what changed, the title trimmed', () => {
    const changes = linkChanges(saved, { ...optionsOf(saved), name: '  Board (Q3) ' });
    expect(changes).toEqual({ renamed: true, analyticsChanged: false, identificationChanged: false, update: { name: 'Board (Q3)' } });
  });

  it('treats a title changed only by surrounding spaces, or emptied, as no rename', () => {
    expect(linkChanges(saved, { ...optionsOf(saved), name: ' Board members ' }).renamed).toBe(false);
    expect(linkChanges(saved, { ...optionsOf(saved), name: '   ' }).renamed).toBe(false);
  });

  it('reports analytics and identification changes separately', () => {
    const changes = linkChanges(saved, withAnalytics(optionsOf(saved), false));
    expect(changes).toEqual({
      renamed: false,
      analyticsChanged: true,
      identificationChanged: true,
      update: { visible_on_analytics: false, viewer_identification: false },
    });
  });
});
