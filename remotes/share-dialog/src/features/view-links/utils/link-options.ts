import type { AddressProtection, LinkOpenNotice, ViewLink, ViewLinkUpdateBody } from '@deck/shared/api/contract';
import { DEFAULT_LINK_OPEN_NOTICE } from '@deck/shared/domains/view-links/open-notices';
import { passcodeWeakness, type PasscodeWeakness } from '@deck/shared/domains/view-links/passcode-strength';
import { isLinkTitleEmpty } from './link-title';
import {
  fromLocalDateTimeInput,
  LINK_ALLOWED_VIEWERS_MAX,
  LINK_BLOCKED_VIEWERS_MAX,
  parseViewerList,
  toLocalDateTimeInput,
} from '@deck/shared/domains/view-links/link-controls';

/** What the create and settings screens edit. */
export interface LinkOptions {
  name: string;
  visibleOnAnalytics: boolean;
  viewerIdentification: boolean;
  /** What the link tells its creator when it is opened; always 'off' without analytics, as the server keeps it. */
  openNotice: LinkOpenNotice;
  /** A new passcode as typed ('' keeps the link's, or sets none on a new link). Never the saved one: it is not sent. */
  passcode: string;
  /** Take the saved passcode off. */
  removePasscode: boolean;
  /** The expiry as a `datetime-local` value in the viewer's zone; '' for none. */
  expiresAt: string;
  /** The allow list as typed: addresses and `@domain` or `*@domain` patterns, separated by commas, spaces or lines. */
  allowedViewers: string;
  /** "Require a verified e-mail": visitors confirm their address by an e-mailed code (always so with an allow list). */
  requireVerification: boolean;
  /** The block list as typed, with the allow list's syntax: its addresses and domains are refused after verifying. */
  blockedViewers: string;
  /** "Allow download as PDF" (docs/decisions.md, *Download control and watermark*): off unless chosen. */
  allowDownload: boolean;
  /** "Watermark each page": the visitor's address or name and the time over the slides and on the PDF. */
  watermark: boolean;
}

/**
 * Spec §4: analytics starts on when the user may turn it on; identification starts off; no controls. The open notes
 * start as the server's default for a new link with analytics (docs/decisions.md, *Notes when a link is opened*).
 */
export function initialCreateOptions(analyticsAllowed: boolean): LinkOptions {
  return { name: '', visibleOnAnalytics: analyticsAllowed, viewerIdentification: false, openNotice: analyticsAllowed ? DEFAULT_LINK_OPEN_NOTICE : 'off', passcode: '', removePasscode: false, expiresAt: '', allowedViewers: '', requireVerification: false, blockedViewers: '', allowDownload: false, watermark: false };
}

/** Whether two sets of options say the same (the create screen asks before throwing a filled-in link away). */
export function sameOptions(a: LinkOptions, b: LinkOptions): boolean {
  return (Object.keys(a) as (keyof LinkOptions)[]).every((key) => a[key] === b[key]);
}

export function optionsOf(link: ViewLink): LinkOptions {
  return {
    name: link.name,
    visibleOnAnalytics: link.visible_on_analytics,
    viewerIdentification: link.viewer_identification,
    openNotice: link.open_notice,
    passcode: '',
    removePasscode: false,
    expiresAt: link.expires_at ? toLocalInput(link.expires_at) : '',
    allowedViewers: link.allowed_viewers.join(', '),
    requireVerification: link.require_verification,
    blockedViewers: link.blocked_viewers.join(', '),
    allowDownload: link.allow_download,
    watermark: link.watermark,
  };
}

/** The `datetime-local` conversions, shared with the collaborator's end date (link-controls.ts). */
export const toLocalInput = toLocalDateTimeInput;
export const fromLocalInput = fromLocalDateTimeInput;

/** What keeps an allow list as typed from being saved before the server is asked: more entries than the limit. */
export function allowListProblem(options: LinkOptions): 'too_long' | null {
  return parseViewerList(options.allowedViewers).length > LINK_ALLOWED_VIEWERS_MAX ? 'too_long' : null;
}

/** What keeps a block list as typed from being saved before the server is asked: more entries than the limit. */
export function blockListProblem(options: LinkOptions): 'too_long' | null {
  return parseViewerList(options.blockedViewers).length > LINK_BLOCKED_VIEWERS_MAX ? 'too_long' : null;
}

/** The controls of a new link, as the create call sends them (only what is set). */
export function createControls(
  options: LinkOptions,
): Pick<ViewLinkUpdateBody, 'passcode' | 'expires_at' | 'allowed_viewers' | 'require_verification' | 'blocked_viewers' | 'allow_download' | 'watermark'> {
  const expires = fromLocalInput(options.expiresAt);
  const allowed = parseViewerList(options.allowedViewers);
  const blocked = parseViewerList(options.blockedViewers);
  return {
    ...(options.passcode ? { passcode: options.passcode } : {}),
    ...(expires ? { expires_at: expires } : {}),
    ...(allowed.length ? { allowed_viewers: allowed } : {}),
    ...(options.requireVerification ? { require_verification: true } : {}),
    ...(blocked.length ? { blocked_viewers: blocked } : {}),
    ...(options.allowDownload ? { allow_download: true } : {}),
    ...(options.watermark ? { watermark: true } : {}),
  };
}

/**
 * Spec §4: turning analytics off forces viewer identification off, and the open notes too (the server keeps a link
 * without analytics silent). Turned on again, the notes come back as `noticeWhenOn`: the server's default on a new
 * link, the saved choice in the settings.
 */
export function withAnalytics(options: LinkOptions, on: boolean, noticeWhenOn: LinkOpenNotice): LinkOptions {
  return { ...options, visibleOnAnalytics: on, viewerIdentification: on ? options.viewerIdentification : false, openNotice: on ? noticeWhenOn : 'off' };
}

/** The open notes to restore when analytics is turned on again in a link's settings: the saved choice, if any. */
export function savedOpenNotice(saved: ViewLink): LinkOpenNotice {
  return saved.visible_on_analytics ? saved.open_notice : 'off';
}

/** Spec §5: viewer name and e-mail can be required only when analytics is on. */
export function withViewerIdentification(options: LinkOptions, on: boolean): LinkOptions {
  if (on && !options.visibleOnAnalytics) return options;
  return { ...options, viewerIdentification: on };
}

export interface LinkChanges {
  renamed: boolean;
  analyticsChanged: boolean;
  identificationChanged: boolean;
  openNoticeChanged: boolean;
  /** A new passcode, its removal, a new expiry or allow list, the download control or the watermark (view-link controls). */
  controlsChanged: boolean;
  /** The PUT body: only what changed. */
  update: Omit<ViewLinkUpdateBody, 'revoked'>;
}

/** The settings screen's edits against the saved link; Save is enabled only when something changed. */
export function linkChanges(saved: ViewLink, edited: LinkOptions): LinkChanges {
  const name = edited.name.trim();
  const renamed = name !== saved.name && !isLinkTitleEmpty(name);
  const analyticsChanged = edited.visibleOnAnalytics !== saved.visible_on_analytics;
  const identificationChanged = edited.viewerIdentification !== saved.viewer_identification;
  // Without analytics the server turns the notes off itself: only a choice made with analytics on is sent.
  const openNoticeChanged = edited.visibleOnAnalytics && edited.openNotice !== saved.open_notice;
  const passcode = edited.passcode ? edited.passcode : edited.removePasscode && saved.has_passcode ? null : undefined;
  const savedExpiry = saved.expires_at ? toLocalInput(saved.expires_at) : '';
  const expiresChanged = edited.expiresAt !== savedExpiry;
  const allowed = parseViewerList(edited.allowedViewers);
  const allowedChanged = allowed.join(',') !== saved.allowed_viewers.join(',');
  const verificationChanged = edited.requireVerification !== saved.require_verification;
  const blocked = parseViewerList(edited.blockedViewers);
  const blockedChanged = blocked.join(',') !== saved.blocked_viewers.join(',');
  const downloadChanged = edited.allowDownload !== saved.allow_download;
  const watermarkChanged = edited.watermark !== saved.watermark;
  return {
    renamed,
    analyticsChanged,
    identificationChanged,
    openNoticeChanged,
    controlsChanged: passcode !== undefined || expiresChanged || allowedChanged || verificationChanged || blockedChanged || downloadChanged || watermarkChanged,
    update: {
      ...(renamed ? { name } : {}),
      ...(analyticsChanged ? { visible_on_analytics: edited.visibleOnAnalytics } : {}),
      ...(identificationChanged ? { viewer_identification: edited.viewerIdentification } : {}),
      ...(openNoticeChanged ? { open_notice: edited.openNotice } : {}),
      ...(passcode !== undefined ? { passcode } : {}),
      ...(expiresChanged ? { expires_at: fromLocalInput(edited.expiresAt) } : {}),
      ...(allowedChanged ? { allowed_viewers: allowed } : {}),
      ...(verificationChanged ? { require_verification: edited.requireVerification } : {}),
      ...(blockedChanged ? { blocked_viewers: blocked } : {}),
      ...(downloadChanged ? { allow_download: edited.allowDownload } : {}),
      ...(watermarkChanged ? { watermark: edited.watermark } : {}),
    },
  };
}

export function hasChanges(changes: LinkChanges): boolean {
  return changes.renamed || changes.analyticsChanged || changes.identificationChanged || changes.openNoticeChanged || changes.controlsChanged;
}

/** What keeps a passcode as typed from being set (the shared rule the server holds too), or null. */
export function passcodeProblem(options: LinkOptions): PasscodeWeakness | null {
  return options.passcode ? passcodeWeakness(options.passcode) : null;
}

/** Whether a link with these settings has a passcode, an expiry date, an allow list, a block list or asks for a verified e-mail. */
export function protectsLink(options: LinkOptions, saved: ViewLink | null): boolean {
  const passcode = options.passcode !== '' || (!!saved?.has_passcode && !options.removePasscode);
  return passcode || fromLocalInput(options.expiresAt) !== null || parseViewerList(options.allowedViewers).length > 0 || options.requireVerification || parseViewerList(options.blockedViewers).length > 0;
}

/**
 * Whether saving these settings first asks the owner to protect the document too: the server says a protected link
 * would close the document's own address to everyone without a grant (`address_protection: 'closes'`, none of its
 * links is protected yet), and this save protects the link (docs/decisions.md, *Protected trackable links*).
 */
export function asksBeforeProtecting(addressProtection: AddressProtection | undefined, options: LinkOptions, saved: ViewLink | null): boolean {
  return addressProtection === 'closes' && protectsLink(options, saved);
}
