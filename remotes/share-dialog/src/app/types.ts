import type { ShareDialogPage } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import type { CollaboratorPrefill } from '@deck/shared/domains/collaborators/collaborators-slice';
import type { UpgradeRequest } from '../common/dialog-context';
import type { ShareDialogModal } from './utils/modal-name';

export type ShareDialogFooter = 'full' | 'simple';

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
