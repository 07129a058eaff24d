import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { AddressProtection, PermissionKey, TeamPolicy, ViewLink } from '@deck/shared/api/contract';
import {
  LINK_ALLOWED_VIEWERS_MAX,
  LINK_BLOCKED_VIEWERS_MAX,
  LINK_CONTROL_MESSAGES,
  LINK_PASSCODE_MAX_LENGTH,
  LINK_PASSCODE_MIN_LENGTH,
  parseViewerList,
} from '@deck/shared/domains/view-links/link-controls';
import { generatePasscode } from '@deck/shared/domains/view-links/passcode-strength';
import { useDocumentKind } from '../../../common/dialog-context';
import { decisionOf, type Decision } from '@deck/shared/domains/privacy/refusal';
import { serverMessageText, type ServerText } from '@deck/shared/api/server-messages';
import type { Decided } from '@deck/shared/domains/view-links/view-link-refusal';
import { UpgradeButton } from '../../../common/paywall/upgrade-button';
import { LINK_CONTROL_PAYWALLS } from '../utils/block-explanation';
import { Button } from '@deck/shared/ui/button/button';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { ToggleSwitch } from '@deck/shared/ui/switch/toggle-switch';
import { useDialogContext } from '../../../common/dialog-context';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { viewLinksMessages as m } from '../messages';
import { SavedPasscode } from './saved-passcode';
import { allowListProblem, blockListProblem, passcodeProblem, type LinkOptions } from '../utils/link-options';
import type { FieldProblems } from '../utils/field-problems';

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

/** One problem of several under a field. */
const Line = styled.span`
  display: block;
`;

export interface LinkControlsFieldsProps {
  options: LinkOptions;
  onChange: (options: LinkOptions) => void;
  /** The saved link on the settings screen (null when creating one). */
  saved: ViewLink | null;
  /** The acting user's team rules for new links (the server holds them on every change too). */
  teamPolicy: TeamPolicy | undefined;
  /** The server's decisions: whether the user's plan or team unlocks each control (`view_link_passcode` …). */
  privacy: Decided;
  /** What a protected link does to the document's own address, as the server says (unified privacy). */
  addressProtection: AddressProtection | undefined;
  editable: boolean;
  /** The rules the server said the last Save broke, by field (FieldProblems), each shown beside its field. */
  problems?: FieldProblems;
}

/** The server's text for an allow list longer than the shared limit (the dialog says it before Save). */
const ALLOW_LIST_TOO_LONG = { message: LINK_CONTROL_MESSAGES.allowListTooLong, messageCode: 'link_control_allow_list_too_long' } as const;
const BLOCK_LIST_TOO_LONG = { message: LINK_CONTROL_MESSAGES.blockListTooLong, messageCode: 'link_control_block_list_too_long' } as const;

/** A field's problems, the dialog's own first, one line each (several rules can be broken at once). */
function problemsText(intl: IntlShape, own: ServerText | null, server: readonly ServerText[] | undefined): React.ReactNode {
  const texts = [own, ...(server ?? [])].filter((text): text is ServerText => text !== null).map((text) => serverMessageText(intl, text));
  if (texts.length === 0) return undefined;
  if (texts.length === 1) return texts[0];
  return texts.map((text, index) => (
    <Line key={index}>{text}</Line>
  ));
}

/** The server's texts for a passcode the shared rule refuses (the same the server answers), with their codes. */
const PASSCODE_PROBLEMS = {
  length: { message: LINK_CONTROL_MESSAGES.passcodeLength, messageCode: 'link_control_passcode_length' },
  weak: { message: LINK_CONTROL_MESSAGES.passcodeWeak, messageCode: 'link_control_passcode_weak' },
} as const;

interface ControlGate {
  /** Refused and holding nothing to clear: the field keeps its Tab stop but takes no input. */
  locked: boolean;
  /** The server's reason in the page's language, when the flag refuses the control. */
  reason: string | null;
  /** Set when a plan lifts the refusal: the field offers Upgrade. */
  paywall: { paywallKey: string; plan: string } | null;
}

/** A control the server refuses stays usable only to clear what the link already holds. */
function useControlGate(privacy: Decided, key: PermissionKey, holdsValue: boolean): ControlGate {
  const intl = useIntl();
  const decision: Decision = decisionOf(privacy, key);
  if (decision.allowed) return { locked: false, reason: null, paywall: null };
  return {
    locked: !holdsValue,
    reason: serverMessageText(intl, { message: decision.message, messageCode: decision.code }),
    paywall: (decision.code ? LINK_CONTROL_PAYWALLS[decision.code] : undefined) ?? null,
  };
}

/** The field's props and hint under its gate: read-only and described by the server's reason when refused. */
function gated(gate: ControlGate, hint: string) {
  return gate.locked ? { readOnly: true, 'aria-disabled': true, hint: gate.reason ?? hint } : { hint: gate.reason ?? hint };
}

/**
 * The view-link controls of the create and settings screens: a passcode, an expiry and an allow list. The plan
 * and the team's rules are the server's to decide: a control its flag refuses is off, with the server's reason
 * and Upgrade where a plan lifts it; the server checks each change again.
 */
export function LinkControlsFields({ options, onChange, saved, teamPolicy, privacy, addressProtection, editable, problems = {} }: LinkControlsFieldsProps) {
  const intl = useIntl();
  const kind = useDocumentKind();
  const { container } = useDialogContext();
  // A generated passcode is shown as text, so the owner can read and copy it; typing one hides it again.
  const [generated, setGenerated] = useOpeningState<string | null>(null);
  // The owner may show what they type (they must send it to the recipients), as password fields offer.
  const [showTyped, setShowTyped] = useOpeningState(false);
  const hasPasscode = !!saved?.has_passcode;
  const passcode = useControlGate(privacy, 'view_link_passcode', false);
  const expiry = useControlGate(privacy, 'view_link_expiry', !!saved?.expires_at);
  const allowList = useControlGate(privacy, 'view_link_allow_list', (saved?.allowed_viewers.length ?? 0) > 0);
  // The controls by address share the allow list's plan (docs/decisions.md, *Verified viewers and block lists*).
  const verification = useControlGate(privacy, 'view_link_allow_list', !!saved?.require_verification);
  const blockList = useControlGate(privacy, 'view_link_allow_list', (saved?.blocked_viewers.length ?? 0) > 0);
  // An allow or a block list always asks for the address (link-viewers.ts on the server): the switch shows it on, and
  // says why it cannot be turned off.
  const verifiedBy = parseViewerList(options.allowedViewers).length > 0 ? m.verifiedByAllowList : parseViewerList(options.blockedViewers).length > 0 ? m.verifiedByBlockList : null;
  const verifiedByList = verifiedBy !== null;
  const verificationLocked = !editable || verifiedByList || verification.locked;
  // One Upgrade, to the plan that unlocks every refused control: an allow list's plan unlocks the other two.
  const upgrade = allowList.paywall ?? passcode.paywall ?? expiry.paywall;
  const problem = passcodeProblem(options);
  const showsGenerated = generated !== null && generated === options.passcode;
  const passcodeShown = showsGenerated || showTyped;
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
      {saved && hasPasscode && editable && !options.removePasscode ? <SavedPasscode linkId={saved.link_id} /> : null}
      {options.removePasscode ? null : (
        <TextField
          label={intl.formatMessage(hasPasscode ? m.newPasscodeLabel : teamPolicy?.require_link_passcode ? m.requiredPasscodeLabel : m.passcodeLabel)}
          type={passcodeShown ? 'text' : 'password'}
          autoComplete="new-password"
          spellCheck={false}
          maxLength={LINK_PASSCODE_MAX_LENGTH}
          value={options.passcode}
          error={problemsText(intl, problem ? PASSCODE_PROBLEMS[problem] : null, problems.passcode)}
          {...gated(
            passcode,
            intl.formatMessage(showsGenerated ? m.generatedPasscode : m.passcodeHint, { min: LINK_PASSCODE_MIN_LENGTH, max: LINK_PASSCODE_MAX_LENGTH }),
          )}
          onChange={(event) => onChange({ ...options, passcode: event.target.value })}
        />
      )}
      {options.removePasscode || passcode.locked || !editable ? null : (
        <Row>
          <Button
            $variant="ghost"
            aria-pressed={passcodeShown}
            onClick={() => {
              setShowTyped(!passcodeShown);
              // Hidden again, a generated passcode is hidden too.
              if (passcodeShown) setGenerated(null);
            }}
          >
            {intl.formatMessage(m.showTypedPasscode)}
          </Button>
          <Button
            $variant="ghost"
            onClick={() => {
              const fresh = generatePasscode();
              setGenerated(fresh);
              onChange({ ...options, passcode: fresh });
            }}
          >
            {intl.formatMessage(m.generatePasscode)}
          </Button>
        </Row>
      )}
      <TextField
        label={intl.formatMessage(teamPolicy?.max_link_expiry_days ? m.requiredExpiresLabel : m.expiresLabel)}
        type="datetime-local"
        value={options.expiresAt}
        error={problemsText(intl, null, problems.expires_at)}
        {...gated(expiry, intl.formatMessage(m.expiresHint))}
        onChange={(event) => onChange({ ...options, expiresAt: event.target.value })}
      />
      <TextField
        label={intl.formatMessage(m.allowedLabel)}
        value={options.allowedViewers}
        error={problemsText(intl, allowListProblem(options) ? ALLOW_LIST_TOO_LONG : null, problems.allowed_viewers)}
        {...gated(allowList, intl.formatMessage(m.allowedHint, { max: LINK_ALLOWED_VIEWERS_MAX }))}
        autoComplete="off"
        onChange={(event) => onChange({ ...options, allowedViewers: event.target.value })}
      />
      <ToggleSwitch
        label={intl.formatMessage(m.verifiedLabel)}
        description={intl.formatMessage(m.verifiedDescription)}
        checked={options.requireVerification || verifiedByList}
        disabled={verificationLocked}
        disabledReason={verifiedBy ? intl.formatMessage(verifiedBy) : (verification.reason ?? undefined)}
        tooltipContainer={container}
        onChange={(on) => onChange({ ...options, requireVerification: on })}
      />
      <TextField
        label={intl.formatMessage(m.blockedLabel)}
        value={options.blockedViewers}
        error={problemsText(intl, blockListProblem(options) ? BLOCK_LIST_TOO_LONG : null, problems.blocked_viewers)}
        {...gated(blockList, intl.formatMessage(m.blockedHint, { max: LINK_BLOCKED_VIEWERS_MAX }))}
        autoComplete="off"
        onChange={(event) => onChange({ ...options, blockedViewers: event.target.value })}
      />
      {addressProtection === 'protected' ? <Caption>{intl.formatMessage(m.addressProtected, { kind })}</Caption> : null}
      {addressProtection === 'public' ? <Caption>{intl.formatMessage(m.addressPublic, { kind })}</Caption> : null}
      {editable && upgrade ? (
        <div>
          <UpgradeButton {...upgrade} />
        </div>
      ) : null}
    </Fields>
  );
}
