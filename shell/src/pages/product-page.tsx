import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { Caption, Heading } from '@deck/shared/ui/text/text';
import { usePageTitle } from '../layout/use-page-title';
import { productMessages as m } from './product/product-messages';

const Points = styled.ul`
  margin: ${({ theme }) => `${theme.space.lg} 0`};
  padding-left: ${({ theme }) => theme.space.xl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

const Links = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

export type ProductTopic = 'site' | 'ai';

const CONTENT: Record<ProductTopic, { title: MessageDescriptor; intro: MessageDescriptor; points: MessageDescriptor[] }> = {
  site: { title: m.siteTitle, intro: m.siteIntro, points: [m.sharing, m.links, m.publish] },
  ai: { title: m.aiTitle, intro: m.aiIntro, points: [m.aiDraft, m.aiRewrite, m.aiCredits] },
};

/**
 * The demo's product site (`/product/` and `/product/features/ai/`): where the overlay's product links
 * and the referral panel's 'See how' lead, so no link of the demo ends in a 404.
 */
export function ProductPage({ topic }: { topic: ProductTopic }) {
  const intl = useIntl();
  const content = CONTENT[topic];
  usePageTitle(intl.formatMessage(content.title));
  return (
    <article>
      <Heading as="h1">
        <FormattedMessage {...content.title} />
      </Heading>
      <p>
        <FormattedMessage {...content.intro} />
      </p>
      <Points>
        {content.points.map((point) => (
          <li key={point.id}>
            <FormattedMessage {...point} />
          </li>
        ))}
      </Points>
      <Links>
        {topic === 'site' ? (
          <a href="/product/features/ai/">
            <FormattedMessage {...m.aiLink} />
          </a>
        ) : (
          <a href="/product/">
            <FormattedMessage {...m.backToSite} />
          </a>
        )}
        <a href="/">
          <FormattedMessage {...m.tryDemo} />
        </a>
      </Links>
      <Caption>
        <FormattedMessage {...m.demoNote} />
      </Caption>
    </article>
  );
}
