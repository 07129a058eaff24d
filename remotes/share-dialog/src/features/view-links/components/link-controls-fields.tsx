import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { TeamPolicy, ViewLink } from '@deck/shared/api/contract';
import { LINK_PASSCODE_MAX_LENGTH, LINK_PASSCODE_MIN_LENGTH } from '@deck/shared/domains/view-links/link-controls';
import { Button } from '@deck/shared/ui/button/button';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { viewLinksMessages as m } from '../messages';
import type { LinkOptions } from '../utils/link-options';

const Fields = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  legend {
    padding: 0;
  }
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface LinkControlsFieldsProps {
  options: LinkOptions;
  onChange: (options: LinkOptions) => void;
  /** The saved link on the settings screen (null when creating one). */
  saved: ViewLink | null;
  /** The acting user's team rules for new links (the server holds them on every change too). */
  teamPolicy: TeamPolicy | undefined;
  editable: boolean;
}

/**
 * The view-link controls of the create and settings screens: a passcode, an expiry and an allow list. The plan
 * and the team's rules are the server's to decide: it refuses with a translated reason, which the screen shows.
 */
export function LinkControlsFields({ options, onChange, saved, teamPolicy, editable }: LinkControlsFieldsProps) {
  const intl = useIntl();
  const hasPasscode = !!saved?.has_passcode;
  return (
    <Fields disabled={!editable}>
      <SectionTitle as="legend">{intl.formatMessage(m.controlsTitle)}</SectionTitle>
      {teamPolicy?.require_link_passcode ? <Caption>{intl.formatMessage(m.teamRequiresPasscode)}</Caption> : null}
      {teamPolicy?.max_link_expiry_days ? <Caption>{intl.formatMessage(m.teamMaxExpiry, { days: teamPolicy.max_link_expiry_days })}</Caption> : null}
      {hasPasscode ? (
        <Row>
          <Caption>{intl.formatMessage(options.removePasscode ? m.passcodeRemoved : m.passcodeSet)}</Caption>
          <Button $variant="ghost" onClick={() => onChange({ ...options, removePasscode: !options.removePasscode, passcode: '' })}>
            {intl.formatMessage(options.removePasscode ? m.keepPasscode : m.removePasscode)}
          </Button>
        </Row>
      ) : null}
      {options.removePasscode ? null : (
        <TextField
          label={intl.formatMessage(hasPasscode ? m.newPasscodeLabel : teamPolicy?.require_link_passcode ? m.requiredPasscodeLabel : m.passcodeLabel)}
          type="password"
          autoComplete="new-password"
          maxLength={LINK_PASSCODE_MAX_LENGTH}
          value={options.passcode}
          hint={intl.formatMessage(m.passcodeHint, { min: LINK_PASSCODE_MIN_LENGTH, max: LINK_PASSCODE_MAX_LENGTH })}
          onChange={(event) => onChange({ ...options, passcode: event.target.value })}
        />
      )}
      <TextField
        label={intl.formatMessage(m.expiresLabel)}
        type="datetime-local"
        value={options.expiresAt}
        hint={intl.formatMessage(m.expiresHint)}
        onChange={(event) => onChange({ ...options, expiresAt: event.target.value })}
      />
      <TextField
        label={intl.formatMessage(m.allowedLabel)}
        value={options.allowedViewers}
        hint={intl.formatMessage(m.allowedHint)}
        autoComplete="off"
        onChange={(event) => onChange({ ...options, allowedViewers: event.target.value })}
      />
    </Fields>
  );
}
