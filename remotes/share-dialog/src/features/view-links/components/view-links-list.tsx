import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy, ViewLink } from '@deck/shared/api/contract';
import type { Loadable } from '@deck/shared/api/loadable';
import { Button } from '@deck/shared/ui/button/button';
import { opens } from '../../../common/screen-opener';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { viewLinksMessages as m } from '../messages';
import { groupViewLinks } from '../utils/group-links';
import { createLinkGate } from '../utils/view-link-gates';
import { BlockedControl } from './blocked-control';
import { Actions, Screen, StatusNote } from './layout';
import { ScreenHeader } from '../../../common/screen-header';
import { UnlistedLinkSection } from './unlisted-link-section';
import { ViewLinkRow } from './view-link-row';
import { useDocumentKind } from '../../../common/dialog-context';

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const Failure = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export interface ViewLinksListProps {
  documentOid: string;
  links: Loadable<ViewLink[]>;
  privacy: UnifiedPrivacy | undefined;
  /** A confirmation of the last change (created, saved, deactivated). */
  notice: string | null;
  onRetry: () => void;
  onBack: () => void;
  onCreate: () => void;
  onOpen: (linkId: string) => void;
  onCopied: (linkId: string) => void;
}

function LinkGroup({ title, links, empty, onOpen, onCopied }: { title: string; links: ViewLink[]; empty?: string } & Pick<ViewLinksListProps, 'onOpen' | 'onCopied'>) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{title}</SectionTitle>
      {links.length === 0 && empty ? (
        <Caption>{empty}</Caption>
      ) : (
        <Rows aria-labelledby={titleId}>
          {links.map((link) => (
            <ViewLinkRow key={link.link_id} link={link} onOpen={onOpen} onCopied={onCopied} />
          ))}
        </Rows>
      )}
    </section>
  );
}

/** Spec §2 'View links' list: 'Create new link' and the links grouped by who created them. */
export function ViewLinksList({ documentOid, links, privacy, notice, onRetry, onBack, onCreate, onOpen, onCopied }: ViewLinksListProps) {
  const intl = useIntl();
  const documentKind = useDocumentKind();
  const groups = useMemo(() => groupViewLinks(links.value ?? []), [links.value]);
  const gate = privacy?.permissions ? createLinkGate(privacy) : null;

  const createButton = (
    <Button {...opens('create')} disabled={!gate?.allowed} onClick={onCreate}>
      {intl.formatMessage(m.createNew)}
    </Button>
  );

  let content: React.ReactNode;
  if (links.error) {
    content = (
      <Failure>
        <ErrorMessage message={intl.formatMessage(m.loadFailed)} />
        <Button $variant="secondary" onClick={onRetry}>
          {intl.formatMessage(m.retry)}
        </Button>
      </Failure>
    );
  } else if (!links.value) {
    content = <Spinner label={intl.formatMessage(m.loading)} />;
  } else {
    content = (
      <>
        <LinkGroup title={intl.formatMessage(m.createdByMe)} links={groups.mine} empty={intl.formatMessage(m.noOwnLinks, { kind: documentKind })} onOpen={onOpen} onCopied={onCopied} />
        {groups.others.length > 0 ? (
          <LinkGroup title={intl.formatMessage(m.createdByOthers)} links={groups.others} onOpen={onOpen} onCopied={onCopied} />
        ) : null}
        {privacy ? <UnlistedLinkSection documentOid={documentOid} privacy={privacy} /> : null}
      </>
    );
  }

  return (
    <Screen>
      <ScreenHeader title={intl.formatMessage(m.listTitle)} onBack={onBack} />
      <Body>{intl.formatMessage(m.listIntro)}</Body>
      <Actions>
        {gate && !gate.allowed ? (
          <BlockedControl control="create" block={gate}>
            {createButton}
          </BlockedControl>
        ) : (
          createButton
        )}
      </Actions>
      {notice ? <StatusNote>{notice}</StatusNote> : null}
      <Announce message={notice} />
      {content}
    </Screen>
  );
}
