import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fieldEdge } from '@deck/shared/ui/text-field/text-field';
import { invitationMessages as m } from './messages';

const Options = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.text};
  textarea {
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => theme.font.sizes.sm};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surface};
    ${fieldEdge}
    padding: ${({ theme }) => theme.space.xs};
    resize: vertical;
  }
`;

export interface NotifyOptionsProps {
  notify: boolean;
  onNotifyChange: (notify: boolean) => void;
  message: string;
  onMessageChange: (message: string) => void;
}

/** 'Notify people' (on by default) and, while it is on, the optional message the e-mail carries. */
export function NotifyOptions({ notify, onNotifyChange, message, onMessageChange }: NotifyOptionsProps) {
  const intl = useIntl();
  return (
    <Options>
      <label>
        <input type="checkbox" checked={notify} onChange={(event) => onNotifyChange(event.target.checked)} /> {intl.formatMessage(m.notify)}
      </label>
      {notify && (
        <textarea
          aria-label={intl.formatMessage(m.inviteMessage)}
          placeholder={intl.formatMessage(m.inviteMessage)}
          maxLength={1000}
          rows={2}
          value={message}
          onChange={(event) => onMessageChange(event.target.value)}
        />
      )}
    </Options>
  );
}
