import type { Permission, PermissionFlags, UnifiedPrivacy } from '@deck/shared/api/contract';
import { embedAccess } from './embed-access';

function privacy(embed: Permission['value'], overrides: Partial<UnifiedPrivacy> = {}): UnifiedPrivacy {
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
    licence: 'premium',
    team_policy: { team_name: 'Acme', disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: false },
    permissions: { embed: { value: embed } } as PermissionFlags,
    ...overrides,
  };
}

describe('embedAccess', () => {
  it('allows embedding with the embed permission', () => {
    expect(embedAccess(privacy('ALLOWED'), 'PITCH')).toEqual({ allowed: true });
    expect(embedAccess(privacy('ALLOWED_BUT_NOT_PREFERRED'), 'CORE')).toEqual({ allowed: true });
  });

  it('says a closed document is for collaborators only', () => {
    expect(embedAccess(privacy('NOT_ALLOWED', { unified_privacy: 'closed' }), 'PITCH')).toEqual({ allowed: false, block: 'only-collaborators' });
  });

  it('names the team when the admin switched sharing off', () => {
    expect(embedAccess(privacy('NOT_ALLOWED_IN_ORG'), 'PITCH')).toEqual({ allowed: false, block: 'team' });
    const teamOff = privacy('NOT_ALLOWED', { team_policy: { ...privacy('ALLOWED').team_policy, disable_sharing: true } });
    expect(embedAccess(teamOff, 'PITCH')).toEqual({ allowed: false, block: 'team' });
  });

  it('refuses without permissions (not loaded or excluded)', () => {
    expect(embedAccess(privacy('ALLOWED', { permissions: undefined }), 'PITCH')).toEqual({ allowed: false, block: 'not-allowed' });
  });

  it('has nothing to embed for a type without a view link, whatever the permission says', () => {
    expect(embedAccess(privacy('NOT_POSSIBLE', { unified_privacy: 'closed', view_link: '', embed_link: '' }), 'AIR_VIDEO_PITCH')).toEqual({
      allowed: false,
      block: 'no-embeddable-view',
    });
  });

  it('refuses a closed document and a switched-off team even if the flag were to allow it', () => {
    expect(embedAccess(privacy('NOT_POSSIBLE', { unified_privacy: 'closed', embed_link: '' }), 'PITCH')).toEqual({ allowed: false, block: 'only-collaborators' });
    const teamOff = { ...privacy('ALLOWED').team_policy, disable_sharing: true };
    expect(embedAccess(privacy('NOT_ALLOWED_IN_ORG', { embed_link: '', team_policy: teamOff }), 'PITCH')).toEqual({ allowed: false, block: 'team' });
  });

  it('gives no code for an iframe type without an embed link, while a design needs none', () => {
    expect(embedAccess(privacy('ALLOWED', { embed_link: '' }), 'PITCH')).toEqual({ allowed: false, block: 'not-allowed' });
    expect(embedAccess(privacy('ALLOWED', { embed_link: '' }), 'INFOGRAM')).toEqual({ allowed: true });
  });
});
