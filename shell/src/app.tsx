import { Suspense, useEffect } from 'react';
import styled from 'styled-components';
import { PageLayout } from './layout/page-layout';
import { PageLocation } from './layout/page-location';
import { matchRoute } from './routing/routes';
import { AnalyticsPage, DashboardPage, EditorPage, HomePage, InvitationPage, LinkPage, NotFoundPage, ProductPage, TeamActivityPage, TeamSettingsPage, ViewPage } from './routing/route-pages';
import { ShellPageStyle } from './theme/page-style';
import { shellTookOver } from './first-view/held-controls';

const Embedded = styled.main`
  font-family: ${({ theme }) => theme.font.family};
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * Rendered after the page inside its Suspense boundary, which commits as one: once this has committed, the page's
 * server-written buttons are React's, and presses held on them are carried out (first-view/held-controls.ts).
 */
function PageTakenOver() {
  useEffect(shellTookOver, []);
  return null;
}

export function App({ pathname, search = '' }: { pathname: string; search?: string }) {
  const route = matchRoute(pathname);
  // The player-only link and embeds (`?embed=1`, an iframe on another site) show the player alone:
  // no site header, and no title, Share or like bar. An embed that leads nowhere says so, just as bare.
  const embedded =
    route.page === 'view' && new URLSearchParams(search).get('embed') === '1' ? (
      <ViewPage oid={route.oid} playerOnly />
    ) : route.page === 'not-found' && route.embed ? (
      <NotFoundPage subject="embed" />
    ) : null;
  return (
    <PageLocation.Provider value={`${pathname}${search}`}>
      {embedded ? (
        <Embedded>
          <ShellPageStyle />
          <Suspense>
            {embedded}
            <PageTakenOver />
          </Suspense>
        </Embedded>
      ) : (
        <PageLayout>
          <ShellPageStyle />
          <Suspense>
            {renderRoute(route)}
            <PageTakenOver />
          </Suspense>
        </PageLayout>
      )}
    </PageLocation.Provider>
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
    case 'team-activity':
      return <TeamActivityPage />;
    case 'team-settings':
      return <TeamSettingsPage />;
    case 'link':
      return <LinkPage linkId={route.linkId} />;
    case 'invitation':
      return <InvitationPage token={route.token} />;
    case 'analytics':
      return <AnalyticsPage linkId={route.linkId} />;
    case 'product':
      return <ProductPage topic={route.topic} />;
    default:
      return <NotFoundPage />;
  }
}
