import { useState } from 'react';
import { Button, type ButtonVariant } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { ConfirmButtons, ConfirmModal } from '@deck/shared/ui/modal/confirm-modal';
import { Body } from '@deck/shared/ui/text/text';
import { MODAL_ROOT_ID } from '../../modal-root';

export interface InlineConfirmProps {
  /** The opener's visible text and its accessible name (which names the item). */
  openText: string;
  openLabel: string;
  openVariant?: ButtonVariant;
  title: string;
  body: string;
  cancelText: string;
  confirmText: string;
  busyText: string;
  /** Runs the action; resolves with a failure text to show, or null when it worked. */
  onConfirm: () => Promise<string | null>;
}

/**
 * A button in a row that asks before a destructive action, with the product's one confirmation (the
 * shared `ConfirmModal`, also used by the share dialog): an alert dialog that keeps focus, starts on
 * Cancel, the safe choice, cancels on Escape and gives focus back to the button. Used for deleting a
 * folder, moving a document to the trash and deleting it for good.
 */
export function InlineConfirm({ openText, openLabel, openVariant = 'secondary', title, body, cancelText, confirmText, busyText, onConfirm }: InlineConfirmProps) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = () => {
    if (busy) return;
    setConfirming(false);
    setFailure(null);
  };

  const confirm = async () => {
    setFailure(null);
    setBusy(true);
    const problem = await onConfirm();
    setBusy(false);
    if (problem !== null) {
      setFailure(problem);
      return;
    }
    setConfirming(false);
  };

  return (
    <>
      <Button $variant={openVariant} aria-label={openLabel} aria-haspopup="dialog" aria-expanded={confirming} onClick={() => setConfirming(true)}>
        {openText}
      </Button>
      {confirming ? (
        <ConfirmModal title={title} onClose={cancel} container={document.getElementById(MODAL_ROOT_ID) ?? document.body}>
          <Body>{body}</Body>
          <ErrorMessage message={failure} />
          <ConfirmButtons>
            <Button $variant="secondary" onClick={cancel} disabled={busy}>
              {cancelText}
            </Button>
            <Button $variant="danger" onClick={() => void confirm()} disabled={busy}>
              {busy ? busyText : confirmText}
            </Button>
          </ConfirmButtons>
        </ConfirmModal>
      ) : null}
    </>
  );
}
