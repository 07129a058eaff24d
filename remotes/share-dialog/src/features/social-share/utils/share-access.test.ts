import type { PermissionFlags, PermissionValue, UnifiedPrivacy } from '@deck/shared/api/contract';
import { shareAccess } from './share-access';

function privacy(social: PermissionValue, overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
  return {
    unified_privacy: 'open',
    is_owner: true,
    is_published: false,
    is_reusable: false,
    view_link: 'https://deck.example/view/abc/',
    default_link: '',
    embed_link: '',
    view_token: 'tok',
    view_link_count: 0,
    licence: null,
    team_policy: { team_name: null, disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false },
    permissions: { social_share: { value: social } } as PermissionFlags,
    ...overrides,
  };
}

describe('shareAccess', () => {
  it('allows sharing with the social_share permission and a view link', () => {
    expect(shareAccess(privacy('ALLOWED'))).toEqual({ allowed: true });
  });

  it("asks for 'Anyone with the link can view' otherwise", () => {
    expect(shareAccess(privacy('NOT_ALLOWED', { unified_privacy: 'closed' }))).toEqual({ allowed: false, block: 'needs-open-link' });
    expect(shareAccess(privacy('ALLOWED', { permissions: undefined }))).toEqual({ allowed: false, block: 'needs-open-link' });
  });

  it('names the team when its admin switched sharing off', () => {
    expect(shareAccess(privacy('NOT_ALLOWED_IN_ORG'))).toEqual({ allowed: false, block: 'team' });
    const switchedOff = privacy('NOT_ALLOWED', { team_policy: { ...privacy('ALLOWED').team_policy, disable_sharing: true } });
    expect(shareAccess(switchedOff)).toEqual({ allowed: false, block: 'team' });
  });

  it('has nothing to post without a view URL', () => {
    expect(shareAccess(privacy('ALLOWED', { view_link: '' }))).toEqual({ allowed: false, block: 'no-view-link' });
    expect(shareAccess(privacy('NOT_POSSIBLE', { view_link: '' }))).toEqual({ allowed: false, block: 'no-view-link' });
  });

  it('reads NOT_POSSIBLE on a closed document with a view URL as needing an open link', () => {
    expect(shareAccess(privacy('NOT_POSSIBLE', { unified_privacy: 'closed' }))).toEqual({ allowed: false, block: 'needs-open-link' });
  });
});
