import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import type { CollaboratorPermission, Contact, PermissionFlags, PermissionLevel, UnifiedPrivacy } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { collaboratorsActions, collaboratorsSelectors } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Button } from '@deck/shared/ui/button/button';
import { MenuSelect } from '@deck/shared/ui/select/menu-select';
import { refocusAddressFieldIfLost } from '../../../common/invitations/keep-focus';
import { AddressChips } from '../../../common/invitations/address-chips';
import { inviteLimitRetryAfter, inviteLimitText } from '../../../common/invitations/invite-limit';
import { InvitationsLeft } from '../../../common/invitations/invitations-left';
import { NotifyOptions } from '../../../common/invitations/notify-options';
import { readTypedAddresses } from '../../../common/invitations/typed-addresses';
import { sendEach } from '../../../common/invitations/send-each';
import { useAddressChips } from '../../../common/invitations/use-address-chips';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { useDialogContext } from '../../../common/dialog-context';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { useSetCollaboratorMutation } from '../api/share-permissions-api';
import { trackCollaboratorUpdate } from '../analytics';
import { collaboratorsMessages as m } from '../messages';
import { addableLevels } from '../utils/addable-levels';
import { sharingRefusal } from '../utils/sharing-refusal';
import type { EmailProblem } from '@deck/shared/validation/email';
import { levelLabel } from '../utils/level-label';
import { toLevel, toWirePermission } from '../utils/permission-levels';
import { EmailCombobox } from './email-combobox';
import { refusalOf } from '@deck/shared/api/server-messages';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  /* The field has its label above it: the permission menu and Add line up with the field itself. */
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const PROBLEM_MESSAGES: Record<EmailProblem, MessageDescriptor> = {
  empty: m.emailEmpty,
  'too-long': m.emailTooLong,
  'local-part-too-long': m.emailLocalTooLong,
  'domain-label-too-long': m.emailLabelTooLong,
  shape: m.emailShape,
};

export interface AddCollaboratorFormProps {
  documentOid: string;
  contacts: readonly Contact[];
  /** Addresses already on the document, left out of the suggestions (lower case). */
  existingEmails: ReadonlySet<string>;
  userLevel: PermissionLevel;
  flags: PermissionFlags | undefined;
  /** The codes of the server's reasons for the refused flags (spec §8 picks the text by them). */
  reasonCodes?: UnifiedPrivacy['permission_reason_codes'];
  /** Sent with invitations so the invitee's sign-up credits the inviter. */
  referralToken?: string;
}

/** Spec §5: add a person by address or from contacts, with a permission up to the user's own (default can view). */
export function AddCollaboratorForm({ documentOid, contacts, existingEmails, userLevel, flags, reasonCodes, referralToken }: AddCollaboratorFormProps) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { container } = useDialogContext();
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const draftEmail = useAppSelector(collaboratorsSelectors.selectDraftEmail);
  const draftPermission = useAppSelector(collaboratorsSelectors.selectDraftPermission);
  const prefilled = useAppSelector(collaboratorsSelectors.selectPrefilled);
  const [problem, setProblem] = useOpeningState<EmailProblem | null>(null);
  // Several addresses at once become chips; each invalid one gets its own message.
  const addresses = useAddressChips();
  const { chips } = addresses;
  const [notify, setNotify] = useOpeningState(true);
  const [message, setMessage] = useOpeningState('');
  const [setCollaborator, { isLoading }] = useSetCollaboratorMutation();
  const reportFailure = useReportFailure();

  const levels = addableLevels(userLevel, flags);
  const canAdd = levels.length > 0;
  // A prefilled or remembered level above what this user may give falls back to the default.
  const permission: CollaboratorPermission = levels.includes(toLevel(draftPermission)) ? draftPermission : 'viewer';

  useEffect(() => {
    if (prefilled.email !== undefined) dispatch(collaboratorsActions.prefilledEmailApplied());
    if (prefilled.permission !== undefined) dispatch(collaboratorsActions.prefilledPermissionApplied());
  }, [dispatch, prefilled.email, prefilled.permission]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = readTypedAddresses(draftEmail, addresses);
    if (typed.kind === 'problem') {
      setProblem(typed.problem);
      addresses.setProblems([]);
      input.current?.focus();
      return;
    }
    setProblem(null);
    const { next, problems } = typed;
    dispatch(collaboratorsActions.draftEmailChanged(''));
    if (problems.length) input.current?.focus();
    const result = await sendEach(next, async (chip) => {
      // A new person carries the referral token; a change for someone already on the document needs none.
      const isNew = !existingEmails.has(chip.email);
      const sent = await setCollaborator({ oid: documentOid, email: chip.email, permission, referralToken: isNew ? referralToken : undefined, notify, message });
      if ('error' in sent) return sent.error ?? null;
      trackCollaboratorUpdate({ documentOid, target: 'individual', action: 'add', permission, previousPermission: null });
      return null;
    });
    refocusAddressFieldIfLost(input.current);
    // What was not sent stays as chips, to send again (e.g. once the invitation limit frees up).
    addresses.setChips(result.unsent);
    if (result.error) {
      reportFailure.write(result.error);
      const error = toApiError(result.error);
      const retryAfter = inviteLimitRetryAfter(result.error);
      // The limit's text is written here (how many were not sent, when to try again); other refusals keep the server's code.
      dispatch(
        collaboratorsActions.failed(
          retryAfter === null ? refusalOf(error) : { status: error?.status ?? null, message: inviteLimitText(intl, retryAfter, result.unsent.length) },
        ),
      );
      return;
    }
    if (result.sent.length > 0) dispatch(collaboratorsActions.invited({ email: result.sent.map((chip) => chip.email).join(', '), notified: notify }));
  };

  const addButton = (
    <Button type="submit" disabled={!canAdd || (draftEmail.trim() === '' && chips.length === 0) || isLoading}>
      {intl.formatMessage(m.add)}
    </Button>
  );

  return (
    <Form onSubmit={submit} noValidate aria-label={intl.formatMessage(m.addLabel)}>
      <Line>
        <EmailCombobox
          ref={input}
          value={draftEmail}
          onValueChange={(value) => {
            setProblem(null);
            dispatch(collaboratorsActions.draftEmailChanged(addresses.typed(value)));
          }}
          onPasteText={(text) => {
            // One pasted address goes into the field as usual; several become chips at once.
            const taken = addresses.pasted(text);
            if (taken) setProblem(null);
            return taken;
          }}
          contacts={contacts}
          excludedEmails={existingEmails}
          disabled={!canAdd}
          invalid={problem !== null}
          describedBy={problem ? errorId : undefined}
        />
        <MenuSelect
          label={intl.formatMessage(m.addPermission)}
          value={toLevel(permission)}
          options={(canAdd ? levels : [toLevel(permission)]).map((level) => ({ value: level, label: levelLabel(intl, level) }))}
          onChange={(level) => dispatch(collaboratorsActions.draftPermissionChanged(toWirePermission(level)))}
          disabled={!canAdd}
          container={container}
        />
        {canAdd ? (
          addButton
        ) : (
          <ReasonTooltip
            title={intl.formatMessage(m.cannotAdd)}
            reason={intl.formatMessage(sharingRefusal(flags, reasonCodes, 'collaborator_individual_add_viewer') === 'team' ? m.teamSharingOff : m.noAddRight)}
          >
            {addButton}
          </ReasonTooltip>
        )}
      </Line>
      <ErrorMessage id={errorId} message={problem && intl.formatMessage(PROBLEM_MESSAGES[problem])} />
      {/* Above the chips, which can run long: the count stays in sight of the field. */}
      <InvitationsLeft chips={chips.length} typed={draftEmail} enabled={canAdd} />
      <AddressChips chips={chips} problems={addresses.problems} problemMessages={PROBLEM_MESSAGES} onRemove={addresses.remove} />
      {canAdd && <NotifyOptions notify={notify} onNotifyChange={setNotify} message={message} onMessageChange={setMessage} />}
    </Form>
  );
}
