import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Body } from '@deck/shared/ui/text/text';
import { collaboratorsMessages as m } from '../messages';

const Box = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * For someone who sees the document only because it is open to anyone with the link: what they may
 * do, and why the list of people is not theirs to see, in place of an error they could not fix.
 */
export function LinkOnlyNotice({ ownerName }: { ownerName: string }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.linkOnlyTitle);
  return (
    <Box role="note" aria-label={title}>
      <Body>
        <strong>{title}</strong> {intl.formatMessage(m.linkOnlyBody, { owner: ownerName })}
      </Body>
    </Box>
  );
}
