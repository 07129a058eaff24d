import { FormattedMessage } from 'react-intl';
import { PageLayout } from './layout/page-layout';
import { matchRoute } from './routing/routes';
import { HomePage } from './pages/home-page';
import { EditorPage } from './pages/editor-page';
import { ViewPage } from './pages/view-page';
import { DashboardPage } from './pages/dashboard-page';

export function App({ pathname }: { pathname: string }) {
  const route = matchRoute(pathname);
  return <PageLayout>{renderRoute(route)}</PageLayout>;
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
    default:
      return (
        <p role="alert">
          <FormattedMessage id="shell.notFound" defaultMessage="This page does not exist." />
        </p>
      );
  }
}
