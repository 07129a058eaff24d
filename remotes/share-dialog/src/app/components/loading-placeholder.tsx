import styled from 'styled-components';

const Layout = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Bar = styled.span<{ $width: string; $height: string }>`
  display: block;
  width: ${({ $width }) => $width};
  max-width: 100%;
  height: ${({ $height }) => $height};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

/**
 * The share page's outline while its data loads (the header's spinner says it is loading): a title and a field
 * per section, where they will be, instead of an empty box. Hidden from assistive technology.
 */
export function LoadingPlaceholder() {
  return (
    <Layout aria-hidden="true" data-testid="share-page-placeholder">
      {['8em', '10em', '9em'].map((title) => (
        <Layout key={title} as="span">
          <Bar $width={title} $height="14px" />
          <Bar $width="100%" $height="36px" />
        </Layout>
      ))}
    </Layout>
  );
}
