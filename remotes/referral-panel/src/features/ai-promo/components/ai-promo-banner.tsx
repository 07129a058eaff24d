import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { aiPromoMessages } from '../messages';
import { aiFeaturesUrl } from '../utils/ai-features-url';

const Banner = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  font-family: ${({ theme }) => theme.font.family};
`;

const Eyebrow = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.xs};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  /* The darker blue: the primary one on the soft background is below 4.5:1 (Lighthouse). */
  color: ${({ theme }) => theme.colors.primaryHover};
`;

const Title = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const SeeHow = styled.a`
  align-self: flex-start;
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.primaryHover};
  text-decoration: none;
  &:hover {
    text-decoration: underline;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** The AI presentation assistant promotion (spec §2), linking to the product site's AI features page. */
export function AiPromoBanner() {
  const intl = useIntl();
  return (
    <Banner aria-label={intl.formatMessage(aiPromoMessages.regionLabel)}>
      <Eyebrow>
        <FormattedMessage {...aiPromoMessages.eyebrow} />
      </Eyebrow>
      <Title>
        <FormattedMessage {...aiPromoMessages.title} />
      </Title>
      <SeeHow
        href={aiFeaturesUrl(getRuntimeConfig().productSiteUrl)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={intl.formatMessage(aiPromoMessages.seeHowLabel)}
      >
        <FormattedMessage {...aiPromoMessages.seeHow} />
      </SeeHow>
    </Banner>
  );
}
