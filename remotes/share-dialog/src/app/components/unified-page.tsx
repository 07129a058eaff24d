import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacyUpdate, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import type { PrivacyControl } from '@deck/shared/domains/privacy/privacy-slice';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Button } from '@deck/shared/ui/button/button';
import { Divider, SectionTitle } from '@deck/shared/ui/text/text';
import { shareDialogSelectors, type ShareDialogPage, type ViewLinksScreen } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import { useAppSelector } from '@deck/shared/store/hooks';
import { CopyViewLink } from '../../features/view-link/components/copy-view-link';
import { hasViewUrl } from '../../features/view-link/utils/view-url';
import { TrackableLinksOverview } from '../../features/trackable-links/components/trackable-links-overview';
import { trackableLinksOffered } from '@deck/shared/domains/view-links/view-link-refusal';
import { PrivacyDropdown } from '../../features/privacy/components/privacy-dropdown';
import { DocumentSettings } from '../../features/privacy/components/document-settings';
import { useChangePrivacy } from '../../features/privacy/hooks/use-change-privacy';
import { privacyGate, publishGate, reusableGate } from '../../features/privacy/utils/privacy-gates';
import { confirmationFor, type PrivacyConfirmation } from '../../features/privacy/utils/confirm-change';
import { ConfirmPrivacyChange } from '../../features/privacy/components/confirm-privacy-change';
import { CollaboratorsSection } from '../../features/collaborators/components/collaborators-section';
import { collaboratorsMessages } from '../../features/collaborators/messages';
import { visibleCollaborators } from '../../features/collaborators/utils/visible-collaborators';
import { LinkOnlyNotice } from '../../features/collaborators/components/link-only-notice';
import { AccessRequestsSection } from '../../features/access-requests/components/access-requests-section';
import type { DialogData } from '../hooks/use-dialog-data';
import { LoadFailure } from './load-failure';
import { LoadingPlaceholder } from './loading-placeholder';
import { opens } from '../../common/screen-opener';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

/** Below this many rows the whole list fits; from it on the list scrolls and 'Manage' is offered. */
const MANAGE_FROM_ROWS = 4;

export interface UnifiedPageProps {
  documentOid: string;
  data: DialogData;
  onNavigate: (page: ShareDialogPage) => void;
  onViewLinks: (screen: ViewLinksScreen) => void;
  onLeft: () => void;
  /** Remembers to open the view links page on a sub-screen after the next document update. */
  onRedirectToViewLinks: (screen: ViewLinksScreen) => void;
}

interface PendingChange {
  kind: PrivacyConfirmation;
  control: PrivacyControl;
  update: UnifiedPrivacyUpdate;
  /** Runs just before the confirmed change is sent (the trackable-links offer remembers where to go next). */
  beforeSend?: () => void;
}

/** Spec §2 'Unified / share page': its sections in the spec's order. */
export function UnifiedPage({ documentOid, data, onNavigate, onViewLinks, onLeft, onRedirectToViewLinks }: UnifiedPageProps) {
  const intl = useIntl();
  const document = data.document.value;
  const privacy = data.privacy.value;
  const { change } = useChangePrivacy(documentOid, privacy);
  const showReferral = useAppSelector(shareDialogSelectors.selectShowReferralCopyAndCode);
  const individuals = data.collaborators.value?.individual;
  // The count covers the whole list, also when only its first pages are loaded (total_count).
  const loadedRows = useMemo(() => visibleCollaborators(individuals ?? []).length, [individuals]);
  const rowCount = data.collaborators.value?.total_count ?? loadedRows;
  const [pending, setPending] = useOpeningState<PendingChange | null>(null);

  if (data.document.error || data.privacy.error) {
    return (
      <LoadFailure
        onRetry={() => {
          if (data.document.error) void data.retry.document();
          if (data.privacy.error) void data.retry.privacy();
        }}
      />
    );
  }
  if (!document || !privacy) return <LoadingPlaceholder />;

  const type = document.schema_version_name;
  const userLevel = document.user_permissions?.level ?? 'no_access';

  /** Sends the change at once, or first asks when it exposes the document or undoes publishing. */
  const request = (control: PrivacyControl, update: UnifiedPrivacyUpdate, beforeSend?: () => void) => {
    const kind = confirmationFor(privacy, update, beforeSend !== undefined);
    if (kind) {
      setPending({ kind, control, update, beforeSend });
      return;
    }
    beforeSend?.();
    void change(control, update);
  };

  const onPrivacyChange = (level: UnifiedPrivacyValue) =>
    request('privacy', { unified_privacy: level, ...(level === 'closed' && privacy.is_published ? { published: false } : {}) });

  return (
    <Sections>
      {isAllowed(privacy.permissions?.collaborator_individual_remove_others) ? (
        <AccessRequestsSection documentOid={documentOid} flags={privacy.permissions} />
      ) : null}
      <CopyViewLink type={type} privacy={privacy} referral={showReferral ? data.referral : undefined} />
      {privacy.permissions && trackableLinksOffered(privacy) ? (
        <TrackableLinksOverview
          count={privacy.view_link_count}
          expiredCount={privacy.expired_view_link_count}
          privacy={privacy}
          onCreate={() => onViewLinks('create')}
          onManage={() => onViewLinks('list')}
          onOpenAccessAndCreate={
            privacyGate(privacy, 'open').allowed
              ? () =>
                  // The spec's redirect after a document update: once the document is open, create the link.
                  request('privacy', { unified_privacy: 'open' }, () => onRedirectToViewLinks('create'))
              : undefined
          }
        />
      ) : null}
      <Divider style={{ margin: 0 }} />
      <section aria-label={intl.formatMessage(collaboratorsMessages.accessSettings)}>
        <TitleRow>
          <SectionTitle>{intl.formatMessage(collaboratorsMessages.accessSettings)}</SectionTitle>
          {rowCount >= MANAGE_FROM_ROWS ? (
            <Button $variant="ghost" {...opens('collaborators')} onClick={() => onNavigate('collaborators')}>
              {intl.formatMessage(collaboratorsMessages.manage, { count: rowCount })}
            </Button>
          ) : null}
        </TitleRow>
        <Stack>
          <PrivacyDropdown privacy={privacy} onChange={onPrivacyChange} hasViewLink={hasViewUrl(type)} />
          {data.linkOnly ? (
            <LinkOnlyNotice ownerName={`${document.owner.firstName} ${document.owner.lastName}`.trim() || document.owner.username} />
          ) : data.collaborators.error ? (
            <LoadFailure onRetry={() => void data.retry.collaborators()} />
          ) : (
            <CollaboratorsSection
              documentOid={documentOid}
              sharePermissions={data.collaborators.value}
              pages={data.collaboratorPages}
              contacts={data.contacts.value?.data ?? []}
              userLevel={userLevel}
              isOwner={privacy.is_owner}
              flags={privacy.permissions}
              reasonCodes={privacy.permission_reason_codes}
              ownerTeamName={privacy.team_policy.team_name}
              referralToken={data.referral?.tokens.email}
              onLeft={onLeft}
            />
          )}
        </Stack>
      </section>
      <DocumentSettings
        privacy={privacy}
        onPublishedChange={(published) => {
          if (publishGate(privacy, published).allowed) request('published', { published });
        }}
        onReusableChange={(reusable) => {
          if (reusableGate(privacy, reusable).allowed) request('reusable', { reusable });
        }}
      />
      {pending ? (
        <ConfirmPrivacyChange
          kind={pending.kind}
          documentTitle={document.title}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            setPending(null);
            pending.beforeSend?.();
            void change(pending.control, pending.update);
          }}
        />
      ) : null}
    </Sections>
  );
}
