import type { PermissionKey, PermissionValue } from '@deck/shared/api/contract';
import { flags, privacySetFlags, unifiedPrivacy } from '../../../testing/fixtures';
import { privacyControlGate, privacyGate, publishGate, reusableGate, setPrivacyFlag, settingsForPrivacy } from './privacy-gates';

/** Every unified_privacy_set_* flag refused with `value` and the server's reason `code`. */
function refusedWith(value: PermissionValue, code: string, extra: Parameters<typeof unifiedPrivacy>[0] = {}) {
  const set = privacySetFlags(value);
  const codes = Object.fromEntries(Object.keys(set).map((key) => [key, code])) as Partial<Record<PermissionKey, string>>;
  return unifiedPrivacy({ permissions: flags('ALLOWED', set), permission_reason_codes: codes, ...extra });
}

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

describe('the gates read the server: its flag, and the code of its reason', () => {
  it('allow what the server allows, and the current level always', () => {
    expect(privacyGate(unifiedPrivacy(), 'closed')).toEqual({ allowed: true });
    expect(publishGate(unifiedPrivacy(), true)).toEqual({ allowed: true });
    expect(reusableGate(unifiedPrivacy(), true)).toEqual({ allowed: true });
    expect(privacyGate(refusedWith('NOT_ALLOWED', 'only_owner_privacy'), 'open')).toEqual({ allowed: true });
  });

  it.each([
    ['only_owner_privacy', 'NOT_ALLOWED', 'not-owner'],
    ['team_privacy', 'NOT_ALLOWED_IN_ORG', 'team'],
    ['privacy_paywall', 'NOT_ALLOWED_WITH_CURRENT_FEATURES', 'licence'],
    ['close_with_trackable_links', 'NOT_POSSIBLE', 'trackable-links'],
  ] as const)('the access level refused with %s is %s', (code, value, block) => {
    expect(privacyGate(refusedWith(value, code), 'closed')).toEqual({ allowed: false, block });
    expect(privacyControlGate(refusedWith(value, code))).toEqual({ allowed: false, block });
  });

  it.each([
    ['only_owner_publish', 'NOT_ALLOWED', 'not-owner'],
    ['team_publish', 'NOT_ALLOWED_IN_ORG', 'team'],
    ['publish_closed', 'NOT_POSSIBLE', 'restricted'],
    ['privacy_paywall', 'NOT_ALLOWED_WITH_CURRENT_FEATURES', 'licence'],
  ] as const)('Public refused with %s is %s', (code, value, block) => {
    expect(publishGate(refusedWith(value, code), true)).toEqual({ allowed: false, block });
  });

  it.each([
    ['not_reusable', 'NOT_ALLOWED', 'shared-not-reusable'],
    ['only_owner_privacy', 'NOT_ALLOWED', 'not-owner'],
    ['reusable_not_allowed', 'NOT_POSSIBLE', 'not-possible'],
    ['team_privacy', 'NOT_ALLOWED_IN_ORG', 'team'],
  ] as const)('Reusable refused with %s is %s', (code, value, block) => {
    expect(reusableGate(refusedWith(value, code), true)).toEqual({ allowed: false, block });
  });

  it("do not work a reason out from the document's state: the server's code wins over it", () => {
    // A document with trackable links that the server lets close (it counts all links): allowed.
    expect(privacyGate(unifiedPrivacy({ view_link_count: 2 }), 'closed')).toEqual({ allowed: true });
    // A non-owner refused for a licence is told about the licence, not about ownership.
    expect(privacyGate(refusedWith('NOT_ALLOWED_WITH_CURRENT_FEATURES', 'privacy_paywall', { is_owner: false }), 'closed')).toEqual({
      allowed: false,
      block: 'licence',
    });
  });

  it('fall back to the permission value from a server that sent no code', () => {
    const noCodes = (value: PermissionValue) => unifiedPrivacy({ permissions: flags('ALLOWED', privacySetFlags(value)) });
    expect(privacyGate(noCodes('NOT_ALLOWED'), 'closed')).toEqual({ allowed: false, block: 'not-owner' });
    expect(privacyGate(noCodes('NOT_ALLOWED_IN_ORG'), 'closed')).toEqual({ allowed: false, block: 'team' });
    expect(privacyGate(noCodes('NOT_ALLOWED_WITH_CURRENT_FEATURES'), 'closed')).toEqual({ allowed: false, block: 'licence' });
    expect(privacyGate(noCodes('NOT_POSSIBLE'), 'closed')).toEqual({ allowed: false, block: 'not-possible' });
  });
});
