import type { ViewLink } from '@deck/shared/api/contract';
import { createIntl } from 'react-intl';
import type { PermissionKey } from '@deck/shared/api/contract';
import { flags } from '../../../testing/fixtures';
import { explainBlock, reasonText, VIEW_LINK_ANALYTICS_PAYWALL, VIEW_LINK_LIMIT_PAYWALL } from './block-explanation';
import {
  createAnalyticsGate,
  createLinkGate,
  deactivateLinkGate,
  InvalidViewLinkStateError,
  updateAnalyticsGate,
  updateLinkGate,
} from './view-link-gates';

const LIMIT = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };
/** The server's flags (every other one allowed) and the codes of its reasons. */
const open = (overrides: Parameters<typeof flags>[1] = {}, codes: Partial<Record<PermissionKey, string>> = {}) => ({
  permissions: flags('ALLOWED', overrides),
  permission_reason_codes: codes,
});
const refusedAll = (value: Parameters<typeof flags>[0]) => ({ permissions: flags(value) });

function link(overrides: Partial<ViewLink> = {}): ViewLink {
  return {
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
    visible_on_analytics: false,
    viewer_identification: false,
    open_notice: 'off',
    onboarding: false,
    permissions: { can_update: true, can_delete: true },
    sharer_first_name: 'Alice',
    sharer_last_name: 'Anderson',
    is_unlisted_implicit: false,
    is_owner: true,
    url: 'http://localhost/l/l1',
    ...overrides,
  };
}

describe('createLinkGate', () => {
  it('allows on an open document with the right', () => {
    expect(createLinkGate(open())).toEqual({ allowed: true });
  });

  it('refuses on a closed document: the server says so by its code', () => {
    expect(createLinkGate(open({ view_link_own_create: 'NOT_POSSIBLE' }, { view_link_own_create: 'links_closed' }))).toEqual({ allowed: false, kind: 'closed' });
  });

  it('refuses on a type without trackable links, with the server\'s own text', () => {
    const privacy = {
      ...open({ view_link_own_create: 'NOT_POSSIBLE' }, { view_link_own_create: 'links_unavailable' }),
      permission_reasons: { view_link_own_create: 'Trackable links are not available for this type of document.' },
    };
    expect(createLinkGate(privacy)).toEqual({ allowed: false, kind: 'unavailable', message: 'Trackable links are not available for this type of document.' });
  });

  it("reads the code before the value: a missing right is a missing right, whatever the value", () => {
    expect(createLinkGate(open({ view_link_own_create: 'NOT_ALLOWED' }, { view_link_own_create: 'links_manage' }))).toEqual({ allowed: false, kind: 'permission' });
    expect(createLinkGate(open({ view_link_own_create: 'NOT_ALLOWED_IN_ORG' }, { view_link_own_create: 'links_team' }))).toEqual({ allowed: false, kind: 'team' });
  });

  it('refuses when the organisation forbids it', () => {
    expect(createLinkGate(open({ view_link_own_create: 'NOT_ALLOWED_IN_ORG' }))).toEqual({ allowed: false, kind: 'team' });
  });

  it('refuses at the limit and carries the limit', () => {
    expect(createLinkGate(open({ view_link_own_create: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [LIMIT] } }))).toEqual({
      allowed: false,
      kind: 'limit',
      limit: LIMIT,
    });
  });

  it('refuses a user without the right', () => {
    expect(createLinkGate(open({ view_link_own_create: 'NOT_ALLOWED' }))).toEqual({ allowed: false, kind: 'permission' });
  });

  it('raises an invalid-state error for a reason it does not know', () => {
    expect(() => createLinkGate(open({ view_link_own_create: 'SOMETHING_NEW' as never }))).toThrow(InvalidViewLinkStateError);
    expect(() => createLinkGate(open({ view_link_own_create: 'NOT_ALLOWED' }, { view_link_own_create: 'something_new' }))).toThrow(InvalidViewLinkStateError);
  });
});

describe('createAnalyticsGate', () => {
  it('allows analytics with a licence', () => {
    expect(createAnalyticsGate(open())).toEqual({ allowed: true });
  });

  it('asks for a licence when only analytics is paywalled', () => {
    expect(createAnalyticsGate(open({ view_link_own_create_with_analytics: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }))).toEqual({ allowed: false, kind: 'licence' });
  });

  it('follows the create gate first', () => {
    expect(createAnalyticsGate(open({ view_link_own_create: 'NOT_ALLOWED_IN_ORG', view_link_own_create_with_analytics: 'NOT_ALLOWED_IN_ORG' }))).toEqual({
      allowed: false,
      kind: 'team',
    });
  });
});

describe('updateLinkGate and deactivateLinkGate', () => {
  it("allow what the server's per-link answer allows", () => {
    expect(updateLinkGate(link(), refusedAll('NOT_ALLOWED'))).toEqual({ allowed: true });
    expect(deactivateLinkGate(link(), refusedAll('NOT_ALLOWED'))).toEqual({ allowed: true });
  });

  it("explain a refusal by the own flag for one's own link", () => {
    const refused = link({ permissions: { can_update: false, can_delete: false } });
    const team = open({ view_link_own_update: 'NOT_ALLOWED_IN_ORG', view_link_own_delete: 'NOT_ALLOWED_IN_ORG' });
    expect(updateLinkGate(refused, team)).toEqual({ allowed: false, kind: 'team' });
    expect(deactivateLinkGate(refused, team)).toEqual({ allowed: false, kind: 'team' });
  });

  it("explain a refusal by the all-links flag for someone else's link", () => {
    const bobs = link({ is_owner: false, permissions: { can_update: false, can_delete: false } });
    expect(updateLinkGate(bobs, open({ view_link_all_update: 'NOT_ALLOWED' }))).toEqual({ allowed: false, kind: 'permission' });
    expect(deactivateLinkGate(bobs, open({ view_link_all_delete: 'NOT_ALLOWED' }))).toEqual({ allowed: false, kind: 'permission' });
  });

  it('call a refusal the flags do not explain a missing right', () => {
    expect(updateLinkGate(link({ permissions: { can_update: false, can_delete: true } }), open())).toEqual({ allowed: false, kind: 'permission' });
  });
});

describe('updateAnalyticsGate', () => {
  it('needs the analytics right on top of the update right', () => {
    expect(updateAnalyticsGate(link(), open())).toEqual({ allowed: true });
    expect(updateAnalyticsGate(link(), open({ view_link_own_update_with_analytics: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }))).toEqual({ allowed: false, kind: 'licence' });
    expect(updateAnalyticsGate(link(), open({ view_link_own_update_with_analytics: 'NOT_POSSIBLE' }))).toEqual({ allowed: false, kind: 'closed' });
  });
});

describe('explainBlock', () => {
  const intl = createIntl({ locale: 'en', messages: {} });
  const text = (control: Parameters<typeof explainBlock>[0], block: Parameters<typeof explainBlock>[1]) => {
    const e = explainBlock(control, block);
    return { title: intl.formatMessage(e.title), reason: reasonText(intl, e), paywall: e.paywall };
  };

  it("gives spec §8's create refusals", () => {
    expect(text('create', { kind: 'closed' })).toEqual({
      title: 'Not allowed to create trackable links',
      reason: 'Creating trackable links is not allowed for documents in "Only individuals can access"',
      paywall: undefined,
    });
    expect(text('create', { kind: 'team' }).reason).toBe('Creating trackable links is disabled for your team');
    expect(text('create', { kind: 'limit', limit: LIMIT })).toEqual({
      title: 'Not allowed to create trackable links',
      reason: 'You have reached the limit of 1 trackable link on your plan. Upgrade to Pro to create more.',
      paywall: VIEW_LINK_LIMIT_PAYWALL,
    });
    expect(VIEW_LINK_LIMIT_PAYWALL.plan).toBe('pro');
  });

  it("pairs a missing right with 'Not allowed to manage trackable links'", () => {
    for (const control of ['create', 'analytics', 'manage'] as const) {
      expect(text(control, { kind: 'permission' })).toEqual({
        title: 'Not allowed to manage trackable links',
        reason: 'You do not have sufficient permission to manage trackable links',
        paywall: undefined,
      });
    }
  });

  it("offers Upgrade with 'Not allowed to set Analytics' for a missing licence", () => {
    expect(text('analytics', { kind: 'licence' })).toEqual({
      title: 'Not allowed to set Analytics',
      reason: 'Analytics on trackable links needs a Standard, Plus, Premium or Pro licence.',
      paywall: VIEW_LINK_ANALYTICS_PAYWALL,
    });
  });

  it('says why analytics needs an open document', () => {
    expect(text('analytics', { kind: 'closed' }).reason).toBe('Tracking a link in analytics needs the access setting "Anyone with the link can view"');
  });
});

describe('the refusal the server gives every type without trackable links', () => {
  it('shows the server text under the create title', () => {
    const intl = createIntl({ locale: 'en', messages: {} });
    const explanation = explainBlock('create', { kind: 'unavailable', message: 'Trackable links are not available for this type of document.' });
    expect(intl.formatMessage(explanation.title)).toBe('Not allowed to create trackable links');
    expect(reasonText(intl, explanation)).toBe('Trackable links are not available for this type of document.');
  });
});
