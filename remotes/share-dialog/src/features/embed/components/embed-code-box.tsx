import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fieldEdge } from '@deck/shared/ui/text-field/text-field';
import { Button } from '@deck/shared/ui/button/button';
import { COPY_SUCCESS_MS } from '@deck/shared/ui/copy-field/copy-field';
import { copyFailedMessage, useCopy } from '@deck/shared/ui/copy-field/use-copy';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { Caption, FieldLabel } from '@deck/shared/ui/text/text';
import { embedMessages } from '../messages';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
`;

const Code = styled.textarea`
  flex: 1;
  min-width: 0;
  min-height: 88px;
  resize: vertical;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: ${({ theme }) => theme.font.sizes.sm};
  line-height: ${({ theme }) => theme.font.lineHeight};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  ${fieldEdge}
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  word-break: break-all;
`;

export interface EmbedCodeBoxProps {
  code: string;
  onCopied: () => void;
}

/**
 * The generated code, read-only, with Copy → 'Copied' for 3 s. Without code it says what is missing; when
 * the browser refuses to copy, to copy it by hand.
 */
export function EmbedCodeBox({ code, onCopied }: EmbedCodeBoxProps) {
  const intl = useIntl();
  const id = useId();
  const hintId = `${id}-hint`;
  const { copied, failed, copy } = useCopy(COPY_SUCCESS_MS);
  return (
    <Box>
      <FieldLabel htmlFor={id}>{intl.formatMessage(embedMessages.code)}</FieldLabel>
      <Row>
        <Code
          id={id}
          readOnly
          value={code}
          spellCheck={false}
          aria-describedby={code ? undefined : hintId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button
          $variant="secondary"
          disabled={!code}
          // Named by what it copies: the Embed page has a second copy button (the player-only link).
          aria-label={copied ? undefined : intl.formatMessage(embedMessages.copyCode)}
          onClick={async () => {
            if (await copy(code)) onCopied();
          }}
        >
          {intl.formatMessage(copied ? embedMessages.copied : embedMessages.copy)}
        </Button>
      </Row>
      <ErrorMessage message={failed && intl.formatMessage(copyFailedMessage)} />
      {code ? null : <Caption id={hintId}>{intl.formatMessage(embedMessages.needsSize)}</Caption>}
    </Box>
  );
}
