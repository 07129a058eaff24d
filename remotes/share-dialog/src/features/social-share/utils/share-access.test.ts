import type { PermissionFlags, PermissionValue, UnifiedPrivacy } from '@deck/shared/api/contract';
import { shareAccess } from './share-access';

function privacy(social: PermissionValue, code: string | null = null, overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
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
    expired_view_link_count: 0,
    address_protection: 'closes',
    licence: null,
    team_policy: { team_name: null, disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false , require_link_passcode: false, max_link_expiry_days: null},
    permissions: { social_share: { value: social } } as PermissionFlags,
    permission_reason_codes: code ? { social_share: code } : {},
    ...overrides,
  };
}

describe('shareAccess reads the server: its social_share flag and the code of its reason', () => {
  it('allows sharing with the social_share permission and a view link', () => {
    expect(shareAccess(privacy('ALLOWED'))).toEqual({ allowed: true });
  });

  it.each([
    ['social_closed', 'NOT_POSSIBLE', 'needs-open-link'],
    ['team_sharing', 'NOT_ALLOWED_IN_ORG', 'team'],
    ['no_view_url', 'NOT_POSSIBLE', 'no-view-link'],
  ] as const)('refused with %s is %s', (code, value, block) => {
    expect(shareAccess(privacy(value, code))).toEqual({ allowed: false, block });
  });

  it('falls back to the value from a server that sends no code, and refuses while the permissions are not loaded', () => {
    expect(shareAccess(privacy('NOT_ALLOWED_IN_ORG'))).toEqual({ allowed: false, block: 'team' });
    expect(shareAccess(privacy('NOT_POSSIBLE'))).toEqual({ allowed: false, block: 'needs-open-link' });
    expect(shareAccess(privacy('ALLOWED', null, { permissions: undefined }))).toEqual({ allowed: false, block: 'needs-open-link' });
  });
});
