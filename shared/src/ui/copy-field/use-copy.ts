import { useCallback, useEffect, useRef } from 'react';
import { defineMessage, useIntl } from 'react-intl';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const copiedMessage = defineMessage({ id: 'shared.copy.copied', defaultMessage: 'Copied' });
/** What a copy control says when the browser refuses to copy, unless it has a more specific text. */
export const copyFailedMessage = defineMessage({
  id: 'shared.copy.failed',
  defaultMessage: 'Copying did not work. Select the text and copy it yourself.',
});

export async function copyText(text: string): Promise<boolean> {
  try {
    if (globalThis.navigator?.clipboard?.writeText) {
      await globalThis.navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the selection-based copy, which works without clipboard permission.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  area.remove();
  return copied;
}

/**
 * Copies text and reports success for `successMs` (spec §9: 3 s for links, 2 s for referral); the
 * success is also said in the page's live region, as a change of button text alone is not heard.
 * `failed` holds while the last attempt was refused by the browser, so the control can say what to do
 * instead (a refusal must never pass in silence).
 */
export function useCopy(successMs: number) {
  const intl = useIntl();
  // Per opening of a kept dialog: its timer stops while the dialog is closed, so 'Copied' would stay.
  const [copied, setCopied] = useOpeningState(false);
  const [failed, setFailed] = useOpeningState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = useCallback(
    async (text: string) => {
      const ok = await copyText(text);
      setFailed(!ok);
      if (!ok) return false;
      setCopied(true);
      announce(intl.formatMessage(copiedMessage));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), successMs);
      return true;
    },
    [intl, setCopied, setFailed, successMs],
  );

  return { copied, failed, copy };
}
