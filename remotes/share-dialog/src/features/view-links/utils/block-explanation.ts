import type { IntlShape, MessageDescriptor } from 'react-intl';
import { serverMessageText } from '@deck/shared/api/server-messages';
import { viewLinksMessages as m } from '../messages';
import type { ViewLinkBlock } from './view-link-gates';

/** The controls a block can disable; each has its own spec §8 title. */
export type GatedControl = 'create' | 'analytics' | 'manage';

export interface BlockExplanation {
  title: MessageDescriptor;
  /** Spec §8's text; or, for a reason the spec does not name, the server's own text by its code. */
  reason: MessageDescriptor | { serverCode: string; message: string | null };
  /** Values for the reason's placeholders. */
  values?: Record<string, number | string>;
  /** Set when a plan would lift the block: the control offers Upgrade. */
  paywall?: { paywallKey: string; plan: string };
}

/** Spec §8: the limit-reached text comes with an Upgrade prompt for the Pro plan. */
export const VIEW_LINK_LIMIT_PAYWALL = { paywallKey: 'view_link_limit', plan: 'pro' } as const;
/** 'Not allowed to set Analytics' with Upgrade: any paid licence (Standard and up) unlocks analytics. */
export const VIEW_LINK_ANALYTICS_PAYWALL = { paywallKey: 'view_link_analytics', plan: 'standard' } as const;

/**
 * Which plan lifts a view-link control the server refused for the plan, by the code of its reason
 * (docs/decisions.md, "Protected trackable links"): a passcode and an expiry with any paid plan, an allow list
 * with Premium.
 */
export const LINK_CONTROL_PAYWALLS: Readonly<Record<string, { paywallKey: string; plan: string }>> = {
  link_control_passcode_paywall: { paywallKey: 'view_link_protection', plan: 'standard' },
  link_control_allow_list_paywall: { paywallKey: 'view_link_allow_list', plan: 'premium' },
};

const TITLES: Record<GatedControl, MessageDescriptor> = {
  create: m.notAllowedToCreate,
  analytics: m.notAllowedToSetAnalytics,
  manage: m.notAllowedToManage,
};

/** The title, reason and Upgrade offer of spec §8 for a disabled trackable-links control. */
export function explainBlock(control: GatedControl, block: ViewLinkBlock): BlockExplanation {
  switch (block.kind) {
    case 'closed':
      return { title: TITLES[control], reason: control === 'analytics' ? m.analyticsNeedsOpen : m.closedDocument };
    case 'team':
      return { title: TITLES[control], reason: control === 'create' ? m.teamCreateDisabled : m.teamLinksDisabled };
    case 'limit':
      return {
        title: control === 'manage' ? TITLES.create : TITLES[control],
        reason: m.limitReached,
        values: { limit: block.limit?.limit_value ?? 1 },
        paywall: VIEW_LINK_LIMIT_PAYWALL,
      };
    case 'licence':
      return { title: m.notAllowedToSetAnalytics, reason: m.analyticsLicence, paywall: VIEW_LINK_ANALYTICS_PAYWALL };
    case 'permission':
      // Spec §8 pairs the missing right with 'Not allowed to manage trackable links', whichever control it disables.
      return { title: m.notAllowedToManage, reason: m.insufficientPermission };
    case 'unavailable':
      return { title: TITLES[control], reason: { serverCode: 'links_unavailable', message: block.message } };
  }
}

/** The reason of an explanation in the page's language. */
export function reasonText(intl: IntlShape, explanation: BlockExplanation): string {
  const { reason } = explanation;
  if ('serverCode' in reason) return serverMessageText(intl, { message: reason.message, messageCode: reason.serverCode }) ?? '';
  return intl.formatMessage(reason, explanation.values);
}
