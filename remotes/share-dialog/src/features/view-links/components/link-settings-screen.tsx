import { useId, type FormEvent } from 'react';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy, ViewLink } from '@deck/shared/api/contract';
import { useUpdateViewLinkMutation } from '@deck/shared/domains/view-links/view-links-api';
import { Button } from '@deck/shared/ui/button/button';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Caption, Divider, SectionTitle } from '@deck/shared/ui/text/text';
import { useDocumentKind } from '../../../common/dialog-context';
import { VisuallyHidden } from '../../../common/visually-hidden';
import { trackAnalyticsTrackingChanged, trackViewerIdentificationChanged, trackViewLinkCopied, trackViewLinkRenamed } from '../analytics';
import { viewLinksMessages as m } from '../messages';
import { fieldProblemsOf, problemsAfterEdit, type FieldProblems } from '../utils/field-problems';
import { allowListProblem, asksBeforeProtecting, blockListProblem, hasChanges, linkChanges, optionsOf, passcodeProblem, savedOpenNotice, type LinkOptions } from '../utils/link-options';
import { isLinkTitleEmpty } from '../utils/link-title';
import { sharerNames } from '../utils/group-links';
import { deactivateLinkGate, updateAnalyticsGate, updateLinkGate } from '../utils/view-link-gates';
import { BlockedControl } from './blocked-control';
import { DeactivateLinkModal } from './deactivate-link-modal';
import { Actions, EndActions, Form, Screen } from './layout';
import { useUnsavedChanges } from './unsaved-changes';
import { LinkFormFields } from './link-form-fields';
import { LinkControlsFields } from './link-controls-fields';
import { ProtectDocumentModal } from './protect-document-modal';
import { saveErrorText } from './save-error';
import { ScreenHeader } from '../../../common/screen-header';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-size: ${({ theme }) => theme.font.sizes.sm};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const UrlLabel = styled.label`
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
`;

const Danger = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface LinkSettingsScreenProps {
  documentOid: string;
  link: ViewLink;
  privacy: UnifiedPrivacy | undefined;
  onBack: () => void;
  onSaved: (link: ViewLink) => void;
  onDeactivated: (link: ViewLink) => void;
}

/** The page that shows a link's analytics (spec §2: the one external route, opened in a new tab). */
export function analyticsUrl(linkId: string): string {
  return `/analytics/${encodeURIComponent(linkId)}`;
}

/**
 * Spec §2 'Link settings': Save (enabled once something changed), Copy link, the two ways to
 * deactivate, and a way to the link's analytics when it is visible there.
 */
export function LinkSettingsScreen({ documentOid, link, privacy, onBack, onSaved, onDeactivated }: LinkSettingsScreenProps) {
  const intl = useIntl();
  const documentKind = useDocumentKind();
  const urlId = useId();
  const [options, setEditedOptions] = useOpeningState<LinkOptions>(() => optionsOf(link));
  // The rules the last Save broke, beside their fields, until the field is changed.
  const [problems, setProblems] = useOpeningState<FieldProblems>({});
  const setOptions = (next: LinkOptions) => {
    setProblems(problemsAfterEdit(problems, options, next));
    setEditedOptions(next);
  };
  const [failure, setFailure] = useOpeningState<string | null>(null);
  const [confirming, setConfirming] = useOpeningState<{ deleteData: boolean } | null>(null);
  // The first protection of the document asks before it is saved (ProtectDocumentModal).
  const [asking, setAsking] = useOpeningState(false);
  const [update, { isLoading: saving }] = useUpdateViewLinkMutation();
  const reportFailure = useReportFailure();

  const dirty = hasChanges(linkChanges(link, options));
  const unsaved = useUnsavedChanges(dirty);

  const permissions = privacy?.permissions;
  if (!privacy || !permissions) {
    return (
      <Screen>
        <ScreenHeader title={intl.formatMessage(m.settingsTitle)} onBack={onBack} />
        <Spinner />
      </Screen>
    );
  }

  const editGate = updateLinkGate(link, privacy);
  const analyticsGate = updateAnalyticsGate(link, privacy);
  const deactivateGate = deactivateLinkGate(link, privacy);
  const changes = linkChanges(link, options);
  const empty = isLinkTitleEmpty(options.name);
  const canSave = editGate.allowed && dirty && !empty && !saving && passcodeProblem(options) === null && allowListProblem(options) === null && blockListProblem(options) === null;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    if (asksBeforeProtecting(privacy.address_protection, options, link)) setAsking(true);
    else void store();
  };

  const store = async () => {
    setAsking(false);
    setFailure(null);
    try {
      const saved = await update({ documentOid, linkId: link.link_id, update: changes.update }).unwrap();
      if (changes.renamed) trackViewLinkRenamed(documentOid, link.link_id);
      if (changes.analyticsChanged) trackAnalyticsTrackingChanged(documentOid, link.link_id, saved.visible_on_analytics);
      if (changes.identificationChanged) trackViewerIdentificationChanged(documentOid, link.link_id, saved.viewer_identification);
      onSaved(saved);
    } catch (error) {
      reportFailure.write(error);
      setFailure(saveErrorText(intl, m.saveFailed, error));
      setProblems(fieldProblemsOf(error));
    }
  };

  const back = () => unsaved.leave(onBack);

  const deactivateButton = (deleteData: boolean) => {
    const button = (
      <Button $variant={deleteData ? 'danger' : 'secondary'} disabled={!deactivateGate.allowed} onClick={() => setConfirming({ deleteData })}>
        {intl.formatMessage(deleteData ? m.deactivateAndDelete : m.deactivate)}
      </Button>
    );
    return deactivateGate.allowed ? (
      button
    ) : (
      <BlockedControl control="manage" block={deactivateGate}>
        {button}
      </BlockedControl>
    );
  };

  const saveButton = (
    <Button type="submit" disabled={!canSave}>
      {intl.formatMessage(m.save)}
    </Button>
  );

  return (
    <Screen>
      <ScreenHeader title={intl.formatMessage(m.settingsTitle)} onBack={back} />
      {unsaved.question}
      <div>
        <UrlLabel htmlFor={urlId}>{intl.formatMessage(m.linkLabel)}</UrlLabel>
        <CopyField
          inputId={urlId}
          value={link.url}
          copyLabel={intl.formatMessage(m.copyLink)}
          failedLabel={intl.formatMessage(m.copyFailed)}
          describedBy={urlId}
          onCopied={() => trackViewLinkCopied(documentOid, link.link_id, 'settings')}
        />
      </div>
      <Meta>
        <Caption>
          {link.is_owner
            ? intl.formatMessage(m.createdOn, { date: intl.formatDate(link.created_at, { dateStyle: 'medium' }) })
            : intl.formatMessage(m.createdBy, sharerNames(link))}
        </Caption>
        {link.visible_on_analytics ? (
          <a href={analyticsUrl(link.link_id)} target="_blank" rel="noopener noreferrer">
            {intl.formatMessage(m.viewAnalytics)} <VisuallyHidden>{intl.formatMessage(m.opensInNewTab)}</VisuallyHidden>
          </a>
        ) : null}
      </Meta>
      <Form onSubmit={save} noValidate>
        <LinkFormFields
          options={options}
          onChange={setOptions}
          editGate={editGate}
          analyticsGate={analyticsGate}
          showTitleRequired={options.name !== link.name}
          openNoticeWhenOn={savedOpenNotice(link)}
        />
        <LinkControlsFields
          options={options}
          onChange={setOptions}
          saved={link}
          teamPolicy={privacy.team_policy}
          privacy={privacy}
          addressProtection={privacy.address_protection}
          editable={editGate.allowed}
          problems={problems}
        />
        <ErrorMessage message={failure} />
        <EndActions>
          {saving ? <Spinner label={intl.formatMessage(m.saving)} /> : null}
          {editGate.allowed ? (
            saveButton
          ) : (
            <BlockedControl control="manage" block={editGate}>
              {saveButton}
            </BlockedControl>
          )}
        </EndActions>
      </Form>
      <Divider style={{ margin: 0 }} />
      <Danger aria-labelledby={`${urlId}-danger`}>
        <SectionTitle id={`${urlId}-danger`}>{intl.formatMessage(m.dangerZone)}</SectionTitle>
        <Caption>{intl.formatMessage(m.confirmBody, { kind: documentKind })}</Caption>
        <Actions>
          {deactivateButton(false)}
          {deactivateButton(true)}
        </Actions>
      </Danger>
      {asking ? <ProtectDocumentModal onCancel={() => setAsking(false)} onConfirm={() => void store()} /> : null}
      {confirming ? (
        <DeactivateLinkModal
          documentOid={documentOid}
          link={link}
          deleteData={confirming.deleteData}
          onCancel={() => setConfirming(null)}
          onDeactivated={onDeactivated}
        />
      ) : null}
    </Screen>
  );
}
