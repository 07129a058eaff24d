import { FormattedMessage, defineMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { SectionTitle, Caption } from '@deck/shared/ui/text/text';
import { PageHeading } from '../layout/page-heading';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { useDemoListing } from '../api/demo-listing';
import { signInUrl } from '../routing/routes';
import { LoadFailure } from './load-failure';
import { SignUpForm } from './home/components/sign-up-form';
import { Landing } from './home/components/landing';
import { isDemo } from '../layout/site-mode';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(300px, 100%), 1fr));
  gap: ${({ theme }) => theme.space.xl};
  margin-top: ${({ theme }) => theme.space.xl};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.sm};
    align-items: baseline;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const homeTitle = defineMessage({ id: 'shell.home.title', defaultMessage: 'Sharing and privacy demo' });

/** `/`: the demo index in the demo, a plain landing in production (nothing of the demo there). */
export function HomePage() {
  return isDemo() ? <DemoIndex /> : <Landing />;
}

/** The demo index: every demo user (sign in as each), document and folder. */
function DemoIndex() {
  const intl = useIntl();
  const { data, error, isLoading, refetch } = useDemoListing();
  if (isLoading) return <Spinner />;
  if (error || !data) return <LoadFailure onRetry={refetch} />;
  return (
    <>
      <PageHeading>{intl.formatMessage(homeTitle)}</PageHeading>
      <Grid>
        <section>
          <SectionTitle as="h2">
            <FormattedMessage id="shell.home.users" defaultMessage="Demo users" />
          </SectionTitle>
          <List>
            {data.users.map((user) => (
              <li key={user.username}>
                <a href={signInUrl(user.username, '/dashboard')}>
                  <FormattedMessage
                    id="shell.home.signInAs"
                    defaultMessage="Sign in as {name}"
                    values={{ name: `${user.firstName} ${user.lastName}` }}
                  />
                </a>
                <Caption>
                  {user.licence ?? <FormattedMessage id="shell.home.noLicence" defaultMessage="free" />}
                  {user.teamName ? ` · ${user.teamName}` : ''}
                </Caption>
              </li>
            ))}
          </List>
        </section>
        <section>
          <SectionTitle as="h2">
            <FormattedMessage id="shell.home.documents" defaultMessage="Documents" />
          </SectionTitle>
          <List>
            {data.documents.map((document) => (
              <li key={document.oid}>
                <span>{document.title}</span>
                <Caption>{document.schema_version_name}</Caption>
                <a href={`/editor/${document.oid}`}>
                  <FormattedMessage id="shell.home.openEditor" defaultMessage="Editor" />
                </a>
                <a href={`/view/${document.oid}`}>
                  <FormattedMessage id="shell.home.openView" defaultMessage="View page" />
                </a>
              </li>
            ))}
          </List>
        </section>
        <section>
          <SectionTitle as="h2">
            <FormattedMessage id="shell.home.folders" defaultMessage="Folders" />
          </SectionTitle>
          <List>
            {data.folders.map((folder) => (
              <li key={folder.uuid}>
                <span>{folder.name}</span>
                <Caption>{folder.creator_username}</Caption>
              </li>
            ))}
          </List>
          <Caption>
            <FormattedMessage
              id="shell.home.foldersHint"
              defaultMessage="Folders are shared from the dashboard of a signed-in user."
            />
          </Caption>
        </section>
        <SignUpForm invited={new URLSearchParams(globalThis.location?.search ?? '').has('referral_token')} />
      </Grid>
    </>
  );
}
