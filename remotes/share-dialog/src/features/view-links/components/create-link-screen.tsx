import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import type { UnifiedPrivacy, ViewLink } from '@deck/shared/api/contract';
import { useCreateViewLinkMutation } from '@deck/shared/domains/view-links/view-links-api';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { trackViewLinkCreated } from '../analytics';
import { viewLinksMessages as m } from '../messages';
import { fieldProblemsOf, problemsAfterEdit, type FieldProblems } from '../utils/field-problems';
import { allowListProblem, asksBeforeProtecting, blockListProblem, createControls, initialCreateOptions, passcodeProblem, sameOptions, type LinkOptions } from '../utils/link-options';
import { isLinkTitleEmpty } from '../utils/link-title';
import { explainBlock, reasonText } from '../utils/block-explanation';
import { createAnalyticsGate, createLinkGate } from '../utils/view-link-gates';
import { BlockUpgrade } from './blocked-control';
import { RefusalPanel } from '../../../common/notice-box';
import { EndActions, Form, Screen } from './layout';
import { LinkFormFields } from './link-form-fields';
import { LinkControlsFields } from './link-controls-fields';
import { ProtectDocumentModal } from './protect-document-modal';
import { useUnsavedChanges } from './unsaved-changes';
import { saveErrorText } from './save-error';
import { ScreenHeader } from '../../../common/screen-header';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { DEFAULT_LINK_OPEN_NOTICE } from '@deck/shared/domains/view-links/open-notices';

export interface CreateLinkScreenProps {
  documentOid: string;
  privacy: UnifiedPrivacy | undefined;
  onBack: () => void;
  onCreated: (link: ViewLink) => void;
}

type CreateLinkFormProps = Omit<CreateLinkScreenProps, 'onBack' | 'privacy'> & {
  privacy: UnifiedPrivacy & { permissions: NonNullable<UnifiedPrivacy['permissions']> };
  /** Whether anything was filled in: the screen then asks before it is thrown away. */
  onDirty: (dirty: boolean) => void;
};

function CreateLinkForm({ documentOid, privacy, onCreated, onDirty }: CreateLinkFormProps) {
  const intl = useIntl();
  const analyticsGate = createAnalyticsGate(privacy);
  const [options, setEditedOptions] = useOpeningState<LinkOptions>(() => initialCreateOptions(analyticsGate.allowed));
  // The rules the last Save broke, beside their fields, until the field is changed.
  const [problems, setProblems] = useOpeningState<FieldProblems>({});
  const setOptions = (next: LinkOptions) => {
    setProblems(problemsAfterEdit(problems, options, next));
    setEditedOptions(next);
    onDirty(!sameOptions(next, initialCreateOptions(analyticsGate.allowed)));
  };
  // 'Give the link a title.' shows once the user has typed and emptied the field, not on arrival.
  const [touched, setTouched] = useOpeningState(false);
  const [failure, setFailure] = useOpeningState<string | null>(null);
  // The first protection of the document asks before it is saved (ProtectDocumentModal).
  const [asking, setAsking] = useOpeningState(false);
  const [createLink, { isLoading: saving }] = useCreateViewLinkMutation();
  const reportFailure = useReportFailure();
  const empty = isLinkTitleEmpty(options.name);
  const invalid = empty || passcodeProblem(options) !== null || allowListProblem(options) !== null || blockListProblem(options) !== null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    if (asksBeforeProtecting(privacy.address_protection, options, null)) setAsking(true);
    else void create();
  };

  const create = async () => {
    setAsking(false);
    setFailure(null);
    try {
      const link = await createLink({
        presentation_oid: documentOid,
        name: options.name.trim(),
        visible_on_analytics: options.visibleOnAnalytics,
        viewer_identification: options.viewerIdentification,
        open_notice: options.openNotice,
        ...createControls(options),
      }).unwrap();
      trackViewLinkCreated(documentOid, link.link_id, options);
      onDirty(false);
      onCreated(link);
    } catch (error) {
      reportFailure.write(error);
      // The form keeps what was typed, so nothing is lost when the server refuses.
      setFailure(saveErrorText(intl, m.createFailed, error));
      setProblems(fieldProblemsOf(error));
    }
  };

  return (
    <Form onSubmit={submit} noValidate>
      <LinkFormFields
        options={options}
        onChange={(next) => {
          setOptions(next);
          if (next.name !== options.name) setTouched(true);
        }}
        editGate={{ allowed: true }}
        analyticsGate={analyticsGate}
        showTitleRequired={touched}
        openNoticeWhenOn={DEFAULT_LINK_OPEN_NOTICE}
      />
      <LinkControlsFields
        options={options}
        onChange={setOptions}
        saved={null}
        teamPolicy={privacy.team_policy}
        privacy={privacy}
        addressProtection={privacy.address_protection}
        editable
        problems={problems}
      />
      <ErrorMessage message={failure} />
      <EndActions>
        {saving ? <Spinner label={intl.formatMessage(m.saving)} /> : null}
        <Button type="submit" disabled={invalid || saving}>
          {intl.formatMessage(m.saveLink)}
        </Button>
      </EndActions>
      {asking ? <ProtectDocumentModal onCancel={() => setAsking(false)} onConfirm={() => void create()} /> : null}
    </Form>
  );
}

/** Spec §2 'Create New Link': a title, the analytics and identification toggles, and Save Link. */
export function CreateLinkScreen({ documentOid, privacy, onBack, onCreated }: CreateLinkScreenProps) {
  const intl = useIntl();
  const [dirty, setDirty] = useOpeningState(false);
  const unsaved = useUnsavedChanges(dirty);
  const permissions = privacy?.permissions;
  let body: React.ReactNode;
  if (!privacy || !permissions) {
    body = <Spinner />;
  } else {
    const gate = createLinkGate(privacy);
    if (gate.allowed) {
      body = <CreateLinkForm documentOid={documentOid} privacy={{ ...privacy, permissions }} onCreated={onCreated} onDirty={setDirty} />;
    } else {
      const explanation = explainBlock('create', gate);
      body = (
        <RefusalPanel>
          <Announce message={`${intl.formatMessage(explanation.title)} ${reasonText(intl, explanation)}`} />
          <SectionTitle>{intl.formatMessage(explanation.title)}</SectionTitle>
          <Body>{reasonText(intl, explanation)}</Body>
          <div>
            <BlockUpgrade control="create" block={gate} />
          </div>
        </RefusalPanel>
      );
    }
  }
  return (
    <Screen>
      <ScreenHeader title={intl.formatMessage(m.createTitle)} onBack={() => unsaved.leave(onBack)} />
      {unsaved.question}
      {body}
    </Screen>
  );
}
