import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { copyFailedMessage, useCopy } from '@deck/shared/ui/copy-field/use-copy';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { fieldEdge } from '@deck/shared/ui/text-field/text-field';

export const COPY_SUCCESS_MS = 3000;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: stretch;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  ${fieldEdge}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

export interface CopyFieldProps {
  /** The value's accessible name; leave it out only when a visible <label htmlFor={inputId}> names it. */
  label?: string;
  value: string;
  successMs?: number;
  onCopied?: () => void;
  multiline?: boolean;
  /** The input's id, for a visible label outside the field. */
  inputId?: string;
  /** The button's text before copying (default 'Copy'). */
  copyLabel?: ReactNode;
  /**
   * The button's accessible name before copying when a page has more than one copy button ('Copy view link'):
   * it begins with the visible 'Copy', so speech input still finds it (WCAG 2.4.6, 2.5.3).
   */
  copyName?: string;
  /** Shown and said when the browser refuses to copy (default: copy it yourself). */
  failedLabel?: string;
  /** The id of the element read as the button's description. */
  describedBy?: string;
  /** More controls at the end of the row, after the Copy button. */
  children?: ReactNode;
}

/** A read-only value with a Copy button that says 'Copied' for a while. */
export function CopyField({
  label,
  value,
  successMs = COPY_SUCCESS_MS,
  onCopied,
  inputId,
  copyLabel,
  copyName,
  failedLabel,
  describedBy,
  children,
}: CopyFieldProps) {
  const ownId = useId();
  const intl = useIntl();
  const { copied, failed, copy } = useCopy(successMs);
  return (
    <>
      <Row>
        <Input id={inputId ?? ownId} aria-label={label} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
        <Button
          $variant="secondary"
          disabled={!value}
          aria-label={copied ? undefined : copyName}
          aria-describedby={describedBy}
          onClick={async () => {
            if (await copy(value)) onCopied?.();
          }}
        >
          {copied ? <FormattedMessage id="shared.copy.copied" defaultMessage="Copied" /> : (copyLabel ?? <FormattedMessage id="shared.copy.copy" defaultMessage="Copy" />)}
        </Button>
        {children}
      </Row>
      <ErrorMessage message={failed && (failedLabel ?? intl.formatMessage(copyFailedMessage))} />
    </>
  );
}
