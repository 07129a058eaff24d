import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';

// The question takes a line of its own under the row it is about.
const Question = styled.div`
  flex-basis: 100%;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

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
 * A button that asks before a destructive action: the question opens as an alertdialog under the row
 * rather than in a modal; focus starts on Cancel, the safe choice, Escape cancels and focus returns to
 * the opener. Used for deleting a folder, moving a document to the trash and deleting it for good, and for a team's webhook.
 */
export function InlineConfirm({ openText, openLabel, openVariant = 'secondary', title, body, cancelText, confirmText, busyText, onConfirm }: InlineConfirmProps) {
  const titleId = useId();
  const bodyId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (confirming) cancelButton.current?.focus();
  }, [confirming]);

  const cancel = () => {
    if (busy) return;
    setConfirming(false);
    setFailure(null);
    opener.current?.focus();
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
    // The question (and the button that confirmed it) goes away: focus goes back to the opener, which stays in
    // its row until the list drops the row (then the list moves focus on; hooks/use-focus-after-removal.ts).
    opener.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    cancel();
  };

  return (
    <>
      <Button ref={opener} $variant={openVariant} aria-label={openLabel} aria-expanded={confirming} onClick={() => setConfirming(true)}>
        {openText}
      </Button>
      {confirming ? (
        <Question role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} onKeyDown={onKeyDown}>
          <SectionTitle id={titleId}>{title}</SectionTitle>
          <Body id={bodyId}>{body}</Body>
          <ErrorMessage message={failure} />
          <Actions>
            {/* Unavailable while it works, but focusable: a disabled button would drop the focus to the page. */}
            <Button ref={cancelButton} $variant="secondary" onClick={cancel} aria-disabled={busy || undefined}>
              {cancelText}
            </Button>
            <Button
              $variant="danger"
              onClick={() => {
                if (!busy) void confirm();
              }}
              aria-disabled={busy || undefined}
            >
              {busy ? busyText : confirmText}
            </Button>
          </Actions>
        </Question>
      ) : null}
    </>
  );
}
