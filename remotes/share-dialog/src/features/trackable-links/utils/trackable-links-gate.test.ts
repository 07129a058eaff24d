import type { PermissionKey } from '@deck/shared/api/contract';
import { flags } from '../../../testing/fixtures';
import { createLinkGate, InvalidTrackableLinksStateError, manageLinksGate, trackableLinksMode } from './trackable-links-gate';

/** The server's flags (every other one allowed) and the codes of its reasons. */
const decided = (overrides: Parameters<typeof flags>[1] = {}, codes: Partial<Record<PermissionKey, string>> = {}) => ({
  permissions: flags('ALLOWED', overrides),
  permission_reason_codes: codes,
});

describe('trackableLinksMode', () => {
  it('creates with no links and manages with some', () => {
    expect(trackableLinksMode(0)).toBe('create');
    expect(trackableLinksMode(1)).toBe('manage');
    expect(trackableLinksMode(12)).toBe('manage');
  });
});

describe('createLinkGate reads the server: its flag and the code of its reason', () => {
  it('allows with the flag', () => {
    expect(createLinkGate(decided())).toEqual({ allowed: true });
  });

  it.each([
    ['links_closed', 'NOT_POSSIBLE', 'closed'],
    ['links_team', 'NOT_ALLOWED_IN_ORG', 'team'],
    ['links_manage', 'NOT_ALLOWED', 'permission'],
  ] as const)('refused with %s is %s', (code, value, kind) => {
    expect(createLinkGate(decided({ view_link_own_create: value }, { view_link_own_create: code }))).toEqual({ allowed: false, kind });
  });

  it('refuses at the limit and says which', () => {
    const limit = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };
    expect(createLinkGate(decided({ view_link_own_create: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [limit] } }, { view_link_own_create: 'links_limit' }))).toEqual({
      allowed: false,
      kind: 'limit',
      limit,
    });
  });

  it('raises an invalid-state error for a refusal it cannot explain', () => {
    expect(() => createLinkGate(decided({ view_link_own_create: 'SOMETHING_NEW' as never }))).toThrow(InvalidTrackableLinksStateError);
  });
});

describe('manageLinksGate', () => {
  it('allows with the right to see own or all links', () => {
    expect(manageLinksGate(decided({ view_link_own_get: 'NOT_ALLOWED' }))).toEqual({ allowed: true });
  });

  it('refuses without either right: a missing right', () => {
    expect(manageLinksGate(decided({ view_link_own_get: 'NOT_ALLOWED', view_link_all_get: 'NOT_ALLOWED' }, { view_link_own_get: 'links_manage' }))).toEqual({
      allowed: false,
      kind: 'permission',
    });
  });
});
