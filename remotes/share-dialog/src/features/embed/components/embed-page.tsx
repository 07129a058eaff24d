import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { ScreenPage } from '../../../common/screen-page';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useEffect, useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useGetDocumentQuery } from '@deck/shared/domains/document/document-api';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption, FieldLabel, SectionTitle } from '@deck/shared/ui/text/text';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { ScreenHeader } from '../../../common/screen-header';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { DEFAULT_EMBED_SIZE, type EmbedSize } from '../utils/embed-dimensions';
import { allowsOnlyResponsiveSize, embedCode } from '../utils/embed-code';
import { embedAccess } from '../utils/embed-access';
import { trackEmbedCodeCopied, trackEmbedCodeOpened } from '../analytics';
import { embedBlockMessages, embedMessages } from '../messages';
import { EmbedSizeInputs } from './embed-size-inputs';
import { EmbedCodeBox } from './embed-code-box';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const Notice = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const PlayerLink = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Refusal = styled.div`
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
`;

const Failure = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export interface EmbedPageProps {
  documentOid: string;
  onBack: () => void;
  /** A help page about responsive embeds, linked from their explanation when given. */
  learnMoreUrl?: string;
}

/** The share dialog's embed page (spec §2 "Embed page"): size inputs and the code to paste into another page. */
export function EmbedPage({ documentOid, onBack, learnMoreUrl }: EmbedPageProps) {
  const intl = useIntl();
  const documentQuery = useGetDocumentQuery({ oid: documentOid });
  const privacyQuery = useGetUnifiedPrivacyQuery(documentOid);
  const [size, setSize] = useOpeningState<EmbedSize>(DEFAULT_EMBED_SIZE);
  const playerLinkId = useId();

  const document = documentQuery.data;
  const privacy = privacyQuery.data;
  const access = document && privacy ? embedAccess(privacy, document.schema_version_name) : null;
  const type = document?.schema_version_name;

  useEffect(() => {
    if (access?.allowed && type) trackEmbedCodeOpened(documentOid, type);
    // Once per document the user opens the code for, not on every re-render.
  }, [access?.allowed, documentOid, type]);

  const header = <ScreenHeader title={intl.formatMessage(embedMessages.title)} onBack={onBack} />;
  useReportLoadFailure(documentQuery.error ?? privacyQuery.error);

  if (documentQuery.isError || privacyQuery.isError) {
    return (
      <ScreenPage>
        {header}
        <Failure>
          <ErrorMessage message={`${intl.formatMessage(embedMessages.loadFailedTitle)} ${intl.formatMessage(embedMessages.loadFailedBody)}`} />
          <Button
            $variant="secondary"
            onClick={() => {
              if (documentQuery.isError) void documentQuery.refetch();
              if (privacyQuery.isError) void privacyQuery.refetch();
            }}
          >
            {intl.formatMessage(embedMessages.retry)}
          </Button>
        </Failure>
      </ScreenPage>
    );
  }

  if (!document || !privacy || !access) {
    return (
      <ScreenPage>
        {header}
        <Spinner label={intl.formatMessage(embedMessages.loading)} />
      </ScreenPage>
    );
  }

  if (!access.allowed) {
    const reason = embedBlockMessages[access.block];
    return (
      <ScreenPage>
        {header}
        <Refusal>
          <Announce message={[intl.formatMessage(embedMessages.notAllowed), reason ? intl.formatMessage(reason) : ''].join(' ').trim()} />
          <SectionTitle>{intl.formatMessage(embedMessages.notAllowed)}</SectionTitle>
          {reason ? <Body>{intl.formatMessage(reason)}</Body> : null}
        </Refusal>
      </ScreenPage>
    );
  }

  const responsiveOnly = allowsOnlyResponsiveSize(document.schema_version_name);
  const source = {
    schemaVersionName: document.schema_version_name,
    title: document.title,
    embedLink: privacy.embed_link,
    viewToken: privacy.view_token,
  };

  return (
    <ScreenPage>
      {header}
      <Body>{intl.formatMessage(embedMessages.adapts)}</Body>
      {responsiveOnly ? (
        <Notice>
          <Caption>{intl.formatMessage(embedMessages.responsiveOnly)}</Caption>
          {learnMoreUrl ? (
            <a href={learnMoreUrl} target="_blank" rel="noopener noreferrer">
              {intl.formatMessage(embedMessages.learnMore)}
            </a>
          ) : null}
        </Notice>
      ) : (
        <EmbedSizeInputs size={size} onChange={setSize} />
      )}
      <EmbedCodeBox
        code={embedCode(source, size)}
        onCopied={() => trackEmbedCodeCopied(documentOid, document.schema_version_name, responsiveOnly ? null : size)}
      />
      {/* The document without the page around it, for tools that take a plain link (LMS, chat previews). */}
      {privacy.embed_link ? (
        <PlayerLink>
          <FieldLabel htmlFor={playerLinkId}>{intl.formatMessage(embedMessages.playerLink)}</FieldLabel>
          <CopyField inputId={playerLinkId} value={privacy.embed_link} copyName={intl.formatMessage(embedMessages.copyPlayerLink)} />
        </PlayerLink>
      ) : null}
    </ScreenPage>
  );
}
