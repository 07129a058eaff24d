import type { ViewLink } from '@deck/shared/api/contract';
import {
  createControls,
  fromLocalInput,
  hasChanges,
  initialCreateOptions,
  linkChanges,
  optionsOf,
  toLocalInput,
  withAnalytics,
  withViewerIdentification,
} from './link-options';
import { parseViewerList } from '@deck/shared/domains/view-links/link-controls';

const saved: ViewLink = {
  link_id: 'l1',
  presentation_oid: 'qr1',
  owner_oid: 'u1',
  name: 'Board members',
  created_at: '2026-03-01T10:00:00.000Z',
  has_passcode: false,
  expires_at: null,
  expired: false,
  allowed_viewers: [],
  require_verification: false,
  blocked_viewers: [],
  allow_download: false,
  watermark: false,
  revoked: false,
  visible_on_analytics: true,
  viewer_identification: true,
  open_notice: 'off',
  onboarding: false,
  permissions: { can_update: true, can_delete: true },
  sharer_first_name: 'Alice',
  sharer_last_name: 'Anderson',
  is_unlisted_implicit: false,
  is_owner: true,
  url: 'http://localhost/l/l1',
};

describe('create defaults', () => {
  it('turns analytics on when allowed, off otherwise; identification starts off; notes of first opens with analytics, as the server', () => {
    expect(initialCreateOptions(true)).toEqual({ name: '', visibleOnAnalytics: true, viewerIdentification: false, openNotice: 'first_open', passcode: '', removePasscode: false, expiresAt: '', allowedViewers: '', requireVerification: false, blockedViewers: '', allowDownload: false, watermark: false });
    expect(initialCreateOptions(false)).toEqual({ name: '', visibleOnAnalytics: false, viewerIdentification: false, openNotice: 'off', passcode: '', removePasscode: false, expiresAt: '', allowedViewers: '', requireVerification: false, blockedViewers: '', allowDownload: false, watermark: false });
  });
});

describe('toggle rules', () => {
  it('turning analytics off forces viewer identification and the open notes off', () => {
    const off = withAnalytics(optionsOf({ ...saved, open_notice: 'daily' }), false, 'daily');
    expect(off).toEqual({ name: 'Board members', visibleOnAnalytics: false, viewerIdentification: false, openNotice: 'off', passcode: '', removePasscode: false, expiresAt: '', allowedViewers: '', requireVerification: false, blockedViewers: '', allowDownload: false, watermark: false });
  });

  it('turning analytics back on does not turn identification back on by itself', () => {
    expect(withAnalytics(withAnalytics(optionsOf(saved), false, 'off'), true, 'off').viewerIdentification).toBe(false);
  });

  it('turning analytics back on brings back the given open notes', () => {
    expect(withAnalytics(withAnalytics(optionsOf(saved), false, 'daily'), true, 'daily').openNotice).toBe('daily');
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
    expect(changes).toEqual({ renamed: true, analyticsChanged: false, identificationChanged: false, openNoticeChanged: false, controlsChanged: false, update: { name: 'Board (Q3)' } });
  });

  it('treats a title changed only by surrounding spaces, or emptied, as no rename', () => {
    expect(linkChanges(saved, { ...optionsOf(saved), name: ' Board members ' }).renamed).toBe(false);
    expect(linkChanges(saved, { ...optionsOf(saved), name: '   ' }).renamed).toBe(false);
  });

  it('reports analytics and identification changes separately', () => {
    const changes = linkChanges(saved, withAnalytics(optionsOf(saved), false, 'off'));
    expect(changes).toEqual({
      renamed: false,
      analyticsChanged: true,
      identificationChanged: true,
      openNoticeChanged: false,
      controlsChanged: false,
      update: { visible_on_analytics: false, viewer_identification: false },
    });
  });
});

describe('open notes', () => {
  it('sends a new choice with analytics on, and nothing of it when analytics goes off (the server turns them off)', () => {
    const tracked = { ...saved, open_notice: 'first_open' as const };
    const daily = linkChanges(tracked, { ...optionsOf(tracked), openNotice: 'daily' });
    expect(hasChanges(daily)).toBe(true);
    expect(daily.update).toEqual({ open_notice: 'daily' });
    expect(linkChanges(tracked, withAnalytics(optionsOf(tracked), false, 'first_open')).update).toEqual({ visible_on_analytics: false, viewer_identification: false });
  });
});

describe('view-link controls', () => {
  it('sends a new passcode, its removal, an expiry and an allow list only when they change', () => {
    const protectedLink = { ...saved, has_passcode: true, expires_at: '2026-05-01T10:00:00.000Z', allowed_viewers: ['*@acme.example'] };
    expect(linkChanges(protectedLink, optionsOf(protectedLink)).controlsChanged).toBe(false);
    expect(linkChanges(protectedLink, { ...optionsOf(protectedLink), passcode: 'new-one' }).update).toEqual({ passcode: 'new-one' });
    expect(linkChanges(protectedLink, { ...optionsOf(protectedLink), removePasscode: true }).update).toEqual({ passcode: null });
    expect(linkChanges(protectedLink, { ...optionsOf(protectedLink), expiresAt: '' }).update).toEqual({ expires_at: null });
    expect(linkChanges(protectedLink, { ...optionsOf(protectedLink), allowedViewers: '*@acme.example, Kim@Other.example' }).update).toEqual({
      allowed_viewers: ['*@acme.example', 'kim@other.example'],
    });
  });

  it('a new link sends only the controls that are set', () => {
    expect(createControls(initialCreateOptions(true))).toEqual({});
    expect(createControls({ ...initialCreateOptions(true), passcode: 'abcd', allowedViewers: ' a@b.example ;a@b.example\n*@c.example' })).toEqual({
      passcode: 'abcd',
      allowed_viewers: ['a@b.example', '*@c.example'],
    });
  });

  it('a datetime-local value and the ISO time round-trip in the viewer zone', () => {
    const iso = fromLocalInput('2026-05-01T10:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso!)).toBe('2026-05-01T10:30');
    expect(fromLocalInput('')).toBeNull();
    expect(parseViewerList('')).toEqual([]);
  });
});
