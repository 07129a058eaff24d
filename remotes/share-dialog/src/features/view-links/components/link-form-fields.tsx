import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { ToggleSwitch } from '@deck/shared/ui/switch/toggle-switch';
import { useDialogContext, useDocumentKind } from '../../../common/dialog-context';
import { viewLinksMessages as m } from '../messages';
import { cutLinkTitle, isLinkTitleEmpty, LINK_TITLE_MAX_LENGTH, linkTitleLength } from '../utils/link-title';
import { withAnalytics, withViewerIdentification, type LinkOptions } from '../utils/link-options';
import type { ViewLinkGate } from '../utils/view-link-gates';
import { BlockReason, BlockUpgrade } from './blocked-control';
import { OpenNoticeField } from './open-notice-field';
import { DownloadControlsField } from './download-controls-field';
import type { LinkOpenNotice } from '@deck/shared/api/contract';

const Fields = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface LinkFormFieldsProps {
  options: LinkOptions;
  onChange: (options: LinkOptions) => void;
  /** Whether the link may be edited at all (settings of a link the user may not manage). */
  editGate: ViewLinkGate;
  /** Whether analytics may be turned on. Turning it off needs only the edit right. */
  analyticsGate: ViewLinkGate;
  /** Show 'Give the link a title.' when the title is empty (once the user has touched it). */
  showTitleRequired: boolean;
  /** The open notes analytics brings back when turned on again: the server's default, or the saved choice. */
  openNoticeWhenOn: LinkOpenNotice;
}

/**
 * The title, the two toggles, while analytics is on the open notes, and the download control and watermark of the
 * create and settings screens, with spec §4's toggle rules (a link without analytics records no opens, so it tells nobody of them).
 */
export function LinkFormFields({ options, onChange, editGate, analyticsGate, showTitleRequired, openNoticeWhenOn }: LinkFormFieldsProps) {
  const intl = useIntl();
  const { container } = useDialogContext();
  const documentKind = useDocumentKind();
  const editable = editGate.allowed;
  const analyticsLocked = !editable || (!options.visibleOnAnalytics && !analyticsGate.allowed);
  const analyticsBlock = !editGate.allowed ? editGate : !analyticsGate.allowed ? analyticsGate : null;
  const analyticsControl = !editGate.allowed ? 'manage' : 'analytics';

  return (
    <Fields>
      <TextField
        label={intl.formatMessage(m.titleLabel)}
        value={options.name}
        placeholder={intl.formatMessage(m.titlePlaceholder)}
        disabled={!editable}
        aside={`${linkTitleLength(options.name)} / ${LINK_TITLE_MAX_LENGTH}`}
        hint={intl.formatMessage(m.titleHint)}
        error={showTitleRequired && isLinkTitleEmpty(options.name) ? intl.formatMessage(m.titleRequired) : undefined}
        onChange={(event) => onChange({ ...options, name: cutLinkTitle(event.target.value) })}
      />
      <ToggleSwitch
        label={intl.formatMessage(m.analyticsLabel)}
        description={intl.formatMessage(m.analyticsDescription)}
        checked={options.visibleOnAnalytics}
        disabled={analyticsLocked}
        disabledReason={analyticsLocked && analyticsBlock && !analyticsBlock.allowed ? <BlockReason control={analyticsControl} block={analyticsBlock} /> : undefined}
        tooltipContainer={container}
        extra={analyticsLocked && analyticsBlock && !analyticsBlock.allowed ? <BlockUpgrade control={analyticsControl} block={analyticsBlock} /> : undefined}
        onChange={(on) => onChange(withAnalytics(options, on, openNoticeWhenOn))}
      />
      <ToggleSwitch
        label={intl.formatMessage(m.identificationLabel)}
        description={intl.formatMessage(m.identificationDescription, { kind: documentKind })}
        checked={options.viewerIdentification}
        disabled={!editable || !options.visibleOnAnalytics}
        disabledReason={
          !editGate.allowed ? <BlockReason control="manage" block={editGate} /> : intl.formatMessage(m.identificationNeedsAnalytics)
        }
        tooltipContainer={container}
        onChange={(on) => onChange(withViewerIdentification(options, on))}
      />
      {options.visibleOnAnalytics ? (
        <OpenNoticeField value={options.openNotice} disabled={!editable} onChange={(openNotice) => onChange({ ...options, openNotice })} />
      ) : null}
      <DownloadControlsField options={options} disabled={!editable} onChange={onChange} />
    </Fields>
  );
}
