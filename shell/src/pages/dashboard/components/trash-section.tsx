import { useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { DeletedDocument, PresentationDocument } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { useDeleteForGoodMutation, useListTrashQuery, useRestoreFromTrashMutation } from '@deck/shared/domains/document-list/document-list-api';
import { LoadFailure } from '../../load-failure';
import { documentListMessages, trashMessages as m } from '../messages';
import { DocumentTable } from './document-table';
import { InlineConfirm } from '../../../layout/inline-confirm';
import { useFocusAfterRemoval } from '../hooks/use-focus-after-removal';

const Section = styled.section`
  margin: ${({ theme }) => `${theme.space.xl} 0`};
`;

/**
 * The user's trash (only their own documents are ever in it): restore, or delete for good after an
 * alertdialog. The server refuses both to anyone but the owner; the list only ever shows the owner's.
 */
export function TrashSection() {
  const intl = useIntl();
  const { data, error, refetch } = useListTrashQuery({});
  const [restore, restoring] = useRestoreFromTrashMutation();
  const [deleteForGood] = useDeleteForGoodMutation();
  const heading = useRef<HTMLHeadingElement>(null);
  const rowKeys = useMemo(() => data?.results.map((document) => document.oid), [data]);
  const keepFocus = useFocusAfterRemoval<HTMLElement>(rowKeys, heading);

  const reason = (err: Parameters<typeof toApiError>[0]) =>
    intl.formatMessage(documentListMessages.failedAction, { reason: toApiError(err)?.message ?? intl.formatMessage(documentListMessages.failedGeneric) });

  const onRestore = async (document: PresentationDocument) => {
    if (restoring.isLoading) return;
    const result = await restore(document.oid);
    announce('error' in result ? reason(result.error) : intl.formatMessage(m.restored, { title: document.title }));
  };

  const onPurge = async (document: PresentationDocument): Promise<string | null> => {
    const result = await deleteForGood(document.oid);
    if ('error' in result) return reason(result.error);
    announce(intl.formatMessage(m.purged, { title: document.title }));
    return null;
  };

  return (
    <Section aria-labelledby="dashboard-trash" {...keepFocus}>
      <SectionTitle as="h2" id="dashboard-trash" ref={heading} tabIndex={-1}>
        {intl.formatMessage(m.heading)}
      </SectionTitle>
      {error ? (
        <LoadFailure onRetry={refetch} message={intl.formatMessage(m.failed)} />
      ) : data && data.results.length === 0 ? (
        <Body>{intl.formatMessage(m.empty)}</Body>
      ) : data ? (
        <DocumentTable
          caption={intl.formatMessage(m.heading)}
          documents={data.results}
          linkTitles={false}
          note={(document) => intl.formatMessage(m.trashedOn, { date: intl.formatDate((document as DeletedDocument).deleted_at, { dateStyle: 'medium' }) })}
          actions={(document) => (
            <>
              <Button
                $variant="secondary"
                aria-label={intl.formatMessage(m.restoreLabel, { title: document.title })}
                // Unavailable while it works, but focusable: a disabled button would drop the focus to the page.
                aria-disabled={(restoring.isLoading && restoring.originalArgs === document.oid) || undefined}
                onClick={() => void onRestore(document)}
              >
                {intl.formatMessage(m.restore)}
              </Button>
              <InlineConfirm
                openVariant="danger"
                openText={intl.formatMessage(m.purge)}
                openLabel={intl.formatMessage(m.purgeLabel, { title: document.title })}
                title={intl.formatMessage(m.purgeTitle, { title: document.title })}
                body={intl.formatMessage(m.purgeBody)}
                cancelText={intl.formatMessage(m.cancel)}
                confirmText={intl.formatMessage(m.purge)}
                busyText={intl.formatMessage(m.purging)}
                onConfirm={() => onPurge(document)}
              />
            </>
          )}
        />
      ) : null}
    </Section>
  );
}
