import styled from 'styled-components';
import { koreanLineBreaks } from '@deck/shared/ui/text/korean-line-breaks';
import { ReferralInvite } from './features/referral/components/referral-invite';
import { AiPromoBanner } from './features/ai-promo/components/ai-promo-banner';
import type { ReferralPanelProps } from './public-types';

export type { ReferralPanelProps };

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  ${koreanLineBreaks}
`;

export function ReferralPanelApp({ source }: ReferralPanelProps) {
  return (
    <Stack>
      <ReferralInvite source={source} />
      <AiPromoBanner />
    </Stack>
  );
}
