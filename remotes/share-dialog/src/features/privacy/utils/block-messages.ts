import type { MessageDescriptor } from 'react-intl';
import { CLOSE_WITH_TRACKABLE_LINKS } from '@deck/shared/domains/privacy/privacy-refusal-messages';
import { privacyMessages as m } from '../messages';
import type { PrivacyBlock } from './privacy-gates';

export type PrivacyGatedControl = 'privacy' | 'published' | 'reusable';

export interface BlockExplanation {
  title: MessageDescriptor;
  reason: MessageDescriptor;
  /** Set when a licence would lift the block: the control offers Upgrade. */
  paywall?: { paywallKey: string; plan: string };
}

/** Spec §4: the public toggle's paywall; the privacy control shows the same Privacy control paywall. */
export const PRIVACY_PAYWALL = { paywallKey: 'pitch_privacy_private', plan: 'standard' } as const;

const licence: BlockExplanation = { title: m.privacyControl, reason: m.privacyControlLicence, paywall: PRIVACY_PAYWALL };

const EXPLANATIONS: Record<PrivacyGatedControl, Partial<Record<PrivacyBlock, BlockExplanation>>> = {
  privacy: {
    'not-owner': { title: m.notAllowedToChange, reason: m.onlyOwnerSetsPrivacy },
    team: { title: m.notAllowedToChange, reason: m.teamDisabledPrivacy },
    'trackable-links': { title: m.notAllowedToChange, reason: CLOSE_WITH_TRACKABLE_LINKS },
    licence,
    'not-possible': { title: m.notAllowedToChange, reason: m.privacyNotPossible },
  },
  published: {
    restricted: { title: m.notAllowedToPublish, reason: m.restricted },
    'not-owner': { title: m.notAllowedToPublish, reason: m.onlyOwnerPublishes },
    team: { title: m.notAllowedToPublish, reason: m.teamDisabledPublishing },
    licence,
    'not-possible': { title: m.notAllowedToPublish, reason: m.publishNotPossible },
  },
  reusable: {
    'shared-not-reusable': { title: m.reusableRestricted, reason: m.sharedNotReusable },
    'not-possible': { title: m.reusableRestricted, reason: m.reusableNotPossible },
    'not-owner': { title: m.notAllowedToChange, reason: m.onlyOwnerSetsPrivacy },
    team: { title: m.notAllowedToChange, reason: m.teamDisabledPrivacy },
    licence,
  },
};

/** The spec §8 title and reason for a blocked privacy control. */
export function explainBlock(control: PrivacyGatedControl, block: PrivacyBlock): BlockExplanation {
  return EXPLANATIONS[control][block] ?? { title: m.notAllowedToChange, reason: m.privacyNotPossible };
}
