import type { Mount } from '@deck/shared/mount/public-contract';

/**
 * The referral-panel remote's published contract (served as /remotes/referral-panel/types.d.ts):
 * the panel and the mount use these types, so what a host compiles against is what runs.
 */

/** Where the panel is shown; sent with every copied invitation link (spec §2). */
export type ReferralSource = 'COLAB_DASHBOARD' | 'COLAB_EDITOR';

export interface ReferralPanelProps {
  /** Where the host shows the panel; logged with every copied invitation link. */
  source: ReferralSource;
}

/** The panel is driven by its props and the signed-in session; its handle has no methods of its own. */
export type ReferralPanelMount = Mount<ReferralPanelProps>;
