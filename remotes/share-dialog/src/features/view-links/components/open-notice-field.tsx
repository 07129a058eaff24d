import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { LinkOpenNotice } from '@deck/shared/api/contract';
import { LINK_OPEN_NOTICES } from '@deck/shared/domains/view-links/open-notices';
import { viewLinksMessages as m } from '../messages';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.sizes.md};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    color: ${({ theme }) => theme.colors.text};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    font-size: ${({ theme }) => theme.font.sizes.sm};
    color: ${({ theme }) => theme.colors.text};
  }
  input {
    flex: none;
    /* A pointer target of at least 24 px (WCAG 2.2 2.5.8). */
    width: ${({ theme }) => theme.sizes.minTarget};
    height: ${({ theme }) => theme.sizes.minTarget};
    margin: 0;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Hint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const CHOICE_LABELS = { off: m.openNoticeOff, first_open: m.openNoticeFirstOpen, daily: m.openNoticeDaily } as const;

export interface OpenNoticeFieldProps {
  value: LinkOpenNotice;
  disabled: boolean;
  onChange: (value: LinkOpenNotice) => void;
}

/**
 * "When someone opens this link": what the link tells its creator (docs/decisions.md, *Notes when a link is opened*).
 * A radio group whose hint says what counts as a visitor, the way the server counts them.
 */
export function OpenNoticeField({ value, disabled, onChange }: OpenNoticeFieldProps) {
  const intl = useIntl();
  const id = useId();
  return (
    <Group disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend>{intl.formatMessage(m.openNoticeLabel)}</legend>
      {LINK_OPEN_NOTICES.map((choice) => (
        <label key={choice}>
          <input type="radio" name={`${id}-open-notice`} value={choice} checked={value === choice} onChange={() => onChange(choice)} />
          {intl.formatMessage(CHOICE_LABELS[choice])}
        </label>
      ))}
      <Hint id={`${id}-hint`}>{intl.formatMessage(m.openNoticeHint)}</Hint>
    </Group>
  );
}
