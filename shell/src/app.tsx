import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { PageLayout } from './layout/page-layout';
import { matchRoute } from './routing/routes';
import { AnalyticsPage, DashboardPage, EditorPage, HomePage, LinkPage, ViewPage } from './routing/route-pages';

const Embedded = styled.main`
  font-family: ${({ theme }) => theme.font.family};
  color: ${({ theme }) => theme.colors.text};
  padding: ${({ theme }) => theme.space.sm};
`;

export function App({ pathname, search = '' }: { pathname: string; search?: string }) {
  const route = matchRoute(pathname);
  // An embedded view (iframe on another site, `?embed=1`) shows the document without the site's header.
  if (route.page === 'view' && new URLSearchParams(search).get('embed') === '1') {
    return (
      <Embedded>
        <Suspense>{renderRoute(route)}</Suspense>
      </Embedded>
    );
  }
  return (
    <PageLayout>
      <Suspense>{renderRoute(route)}</Suspense>
    </PageLayout>
  );
}

function renderRoute(route: ReturnType<typeof matchRoute>) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'editor':
      return <EditorPage oid={route.oid} />;
    case 'view':
      return <ViewPage oid={route.oid} />;
    case 'dashboard':
      return <DashboardPage />;
    case 'link':
      return <LinkPage linkId={route.linkId} />;
    case 'analytics':
      return <AnalyticsPage linkId={route.linkId} />;
    default:
      return (
        <p role="alert">
          <FormattedMessage id="shell.notFound" defaultMessage="This page does not exist." />
        </p>
      );
  }
}
