import { flags, unifiedPrivacy } from '../../../testing/fixtures';
import { createLinkGate, InvalidTrackableLinksStateError, manageLinksGate, showsTrackableLinks, trackableLinksMode } from './trackable-links-gate';

const team = unifiedPrivacy().team_policy;
const input = (overrides: Partial<Parameters<typeof createLinkGate>[0]> = {}) => ({
  privacy: 'open' as const,
  teamPolicy: team,
  permissions: flags(),
  ...overrides,
});

describe('showsTrackableLinks', () => {
  it('shows for PITCH, and for INFOGRAM only with the switch on', () => {
    expect(showsTrackableLinks('PITCH', false)).toBe(true);
    expect(showsTrackableLinks('INFOGRAM', false)).toBe(false);
    expect(showsTrackableLinks('INFOGRAM', true)).toBe(true);
    expect(showsTrackableLinks('AIR_VIDEO_PITCH', true)).toBe(false);
    expect(showsTrackableLinks('CORE', true)).toBe(false);
  });
});

describe('trackableLinksMode', () => {
  it('creates with no links and manages with some', () => {
    expect(trackableLinksMode(0)).toBe('create');
    expect(trackableLinksMode(1)).toBe('manage');
    expect(trackableLinksMode(12)).toBe('manage');
  });
});

describe('createLinkGate', () => {
  it('allows with the flag on an open document', () => {
    expect(createLinkGate(input())).toEqual({ allowed: true });
  });

  it('refuses on a closed document', () => {
    expect(createLinkGate(input({ privacy: 'closed' }))).toEqual({ allowed: false, kind: 'closed' });
  });

  it('refuses when the organisation forbids it', () => {
    expect(createLinkGate(input({ permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED_IN_ORG' }) }))).toEqual({
      allowed: false,
      kind: 'team',
    });
  });

  it('refuses at the limit and says which', () => {
    const limit = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };
    expect(createLinkGate(input({ permissions: flags('ALLOWED', { view_link_own_create: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [limit] } }) }))).toEqual({
      allowed: false,
      kind: 'limit',
      limit,
    });
  });

  it('refuses a user without the right', () => {
    expect(createLinkGate(input({ permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED' }) }))).toEqual({
      allowed: false,
      kind: 'permission',
    });
  });

  it('raises an invalid-state error for a refusal it cannot explain', () => {
    const odd = flags('ALLOWED', { view_link_own_create: 'SOMETHING_NEW' as never });
    expect(() => createLinkGate(input({ permissions: odd }))).toThrow(InvalidTrackableLinksStateError);
  });
});

describe('manageLinksGate', () => {
  it('allows with the right to see own or all links', () => {
    expect(manageLinksGate(input({ permissions: flags('ALLOWED', { view_link_own_get: 'NOT_ALLOWED' }) }))).toEqual({ allowed: true });
  });

  it('refuses without either right', () => {
    expect(manageLinksGate(input({ permissions: flags('ALLOWED', { view_link_own_get: 'NOT_ALLOWED', view_link_all_get: 'NOT_ALLOWED' }) }))).toEqual({
      allowed: false,
      kind: 'permission',
    });
  });

  it('refuses under the team switch-off', () => {
    expect(
      manageLinksGate(
        input({
          teamPolicy: { ...team, disable_trackable_links: true },
          permissions: flags('ALLOWED', { view_link_own_get: 'NOT_ALLOWED_IN_ORG', view_link_all_get: 'NOT_ALLOWED_IN_ORG' }),
        }),
      ),
    ).toEqual({ allowed: false, kind: 'team' });
  });
});
