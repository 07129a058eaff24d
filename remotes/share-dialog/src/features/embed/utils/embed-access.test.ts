import type { Permission, PermissionFlags, UnifiedPrivacy } from '@deck/shared/api/contract';
import { embedAccess } from './embed-access';

function privacy(embed: Permission['value'], code: string | null = null, overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
  return {
    unified_privacy: 'open',
    is_owner: true,
    is_published: false,
    is_reusable: false,
    view_link: 'https://deck.example/view/abc/',
    default_link: '',
    embed_link: 'https://deck.example/embed/abc/',
    view_token: 'tok',
    view_link_count: 0,
    expired_view_link_count: 0,
    address_protection: 'closes',
    licence: 'premium',
    team_policy: { team_name: 'Acme', disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false , require_link_passcode: false, max_link_expiry_days: null},
    permissions: { embed: { value: embed } } as PermissionFlags,
    permission_reason_codes: code ? { embed: code } : {},
    ...overrides,
  };
}

describe('embedAccess reads the server: its embed flag and the code of its reason', () => {
  it('allows embedding with the embed permission', () => {
    expect(embedAccess(privacy('ALLOWED'), 'PITCH')).toEqual({ allowed: true });
    expect(embedAccess(privacy('ALLOWED_BUT_NOT_PREFERRED'), 'CORE')).toEqual({ allowed: true });
  });

  it.each([
    ['embed_collaborators', 'NOT_POSSIBLE', 'only-collaborators'],
    ['team_sharing', 'NOT_ALLOWED_IN_ORG', 'team'],
    ['no_view_url', 'NOT_POSSIBLE', 'no-embeddable-view'],
  ] as const)('refused with %s is %s', (code, value, block) => {
    expect(embedAccess(privacy(value, code, { embed_link: '' }), 'PITCH')).toEqual({ allowed: false, block });
  });

  it("does not work a reason out from the document's state", () => {
    // The team's switch is the server's to apply: its code says the document is for collaborators only.
    const teamOff = { ...privacy('ALLOWED').team_policy, disable_sharing: true };
    expect(embedAccess(privacy('NOT_POSSIBLE', 'embed_collaborators', { team_policy: teamOff }), 'PITCH')).toEqual({ allowed: false, block: 'only-collaborators' });
  });

  it('refuses without permissions (not loaded or excluded)', () => {
    expect(embedAccess(privacy('ALLOWED', null, { permissions: undefined }), 'PITCH')).toEqual({ allowed: false, block: 'only-collaborators' });
  });

  it('gives no code for an iframe type without an embed link, while a design needs none', () => {
    expect(embedAccess(privacy('ALLOWED', null, { embed_link: '' }), 'PITCH')).toEqual({ allowed: false, block: 'not-allowed' });
    expect(embedAccess(privacy('ALLOWED', null, { embed_link: '' }), 'INFOGRAM')).toEqual({ allowed: true });
  });
});
