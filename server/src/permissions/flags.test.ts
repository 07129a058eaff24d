import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { Licence, PermissionKey, PermissionLevel } from '@deck/shared/api/contract';
import {
  computePermissions,
  decidePrivacyChange,
  hasTrackableLinks,
  isAllowed,
  permissionsFor,
  privacyFlagKey,
  type DocumentFacts,
  type PermissionInput,
  type TeamFacts,
} from './flags';
import { effectiveLevel } from './levels';
import { MESSAGES } from './messages';

const openDoc: DocumentFacts = {
  schemaVersionName: 'PITCH',
  privacy: 'open',
  published: false,
  reusable: false,
  showcaseProhibited: false,
  liveViewLinkCount: 0,
  linkProtected: false,
  ownerHasTeam: true,
  ownerTeamLinkRules: null,
  ownerTeamDisablesSharing: false,
  trackableLinks: true,
};
const globex: TeamFacts = { name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null};

function input(level: PermissionLevel, licence: Licence | null = 'premium', doc: Partial<DocumentFacts> = {}, extra: { team?: TeamFacts | null; own?: number } = {}): PermissionInput {
  return {
    user: { userId: 1, licence, team: extra.team ?? null, ownLiveViewLinkCount: extra.own ?? 0 },
    doc: { ...openDoc, ...doc },
    level,
  };
}

describe('effectiveLevel', () => {
  test('owner wins; otherwise the higher of individual and team grant', () => {
    assert.equal(effectiveLevel({ isOwner: true, individual: null, teamGrant: null }), 'owner');
    assert.equal(effectiveLevel({ isOwner: false, individual: 'viewer', teamGrant: { can_view: true, can_comment: true, can_edit: false } }), 'can_comment');
    assert.equal(effectiveLevel({ isOwner: false, individual: 'editor', teamGrant: { can_view: true, can_comment: false, can_edit: false } }), 'can_edit');
    assert.equal(effectiveLevel({ isOwner: false, individual: null, teamGrant: null }), 'no_access');
  });
});

describe('computePermissions', () => {
  test('owner with a licence may do everything on an open document', () => {
    const { flags } = computePermissions(input('owner'));
    for (const key of Object.keys(flags) as PermissionKey[]) {
      if (key.startsWith('unified_privacy_set_closed_published') || key === 'share_private' || key.startsWith('share_private')) continue;
      if (key === 'unified_privacy_set_open_unpublished_copyrighted' || key === 'share_hidden' || key === 'share_hidden_copyrighted') {
        assert.equal(flags[key].value, 'ALLOWED_BUT_NO_EFFECT', key);
        continue;
      }
      assert.ok(isAllowed(flags[key]), `${key} = ${flags[key].value}`);
    }
    assert.equal(flags.unified_privacy_set_closed_published_reusable.value, 'NOT_POSSIBLE');
    assert.equal(flags.unified_privacy_set_closed_unpublished_copyrighted.value, 'ALLOWED');
  });

  test('non-owners never get privacy, publish, reusable or organisation rights', () => {
    for (const level of ['can_edit', 'can_comment', 'can_view', 'no_access'] as const) {
      const { flags, reasons } = computePermissions(input(level));
      assert.equal(flags.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_ALLOWED');
      assert.equal(reasons.unified_privacy_set_closed_unpublished_copyrighted, MESSAGES.onlyOwnerPrivacy);
      assert.equal(reasons.unified_privacy_set_open_published_copyrighted, MESSAGES.onlyOwnerPublish);
      assert.equal(flags.collaborator_organization_add_viewer.value, 'NOT_ALLOWED');
      assert.equal(flags.collaborator_organization_remove.value, 'NOT_ALLOWED');
      assert.equal(flags.view_link_all_get.value, 'NOT_ALLOWED');
    }
  });

  test('collaborators may grant levels at or below their own', () => {
    const editor = computePermissions(input('can_edit')).flags;
    assert.ok(isAllowed(editor.collaborator_individual_add_editor));
    assert.ok(isAllowed(editor.collaborator_individual_remove_others));
    const commenter = computePermissions(input('can_comment')).flags;
    assert.ok(isAllowed(commenter.collaborator_individual_add_commenter));
    assert.equal(commenter.collaborator_individual_add_editor.value, 'NOT_ALLOWED');
    assert.equal(commenter.collaborator_individual_remove_others.value, 'NOT_ALLOWED');
    const viewer = computePermissions(input('can_view')).flags;
    assert.ok(isAllowed(viewer.collaborator_individual_add_viewer));
    assert.equal(viewer.collaborator_individual_add_commenter.value, 'NOT_ALLOWED');
    assert.equal(viewer.collaborator_individual_update_editor.value, 'NOT_ALLOWED');
    const stranger = computePermissions(input('no_access')).flags;
    assert.equal(stranger.collaborator_individual_add_viewer.value, 'NOT_ALLOWED');
  });

  test('free owner: closing is paywalled; one link without analytics, then the limit', () => {
    const free = computePermissions(input('owner', null));
    assert.equal(free.flags.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_ALLOWED_WITH_CURRENT_FEATURES');
    assert.equal(free.reasons.unified_privacy_set_closed_unpublished_copyrighted, MESSAGES.privacyPaywall);
    assert.equal(free.flags.view_link_own_create.value, 'ALLOWED');
    assert.equal(free.flags.view_link_own_create_with_analytics.value, 'NOT_ALLOWED_WITH_CURRENT_FEATURES');
    const atLimit = computePermissions(input('owner', null, {}, { own: 1 }));
    assert.equal(atLimit.flags.view_link_own_create.value, 'NOT_ALLOWED_LIMIT_REACHED');
    assert.equal(atLimit.flags.view_link_own_create_with_analytics.value, 'NOT_ALLOWED_LIMIT_REACHED');
    assert.deepEqual(atLimit.flags.view_link_own_create.limits, [{ code: 'VIEW_LINK_LIMIT', limit_value: 1, current_value: 1, reached: true }]);
    const paid = computePermissions(input('owner', 'standard', {}, { own: 10 }));
    assert.equal(paid.flags.view_link_own_create.value, 'ALLOWED');
    assert.equal(paid.flags.view_link_own_create.limits, undefined);
  });

  test('team switch-offs give NOT_ALLOWED_IN_ORG', () => {
    const { flags, reasons, teamPolicy } = computePermissions(input('owner', 'plus', {}, { team: globex }));
    assert.equal(flags.unified_privacy_set_closed_unpublished_copyrighted.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(reasons.unified_privacy_set_closed_unpublished_copyrighted, MESSAGES.teamPrivacy);
    assert.equal(flags.unified_privacy_set_open_published_copyrighted.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(reasons.unified_privacy_set_open_published_copyrighted, MESSAGES.teamPublish);
    assert.equal(flags.unified_privacy_set_open_unpublished_reusable.value, 'ALLOWED');
    assert.equal(flags.collaborator_individual_add_viewer.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(flags.view_link_own_create.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(reasons.view_link_own_create, MESSAGES.linksTeam);
    assert.equal(flags.social_share.value, 'NOT_ALLOWED_IN_ORG');
    assert.deepEqual(teamPolicy, { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null});
  });

  test("a team member's Create link on a closed document: the team's switch is the reason, not the privacy", () => {
    // The dialog shows this reason as it comes (docs/architecture.md, "How a request is authorised"): the team's
    // switch-off is decided before the document's privacy, so a Globex editor reads the team's rule.
    const { flags, reasons } = computePermissions(input('can_edit', 'premium', { privacy: 'closed' }, { team: globex }));
    assert.equal(flags.view_link_own_create.value, 'NOT_ALLOWED_IN_ORG');
    assert.equal(reasons.view_link_own_create, MESSAGES.linksTeam);
  });

  test('closed documents: no publishing, no trackable links, no social share, no embed', () => {
    const { flags, reasons } = computePermissions(input('owner', 'premium', { privacy: 'closed' }));
    // Embedding shows the document to every visitor of another page: even its owner may not embed it while closed.
    assert.equal(flags.embed.value, 'NOT_POSSIBLE');
    assert.equal(reasons.embed, MESSAGES.embedCollaborators);
    assert.equal(flags.unified_privacy_set_closed_published_copyrighted.value, 'NOT_POSSIBLE');
    assert.equal(reasons.unified_privacy_set_closed_published_copyrighted, MESSAGES.publishClosed);
    assert.equal(flags.view_link_own_create.value, 'NOT_POSSIBLE');
    assert.equal(reasons.view_link_own_create, MESSAGES.linksClosed);
    assert.equal(flags.social_share.value, 'NOT_POSSIBLE');
    assert.ok(isAllowed(flags.unified_privacy_set_open_published_copyrighted));
  });

  test('closing with live trackable links is refused with the spec text, from the first live link', () => {
    for (const liveViewLinkCount of [1, 2]) {
      const d = decidePrivacyChange(input('owner', 'premium', { liveViewLinkCount }), { privacy: 'closed', published: false, reusable: false });
      assert.equal(d.value, 'NOT_POSSIBLE', `${liveViewLinkCount} live link(s)`);
      assert.deepEqual(d.reason, { text: MESSAGES.closeWithTrackableLinks, message_code: 'close_with_trackable_links' });
    }
    assert.equal(decidePrivacyChange(input('owner', 'premium'), { privacy: 'closed', published: false, reusable: false }).value, 'ALLOWED');
  });

  test('types without a view URL cannot be shared socially or embedded', () => {
    const { flags } = computePermissions(input('owner', 'premium', { schemaVersionName: 'CORE' }));
    assert.equal(flags.social_share.value, 'NOT_POSSIBLE');
    assert.equal(flags.embed.value, 'NOT_POSSIBLE');
  });

  test('anonymous visitors: read only on open documents', () => {
    const anon = computePermissions({ user: null, doc: openDoc, level: 'no_access' }).flags;
    assert.ok(isAllowed(anon.unified_privacy_get));
    assert.equal(anon.collaborator_individual_add_viewer.value, 'NOT_ALLOWED');
    assert.equal(anon.view_link_own_create.value, 'NOT_ALLOWED');
    const closed = computePermissions({ user: null, doc: { ...openDoc, privacy: 'closed' }, level: 'no_access' }).flags;
    assert.equal(closed.unified_privacy_get.value, 'NOT_ALLOWED');
  });
});

describe('properties', () => {
  const levelArb = fc.constantFrom<PermissionLevel>('no_access', 'can_view', 'can_comment', 'can_edit', 'owner');
  const licenceArb = fc.constantFrom<Licence | null>(null, 'standard', 'plus', 'premium', 'pro');
  const teamArb = fc.option(
    fc.record({
      name: fc.constant('T'),
      disable_privacy_changes: fc.boolean(),
      disable_publishing: fc.boolean(),
      disable_sharing: fc.boolean(),
      disable_trackable_links: fc.boolean(),
      require_link_passcode: fc.boolean(),
      max_link_expiry_days: fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }),
    }),
    { nil: null },
  );
  const docArb = fc.record({
    schemaVersionName: fc.constantFrom('PITCH', 'INFOGRAM', 'CORE', 'AIR_VIDEO_PITCH', 'TIMELINE'),
    privacy: fc.constantFrom<'open' | 'closed'>('open', 'closed'),
    published: fc.boolean(),
    reusable: fc.boolean(),
    showcaseProhibited: fc.boolean(),
    liveViewLinkCount: fc.nat(5),
    linkProtected: fc.boolean(),
    ownerHasTeam: fc.boolean(),
    ownerTeamLinkRules: fc.option(fc.record({ require_link_passcode: fc.boolean(), max_link_expiry_days: fc.option(fc.integer({ min: 1, max: 365 }), { nil: null }) }), { nil: null }),
    ownerTeamDisablesSharing: fc.boolean(),
    trackableLinks: fc.boolean(),
  });
  const inputArb = fc.record({
    level: levelArb,
    licence: licenceArb,
    team: teamArb,
    doc: docArb,
    own: fc.nat(5),
    anonymous: fc.boolean(),
  }).map(({ level, licence, team, doc, own, anonymous }): PermissionInput =>
    anonymous
      ? { user: null, doc, level: 'no_access' }
      : { user: { userId: 1, licence, team, ownLiveViewLinkCount: own }, doc, level },
  );

  // The property tests' assert.ok calls carry a message: without one, Node reads and parses this file to quote the
  // failing expression, on every failure of every shrinking step, and a seeded defect took minutes to report.
  test('permissionsFor answers exactly as computePermissions, for any facts, and its shared answers are frozen', () => {
    fc.assert(
      fc.property(inputArb, fc.integer({ min: 1, max: 1_000 }), (input, userId) => {
        const asked = input.user ? { ...input, user: { ...input.user, userId } } : input;
        const cached = permissionsFor(asked);
        assert.deepEqual(cached, computePermissions(asked));
        assert.equal(permissionsFor(asked), cached, 'the same facts give the same (cached) answer');
        assert.ok(Object.isFrozen(cached.decisions.collaborator_individual_add_viewer), 'a shared answer is frozen');
      }),
      { numRuns: 2_000 },
    );
  });

  test('no flag ever lets a non-owner change privacy, publish, reusable or the team permission', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        if (i.level === 'owner' && i.user) return;
        const { flags } = computePermissions(i);
        for (const key of Object.keys(flags) as PermissionKey[]) {
          if (key.startsWith('unified_privacy_set_') || key.startsWith('share_') || key.startsWith('collaborator_organization_')) {
            assert.ok(!isAllowed(flags[key]), key);
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  test('a closed document never allows publishing, new trackable links or social sharing', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const closed = { ...i, doc: { ...i.doc, privacy: 'closed' as const } };
        const { flags } = computePermissions(closed);
        assert.ok(!isAllowed(flags.view_link_own_create), 'view_link_own_create');
        assert.ok(!isAllowed(flags.view_link_own_create_with_analytics), 'view_link_own_create_with_analytics');
        assert.ok(!isAllowed(flags.social_share), 'social_share');
        assert.ok(!isAllowed(flags[privacyFlagKey({ privacy: 'closed', published: true, reusable: false })]), 'publish while closed');
      }),
      { numRuns: 300 },
    );
  });

  test('a type without trackable links refuses creating one to everyone, first of all reasons', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const without = { ...i, doc: { ...i.doc, trackableLinks: false } };
        const { flags, reasons } = computePermissions(without);
        for (const key of ['view_link_own_create', 'view_link_own_create_with_analytics'] as const) {
          assert.equal(flags[key].value, 'NOT_POSSIBLE', key);
          assert.equal(reasons[key], MESSAGES.linksUnavailable, key);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('team switch-offs always refuse in org; nobody grants above their own level; every refusal has a reason', () => {
    fc.assert(
      fc.property(inputArb, (i) => {
        const { flags, reasons } = computePermissions(i);
        if (i.user?.team?.disable_trackable_links) assert.ok(!isAllowed(flags.view_link_own_create), 'view_link_own_create with the team switch off');
        if (i.user?.team?.disable_sharing) assert.ok(!isAllowed(flags.collaborator_individual_add_viewer), 'add with the team sharing off');
        if (i.level === 'can_view') assert.ok(!isAllowed(flags.collaborator_individual_add_commenter) && !isAllowed(flags.collaborator_individual_add_editor), 'a viewer grants above viewer');
        if (i.level === 'can_comment') assert.ok(!isAllowed(flags.collaborator_individual_add_editor), 'a commenter grants editor');
        if (!i.user || i.user.licence === null) assert.ok(!isAllowed(flags.view_link_own_create_with_analytics), 'analytics without a licence');
        for (const key of Object.keys(flags) as PermissionKey[]) {
          if (!isAllowed(flags[key])) assert.ok(reasons[key], `missing reason for ${key}`);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('hasTrackableLinks (spec §2)', () => {
  test('presentations always, designs while the design analytics view-links switch is on, nothing else', () => {
    assert.equal(hasTrackableLinks('PITCH', false), true);
    assert.equal(hasTrackableLinks('INFOGRAM', true), true);
    assert.equal(hasTrackableLinks('INFOGRAM', false), false);
    for (const type of ['CORE', 'AIR_VIDEO_PITCH', 'AIR_LITE', 'TIMELINE']) assert.equal(hasTrackableLinks(type, true), false, type);
  });
});

describe('the reason of a refused reusable change (spec §8)', () => {
  test('someone it was shared with may not make it reusable: "This was shared with you and it\'s not reusable"', () => {
    const { reasons } = computePermissions(input('can_edit', 'premium', { reusable: false }));
    assert.equal(reasons.unified_privacy_set_open_unpublished_reusable, MESSAGES.notReusable);
    // Taking back reusable, or any other change, is the owner's: the owner-only text.
    const reusable = computePermissions(input('can_edit', 'premium', { reusable: true }));
    assert.equal(reusable.reasons.unified_privacy_set_open_unpublished_copyrighted, MESSAGES.onlyOwnerPrivacy);
    assert.equal(reasons.unified_privacy_set_closed_unpublished_copyrighted, MESSAGES.onlyOwnerPrivacy);
  });
});

describe('embed: the owner\'s team governs (docs/decisions.md, *Embed, social sharing, referral*)', () => {
  test("the owner's team's switch refuses embedding to everyone, a user without a team included", () => {
    const d = computePermissions(input('can_edit', 'premium', { ownerTeamDisablesSharing: true })).decisions;
    assert.equal(d.embed.value, 'NOT_ALLOWED_IN_ORG');
  });

  test("a user's own team's switch does not refuse embedding a document whose owner's team allows it", () => {
    const d = computePermissions(input('can_edit', 'premium', { ownerTeamDisablesSharing: false }, { team: globex })).decisions;
    assert.equal(d.embed.value, 'ALLOWED');
  });
});
