import { useAnnounce } from '@deck/shared/ui/live-region/use-announce';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import type { EmailProblem } from '@deck/shared/validation/email';
import { Button } from '@deck/shared/ui/button/button';
import { ErrorText } from '@deck/shared/ui/text/text';
import type { AddressProblem, ParsedAddress } from './parse-address-list';
import { invitationMessages as m } from './messages';

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `0 ${theme.space.xs} 0 ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

export interface AddressChipsProps {
  chips: readonly ParsedAddress[];
  problems: readonly AddressProblem[];
  /** The form's wording of each kind of invalid address. */
  problemMessages: Record<EmailProblem, MessageDescriptor>;
  onRemove: (email: string) => void;
}

/** The addresses waiting to be added, each removable, and one message per entry that is not an address. */
export function AddressChips({ chips, problems, problemMessages, onRemove }: AddressChipsProps) {
  const intl = useIntl();
  const problemTexts = problems.map((entry) =>
    intl.formatMessage(m.addressProblem, { address: entry.text, reason: intl.formatMessage(problemMessages[entry.problem]) }),
  );
  useAnnounce(problemTexts.join(' '));
  return (
    <>
      {chips.length > 0 && (
        <List aria-label={intl.formatMessage(m.chips)}>
          {chips.map((chip) => (
            <Chip key={chip.email} title={chip.name ?? undefined}>
              {chip.email}
              <Button $variant="ghost" aria-label={intl.formatMessage(m.removeChip, { email: chip.email })} onClick={() => onRemove(chip.email)}>
                ×
              </Button>
            </Chip>
          ))}
        </List>
      )}
      {problemTexts.length > 0 && (
        <div>
          {problemTexts.map((text) => (
            <ErrorText key={text}>{text}</ErrorText>
          ))}
        </div>
      )}
    </>
  );
}
