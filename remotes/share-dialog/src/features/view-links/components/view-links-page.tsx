import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { useCallback, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import type { ViewLink } from '@deck/shared/api/contract';
import { toLoadable } from '@deck/shared/api/loadable';
import { useGetViewLinksQuery } from '@deck/shared/domains/view-links/view-links-api';
import { Body, Caption } from '@deck/shared/ui/text/text';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { trackOpenAllViewLinks, trackViewLinkCopied } from '../analytics';
import { viewLinksMessages as m } from '../messages';
import { CreateLinkScreen } from './create-link-screen';
import { Screen } from './layout';
import { LinkSettingsScreen } from './link-settings-screen';
import { ScreenHeader } from '../../../common/screen-header';
import { useDialogContext } from '../../../common/dialog-context';
import { focusOpener } from '../../../common/screen-opener';
import { ViewLinksList } from './view-links-list';
import { useOpening, useOpeningState } from '@deck/shared/ui/modal/opening-state';

type ViewLinksScreen = { name: 'list' } | { name: 'create' } | { name: 'settings'; linkId: string };

export interface ViewLinksPageProps {
  documentOid: string;
  initialScreen: 'list' | 'create';
  /** Back to the share page. */
  onBack: () => void;
}

/**
 * Spec §2 'View links page': the list, create and settings screens of a document's trackable
 * links. The list loads on entering the page (the server's answer, not a cached one).
 */
export function ViewLinksPage({ documentOid, initialScreen, onBack }: ViewLinksPageProps) {
  const intl = useIntl();
  const [screen, setScreen] = useOpeningState<ViewLinksScreen>(() => (initialScreen === 'create' ? { name: 'create' } : { name: 'list' }));
  const [notice, setNotice] = useOpeningState<string | null>(null);
  const linksQuery = useGetViewLinksQuery(documentOid, { refetchOnMountOrArgChange: true });
  const privacy = useGetUnifiedPrivacyQuery(documentOid).data;
  const links = toLoadable(linksQuery);

  // 'Open all view links' is reported once per entry to the list from the share page (each opening is one).
  const opening = useOpening();
  const reportedIn = useRef<number | null>(null);
  useEffect(() => {
    if (initialScreen !== 'list' || reportedIn.current === opening || !linksQuery.isSuccess || linksQuery.isFetching) return;
    reportedIn.current = opening;
    trackOpenAllViewLinks(documentOid, linksQuery.data.length);
  }, [documentOid, initialScreen, opening, linksQuery.isSuccess, linksQuery.isFetching, linksQuery.data]);

  // Back on the list, focus returns to what opened the screen left (the create button, the link's row).
  const { container } = useDialogContext();
  const returnTo = useRef<string | null>(null);
  useEffect(() => {
    if (screen.name !== 'list' || !returnTo.current) return;
    focusOpener(container, returnTo.current);
    returnTo.current = null;
  }, [container, screen]);

  const showList = useCallback((message: string | null, from: string | null = null) => {
    returnTo.current = from;
    setNotice(message);
    setScreen({ name: 'list' });
  }, [setNotice, setScreen]);
  const openSettings = useCallback((linkId: string) => {
    setNotice(null);
    setScreen({ name: 'settings', linkId });
  }, [setNotice, setScreen]);

  if (screen.name === 'create') {
    return (
      <CreateLinkScreen
        documentOid={documentOid}
        privacy={privacy}
        // Opened straight on create from the share page, Back returns there; from the list, to the list.
        onBack={initialScreen === 'create' ? onBack : () => showList(null, 'create')}
        onCreated={(link: ViewLink) => showList(intl.formatMessage(m.created, { name: link.name }))}
      />
    );
  }

  if (screen.name === 'settings') {
    const link = links.value?.find((candidate) => candidate.link_id === screen.linkId);
    if (!link) {
      return (
        <Screen>
          <ScreenHeader title={intl.formatMessage(m.settingsTitle)} onBack={() => showList(null)} />
          {links.value ? <Body>{intl.formatMessage(m.linkGone)}<Announce message={intl.formatMessage(m.linkGone)} /></Body> : <Caption>{intl.formatMessage(m.loading)}</Caption>}
        </Screen>
      );
    }
    return (
      <LinkSettingsScreen
        key={link.link_id}
        documentOid={documentOid}
        link={link}
        privacy={privacy}
        onBack={() => showList(null, `settings:${link.link_id}`)}
        onSaved={(saved) => showList(intl.formatMessage(m.saved, { name: saved.name }), `settings:${saved.link_id}`)}
        onDeactivated={(gone) => showList(intl.formatMessage(m.deactivated, { name: gone.name }))}
      />
    );
  }

  return (
    <ViewLinksList
      documentOid={documentOid}
      links={links}
      privacy={privacy}
      notice={notice}
      onRetry={() => void linksQuery.refetch()}
      onBack={onBack}
      onCreate={() => {
        setNotice(null);
        setScreen({ name: 'create' });
      }}
      onOpen={openSettings}
      onCopied={(linkId) => trackViewLinkCopied(documentOid, linkId, 'list')}
    />
  );
}
