import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { useCopy } from '@deck/shared/ui/copy-field/use-copy';

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
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
`;

export interface CopyFieldProps {
  label: string;
  value: string;
  successMs?: number;
  onCopied?: () => void;
  multiline?: boolean;
}

/** A read-only value with a Copy button that says 'Copied' for a while. */
export function CopyField({ label, value, successMs = COPY_SUCCESS_MS, onCopied }: CopyFieldProps) {
  const id = useId();
  const { copied, copy } = useCopy(successMs);
  return (
    <Row>
      <Input id={id} aria-label={label} readOnly value={value} onFocus={(event) => event.currentTarget.select()} />
      <Button
        $variant="secondary"
        disabled={!value}
        onClick={async () => {
          if (await copy(value)) onCopied?.();
        }}
      >
        {copied ? (
          <FormattedMessage id="shared.copy.copied" defaultMessage="Copied" />
        ) : (
          <FormattedMessage id="shared.copy.copy" defaultMessage="Copy" />
        )}
      </Button>
    </Row>
  );
}
