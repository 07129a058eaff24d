import { useId } from 'react';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { useDeleteUnlistedLinkMutation, useGenerateUnlistedLinkMutation, useGetUnlistedLinkQuery } from '@deck/shared/domains/view-links/unlisted-link-api';
import { Button } from '@deck/shared/ui/button/button';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption, ErrorText, SectionTitle } from '@deck/shared/ui/text/text';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { trackViewLinkCopied } from '../analytics';
import { viewLinksMessages as m } from '../messages';
import { Actions, StatusNote } from './layout';
import { saveErrorText } from './save-error';
import { serverMessageText } from '@deck/shared/api/server-messages';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useDocumentKind } from '../../../common/dialog-context';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * The document's unlisted link (spec §3): one plain link that records no views. A missing one is
 * simply not there yet (the server's 404), offered for creation; deleting it asks first.
 */
export function UnlistedLinkSection({ documentOid, privacy }: { documentOid: string; privacy: UnifiedPrivacy }) {
  const intl = useIntl();
  const documentKind = useDocumentKind();
  const titleId = useId();
  const permissions = privacy.permissions;
  const canSee = isAllowed(permissions?.unlisted_link_get);
  const unlisted = useGetUnlistedLinkQuery(documentOid, { skip: !canSee });
  const [generate, generation] = useGenerateUnlistedLinkMutation();
  const [remove, removal] = useDeleteUnlistedLinkMutation();
  const reportFailure = useReportFailure();
  const [confirming, setConfirming] = useOpeningState(false);
  const [failure, setFailure] = useOpeningState<string | null>(null);
  if (!canSee) return null;

  const run = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      setConfirming(false);
    } catch (error) {
      reportFailure.write(error);
      setFailure(saveErrorText(intl, m.unlistedFailed, error));
    }
  };

  let body: React.ReactNode;
  if (unlisted.isError) {
    body = (
      <Actions>
        <ErrorText>{intl.formatMessage(m.unlistedLoadFailed)}</ErrorText>
        <Button $variant="secondary" onClick={() => void unlisted.refetch()}>
          {intl.formatMessage(m.retry)}
        </Button>
      </Actions>
    );
  } else if (unlisted.data === undefined) {
    body = <Spinner />;
  } else if (unlisted.data === null) {
    const allowed = isAllowed(permissions?.unlisted_link_generate);
    const button = (
      <Button $variant="secondary" disabled={!allowed || generation.isLoading} onClick={() => void run(() => generate(documentOid).unwrap())}>
        {intl.formatMessage(m.unlistedCreate)}
      </Button>
    );
    body = allowed ? (
      <div>{button}</div>
    ) : (
      <div>
        <ReasonTooltip
          title={intl.formatMessage(m.unlistedNotAllowed)}
          reason={
            serverMessageText(intl, {
              message: privacy.permission_reasons?.unlisted_link_generate ?? null,
              messageCode: privacy.permission_reason_codes?.unlisted_link_generate,
            }) ?? intl.formatMessage(m.insufficientPermission)
          }
        >
          {button}
        </ReasonTooltip>
      </div>
    );
  } else {
    const link = unlisted.data;
    const canDelete = isAllowed(permissions?.unlisted_link_delete);
    body = (
      <>
        <CopyField
          label={intl.formatMessage(m.unlistedLabel)}
          value={link.url}
          copyLabel={intl.formatMessage(m.copyLink)}
          failedLabel={intl.formatMessage(m.copyFailed)}
          describedBy={titleId}
          onCopied={() => trackViewLinkCopied(documentOid, link.link_id, 'unlisted')}
        >
          {canDelete ? (
            <Button $variant="ghost" onClick={() => setConfirming(true)}>
              {intl.formatMessage(m.unlistedDelete)}
            </Button>
          ) : null}
        </CopyField>
        {confirming ? (
          <StatusNote as="div" role="alertdialog" aria-label={intl.formatMessage(m.unlistedConfirm)}>
            <Body>{intl.formatMessage(m.unlistedConfirm)}</Body>
            <Actions>
              <Button $variant="secondary" onClick={() => setConfirming(false)} disabled={removal.isLoading}>
                {intl.formatMessage(m.cancel)}
              </Button>
              <Button $variant="danger" onClick={() => void run(() => remove(documentOid).unwrap())} disabled={removal.isLoading}>
                {intl.formatMessage(m.unlistedDelete)}
              </Button>
            </Actions>
          </StatusNote>
        ) : null}
      </>
    );
  }

  return (
    <Section aria-labelledby={titleId}>
      <SectionTitle id={titleId}>{intl.formatMessage(m.unlistedTitle)}</SectionTitle>
      <Caption>{intl.formatMessage(m.unlistedDescription, { kind: documentKind })}</Caption>
      {body}
      <ErrorMessage message={failure} />
    </Section>
  );
}
