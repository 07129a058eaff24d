import type { Mount } from '@deck/shared/mount/public-contract';

/**
 * The share-dialog remote's published contract (served as /remotes/share-dialog/types.d.ts): the
 * dialog and the mount use these types, so what a host compiles against is what runs.
 */

/** The page the dialog opens on. */
export type ShareDialogPage = 'unified' | 'collaborators' | 'viewLinks' | 'embed' | 'folder' | 'activity';

/** 'full' adds social sharing and Embed to the footer; 'simple' has Done only. */
export type ShareDialogFooter = 'full' | 'simple';

/** 'share' is the share dialog; 'socialShare' the social share modal alone (spec §8: others fail with 'Modal does not exist!'). */
export type ShareDialogModal = 'share' | 'socialShare';

/** What an Upgrade action asks the host to show. */
export interface UpgradeRequest {
  paywallKey?: string;
  plan?: string;
}

/** Values for the add-collaborator form. */
export interface CollaboratorPrefill {
  email?: string;
  permission?: 'viewer' | 'commenter' | 'editor';
}

/** The share-dialog remote's own props (docs/integrating-a-remote.md). */
export interface ShareDialogProps {
  /** The document to share; null on the folder page. */
  documentOid: string | null;
  open: boolean;
  /** Called when the dialog asks to close (Done, Escape, a click on the background). */
  onClose: () => void;
  /** Called by every Upgrade action with the paywall and plan it is about. */
  onUpgrade?: (request: UpgradeRequest) => void;
  /** The folder to share on the folder page. */
  selectedFolder?: { id: number } | null;
  /** Values for the add-collaborator form; each field is applied once, then cleared. */
  prefilled?: CollaboratorPrefill | null;
  /** The id of the page's element the dialog portals into. Mount throws when it is missing. */
  rootElementId: string;
  /** The page to open on (default 'unified'). */
  page?: ShareDialogPage;
  /** 'full' adds social sharing and Embed to the footer; 'simple' has Done only. */
  footer?: ShareDialogFooter;
  /** 'share' (default) is the share dialog; 'socialShare' the social share modal alone. Others throw. */
  modal?: ShareDialogModal;
}

/** The detail of the `<shortName>:privacy:settings:changed` window event, sent when a closing dialog changed Public or Reusable. */
export interface PrivacySettingsChangedDetail {
  documentOid: string;
  published: boolean;
  reusable: boolean;
}

/** The dialog is driven by its props (`open`, `page`…): the handle's `update({ open: true })` reopens it. */
export type ShareDialogMount = Mount<ShareDialogProps>;
