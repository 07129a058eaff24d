import { flags, privacySetFlags, unifiedPrivacy } from '../../../testing/fixtures';
import { privacyControlGate, privacyGate, publishGate, reusableGate, setPrivacyFlag, settingsForPrivacy } from './privacy-gates';

const teamOff = { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true };

describe('setPrivacyFlag', () => {
  it('names the flag of the target settings', () => {
    expect(setPrivacyFlag({ privacy: 'closed', published: false, reusable: true })).toBe('unified_privacy_set_closed_unpublished_reusable');
    expect(setPrivacyFlag({ privacy: 'open', published: true, reusable: false })).toBe('unified_privacy_set_open_published_copyrighted');
  });

  it('unpublishes a document that is closed', () => {
    expect(settingsForPrivacy(unifiedPrivacy({ is_published: true }), 'closed')).toEqual({ privacy: 'closed', published: false, reusable: false });
    expect(settingsForPrivacy(unifiedPrivacy({ is_published: true }), 'open')).toEqual({ privacy: 'open', published: true, reusable: false });
  });
});

describe('privacyGate', () => {
  it('allows the owner with the flag', () => {
    expect(privacyGate(unifiedPrivacy(), 'closed')).toEqual({ allowed: true });
  });

  it('refuses anyone but the owner', () => {
    expect(privacyGate(unifiedPrivacy({ is_owner: false, permissions: flags('NOT_ALLOWED') }), 'closed')).toEqual({ allowed: false, block: 'not-owner' });
  });

  it('refuses under a team switch-off', () => {
    const privacy = unifiedPrivacy({ team_policy: teamOff, permissions: flags('ALLOWED', privacySetFlags('NOT_ALLOWED_IN_ORG')) });
    expect(privacyGate(privacy, 'closed')).toEqual({ allowed: false, block: 'team' });
  });

  it('asks for a licence when the features do not include privacy control', () => {
    const privacy = unifiedPrivacy({ licence: null, permissions: flags('ALLOWED', { unified_privacy_set_closed_unpublished_copyrighted: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }) });
    expect(privacyGate(privacy, 'closed')).toEqual({ allowed: false, block: 'licence' });
    expect(privacyGate(privacy, 'open')).toEqual({ allowed: true });
  });

  it('refuses Only individuals can access while trackable links exist, even if the flag allows it', () => {
    expect(privacyGate(unifiedPrivacy({ view_link_count: 2 }), 'closed')).toEqual({ allowed: false, block: 'trackable-links' });
    expect(
      privacyGate(unifiedPrivacy({ view_link_count: 1, permissions: flags('ALLOWED', privacySetFlags('NOT_POSSIBLE')) }), 'closed'),
    ).toEqual({ allowed: false, block: 'trackable-links' });
  });

  it('lets a closed document with links be opened', () => {
    expect(privacyGate(unifiedPrivacy({ unified_privacy: 'closed', view_link_count: 1 }), 'open')).toEqual({ allowed: true });
  });

  it('says the change is not possible when the server refuses for no known reason', () => {
    expect(privacyGate(unifiedPrivacy({ permissions: flags('ALLOWED', privacySetFlags('NOT_POSSIBLE')) }), 'closed')).toEqual({
      allowed: false,
      block: 'not-possible',
    });
  });

  it('gates the control by the level it is not at', () => {
    expect(privacyControlGate(unifiedPrivacy({ view_link_count: 1 }))).toEqual({ allowed: false, block: 'trackable-links' });
    expect(privacyControlGate(unifiedPrivacy({ unified_privacy: 'closed', view_link_count: 1 }))).toEqual({ allowed: true });
  });
});

describe('publishGate', () => {
  it('allows the owner of an open document', () => {
    expect(publishGate(unifiedPrivacy(), true)).toEqual({ allowed: true });
  });

  it('refuses to publish a document only collaborators can access', () => {
    const privacy = unifiedPrivacy({ unified_privacy: 'closed', permissions: flags('ALLOWED', privacySetFlags('NOT_POSSIBLE')) });
    expect(publishGate(privacy, true)).toEqual({ allowed: false, block: 'restricted' });
  });

  it('refuses anyone but the owner', () => {
    expect(publishGate(unifiedPrivacy({ is_owner: false, permissions: flags('NOT_ALLOWED') }), true)).toEqual({ allowed: false, block: 'not-owner' });
  });

  it('refuses when the team admin switched publishing off', () => {
    const privacy = unifiedPrivacy({ team_policy: teamOff, permissions: flags('ALLOWED', privacySetFlags('NOT_ALLOWED_IN_ORG')) });
    expect(publishGate(privacy, true)).toEqual({ allowed: false, block: 'team' });
  });

  it('asks a free user for a licence to unpublish', () => {
    const privacy = unifiedPrivacy({
      licence: null,
      is_published: true,
      permissions: flags('ALLOWED', { unified_privacy_set_open_unpublished_copyrighted: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }),
    });
    expect(publishGate(privacy, false)).toEqual({ allowed: false, block: 'licence' });
  });
});

describe('reusableGate', () => {
  it('allows the owner', () => {
    expect(reusableGate(unifiedPrivacy(), true)).toEqual({ allowed: true });
  });

  it('tells a recipient that a document shared with them is not reusable', () => {
    expect(reusableGate(unifiedPrivacy({ is_owner: false, permissions: flags('NOT_ALLOWED') }), true)).toEqual({
      allowed: false,
      block: 'shared-not-reusable',
    });
  });

  it('tells a recipient of a reusable document that only the owner may change it', () => {
    expect(reusableGate(unifiedPrivacy({ is_owner: false, is_reusable: true, permissions: flags('NOT_ALLOWED') }), false)).toEqual({
      allowed: false,
      block: 'not-owner',
    });
  });

  it('says reusable cannot be set for a document the server refuses', () => {
    expect(reusableGate(unifiedPrivacy({ permissions: flags('ALLOWED', privacySetFlags('NOT_POSSIBLE')) }), true)).toEqual({
      allowed: false,
      block: 'not-possible',
    });
  });

  it('refuses under a team switch-off of privacy changes', () => {
    expect(reusableGate(unifiedPrivacy({ team_policy: teamOff, permissions: flags('ALLOWED', privacySetFlags('NOT_ALLOWED_IN_ORG')) }), true)).toEqual({
      allowed: false,
      block: 'team',
    });
  });
});
